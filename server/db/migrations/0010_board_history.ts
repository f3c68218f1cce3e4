import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DbKind } from '../connect';

/** Frozen copies (a shipped migration never changes when the shared contract does). */
const PURPOSES = ['general', 'energy', 'data-show', 'equipment'];
const CODE_SHAPE = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * Board history and purposes. Boards gain the purpose, code and equipment meter of their
 * document's meta as columns (the filtered lists, the by-code lookup, codes unique when set) and the
 * equipment-board review; board_versions keeps every saved document, one row per revision.
 */
export function boardHistory(_kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      // SQLite adds one column per ALTER TABLE.
      const add = (name: string, type: 'text' | 'integer' | 'bigint', build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder = (c) => c) =>
        db.schema.alterTable('boards').addColumn(name, type, build).execute();
      await add('purpose', 'text', (c) => c.notNull().defaultTo('general'));
      await add('code', 'text', (c) => c.notNull().defaultTo(''));
      await add('equipment_meter_id', 'integer', (c) => c.references('meters.id').onDelete('set null'));
      /** draft | pending | approved | rejected */
      await add('review_state', 'text', (c) => c.notNull().defaultTo('draft'));
      await add('review_revision', 'integer');
      await add('review_submitted_at', 'bigint');
      await add('review_submitted_by', 'text');
      await add('review_decided_at', 'bigint');
      await add('review_decided_by', 'text');
      await add('review_comment', 'text', (c) => c.notNull().defaultTo(''));
      // Unique when set: a concurrent save of the same code loses here even if both passed the check.
      await db.schema.createIndex('boards_code_unique').on('boards').column('code').unique().where(sql.ref('code'), '<>', '').execute();
      await db.schema.createIndex('boards_purpose_idx').on('boards').column('purpose').execute();

      await db.schema
        .createTable('board_versions')
        .addColumn('board_id', 'integer', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('saved_at', 'bigint', (c) => c.notNull())
        .addColumn('saved_by', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addPrimaryKeyConstraint('board_versions_pk', ['board_id', 'revision'])
        .execute();

      // Existing boards start their history with what they are now.
      await sql`insert into board_versions (board_id, revision, name, document, saved_at, saved_by, note)
                select id, revision, name, document, updated_at, updated_by, 'created' from boards`.execute(db);
      await backfillMeta(db);
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('board_versions').ifExists().execute();
      await db.schema.dropIndex('boards_purpose_idx').ifExists().execute();
      await db.schema.dropIndex('boards_code_unique').ifExists().execute();
      for (const column of [
        'review_comment',
        'review_decided_by',
        'review_decided_at',
        'review_submitted_by',
        'review_submitted_at',
        'review_revision',
        'review_state',
        'equipment_meter_id',
        'code',
        'purpose',
      ]) {
        await db.schema.alterTable('boards').dropColumn(column).execute();
      }
    },
  };
}

/** Purpose, code and equipment meter from each stored document's meta, where present and usable. */
async function backfillMeta(db: Kysely<any>): Promise<void> {
  const rows: { id: number; document: string }[] = await db.selectFrom('boards').select(['id', 'document']).orderBy('id').execute();
  const meters = new Set<number>((await db.selectFrom('meters').select('id').execute()).map((row: { id: number }) => Number(row.id)));
  const codes = new Set<string>();
  for (const row of rows) {
    let meta: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(row.document);
      if (parsed && typeof parsed === 'object' && 'meta' in parsed && parsed.meta && typeof parsed.meta === 'object')
        meta = parsed.meta as Record<string, unknown>;
    } catch {
      continue; // an unreadable document keeps the defaults
    }
    const set: Record<string, unknown> = {};
    if (typeof meta.purpose === 'string' && PURPOSES.includes(meta.purpose)) set.purpose = meta.purpose;
    const code = typeof meta.code === 'string' ? meta.code.trim() : '';
    // The first board (lowest id) keeps a code two documents share.
    if (CODE_SHAPE.test(code) && !codes.has(code)) {
      codes.add(code);
      set.code = code;
    }
    if (typeof meta.equipmentMeterId === 'number' && meters.has(meta.equipmentMeterId)) set.equipment_meter_id = meta.equipmentMeterId;
    if (Object.keys(set).length > 0) await db.updateTable('boards').set(set).where('id', '=', row.id).execute();
  }
}
