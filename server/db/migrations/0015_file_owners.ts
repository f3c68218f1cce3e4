import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Pictures belong to a user tree: the same bytes uploaded by two trees are two rows, one per owner, so
 * each tree lists and deletes only its own. The unique key moves from sha256 to (sha256, owner_user_id);
 * the public route serves a name from any row (the bytes are the same). SQLite cannot drop a column's
 * inline UNIQUE, so there the table is rebuilt with the same columns.
 */
export function fileOwners(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (kind === 'postgres') {
        await sql`alter table files drop constraint if exists files_sha256_key`.execute(db);
      } else {
        await withId(db.schema.createTable('files_owned'), kind)
          .addColumn('sha256', 'text', (c) => c.notNull())
          .addColumn('content', 'blob', (c) => c.notNull())
          .addColumn('ext', 'text', (c) => c.notNull())
          .addColumn('content_type', 'text', (c) => c.notNull())
          .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('width', 'integer')
          .addColumn('height', 'integer')
          .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
          .addColumn('uploaded_by', 'text', (c) => c.notNull())
          .addColumn('owner_user_id', 'integer', (c) => c.notNull())
          .execute();
        await sql`insert into files_owned (id, sha256, content, ext, content_type, original_name, size, width, height, uploaded_at, uploaded_by, owner_user_id)
          select id, sha256, content, ext, content_type, original_name, size, width, height, uploaded_at, uploaded_by, owner_user_id from files`.execute(db);
        await db.schema.dropTable('files').execute();
        await db.schema.alterTable('files_owned').renameTo('files').execute();
        await db.schema.createIndex('files_owner').on('files').column('owner_user_id').execute();
      }
      await db.schema.createIndex('files_sha256_owner_unique').on('files').columns(['sha256', 'owner_user_id']).unique().execute();
      // Serving by name reads any row of these bytes.
      await db.schema.createIndex('files_sha256').on('files').column('sha256').execute();
    },
    async down(): Promise<void> {
      throw new Error('0015_file_owners cannot be undone: two trees may hold the same bytes');
    },
  };
}
