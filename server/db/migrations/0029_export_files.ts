import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';

/**
 * Export jobs (meter history and settlement CSV/XLSX) in the database instead of one process's memory and DATA_DIR:
 * the job's progress and, once done, the file's bytes, so a file started through one process downloads through any.
 */
export function exportFiles(kind: DbKind) {
  const bytes = kind === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('export_files')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('rows_written', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('content', bytes)
        .execute();
      await db.schema.createIndex('export_files_created').on('export_files').column('created_at').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('export_files').ifExists().execute();
    },
  };
}
