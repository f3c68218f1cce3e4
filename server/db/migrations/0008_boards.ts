import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Boards, playlists and display tokens. A board keeps its document as JSON text with a
 * revision that goes up on every save (walls compare it); a display is a revocable, non-expiring,
 * read-only token scoped to boards or a playlist, with what its last heartbeat said.
 */
export function boards(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('boards'), kind)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
        /** The sample's key (control-room, alarm-wall, plant-3d) for seeded boards: seeding runs once per key. */
        .addColumn('sample_key', 'text', (c) => c.unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();

      /** Sample keys seeded once: a sample board an admin deleted is not seeded again. */
      await db.schema
        .createTable('seeded_samples')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('seeded_at', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('playlists'), kind)
        .addColumn('name', 'text', (c) => c.notNull())
        /** JSON [{boardId, seconds}] */
        .addColumn('entries', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('displays'), kind)
        .addColumn('name', 'text', (c) => c.notNull())
        /** SHA-256 hex of the token; the token itself is shown once. */
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        /** JSON DisplayScope */
        .addColumn('scope', 'text', (c) => c.notNull())
        /** Whose data scope the display reads with (the admin who created it). */
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('pinned_board_id', 'integer')
        .addColumn('last_seen_at', 'bigint')
        .addColumn('board_id', 'integer')
        .addColumn('resolution', 'text')
        .addColumn('version', 'text')
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['displays', 'playlists', 'seeded_samples', 'boards']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
