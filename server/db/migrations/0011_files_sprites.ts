import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Uploaded pictures and sprites. A picture's bytes live in its row (blob on SQLite, bytea on
 * PostgreSQL, at most UPLOAD_MAX_BYTES): no client input reaches the file system, every server process
 * serves them and a database backup holds them. One row per distinct content (sha256 unique).
 */
export function filesSprites(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('files'), kind)
        /** Hex SHA-256 of the bytes: the served name is <sha256>.<ext>. */
        .addColumn('sha256', 'text', (c) => c.notNull().unique())
        .addColumn('content', kind === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        /** What the bytes proved (png, jpg, webp, gif) and its media type; never what the client said. */
        .addColumn('ext', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        /** The uploader's file name, plain text for the list. */
        .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
        .addColumn('uploaded_by', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('sprites'), kind)
        .addColumn('name', 'text', (c) => c.notNull())
        /** /api/files/<name> or an https:// address. */
        .addColumn('picture', 'text', (c) => c.notNull())
        /** JSON MimicIcon[] */
        .addColumn('icons', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['sprites', 'files']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
