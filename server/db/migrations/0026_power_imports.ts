import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Imported power and fuel data: uploads kept server-side until they expire (so mapping, preview and import name
 * them by id), import batches (a job any process can serve: its state and progress live here), the imported power
 * and fuel rows, each batch's rejected rows, and a tree's own fuel factor versions valid from a day.
 */
export function powerImports(kind: DbKind) {
  const bytes = kind === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('import_uploads'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        /** power | fuel */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        /** csv | xlsx */
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('content', bytes, (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('import_uploads_owner').on('import_uploads').column('owner_user_id').execute();
      await db.schema.createIndex('import_uploads_expiry').on('import_uploads').column('expires_at').execute();

      await withId(db.schema.createTable('import_batches'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        /** power | fuel */
        .addColumn('kind', 'text', (c) => c.notNull())
        /** the upload read by the job; set null once the upload expires after the batch finished */
        .addColumn('upload_id', 'integer', (c) => c.references('import_uploads.id').onDelete('set null'))
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('sheet', 'text', (c) => c.notNull().defaultTo(''))
        /** JSON: ImportMapping (shared/powerImports/schemas.ts) */
        .addColumn('mapping', 'text', (c) => c.notNull())
        /** queued | running | done | failed | undone */
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('imported_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rejected_rows', 'integer', (c) => c.notNull().defaultTo(0))
        /** sum of the imported rows: kWh for power, the mapped unit's quantity for fuel */
        .addColumn('total_value', 'double precision', (c) => c.notNull().defaultTo(0))
        /** earliest period start and latest period end of the imported rows (epoch ms) */
        .addColumn('period_from', 'bigint')
        .addColumn('period_to', 'bigint')
        .addColumn('error', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('heartbeat_at', 'bigint')
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .addColumn('undone_by', 'integer')
        .addColumn('undone_by_name', 'text')
        .addColumn('undone_at', 'bigint')
        /** when the comparison sweep last looked at this batch; null until it has */
        .addColumn('compared_at', 'bigint')
        .execute();
      await db.schema.createIndex('import_batches_owner').on('import_batches').columns(['owner_user_id', 'kind', 'created_at']).execute();
      await db.schema.createIndex('import_batches_state').on('import_batches').columns(['state', 'created_at']).execute();
      await db.schema.createIndex('import_batches_compare').on('import_batches').columns(['kind', 'compared_at']).execute();

      // One imported power value per object and period (any length: 15 min to a month), in kWh.
      await withId(db.schema.createTable('imported_power'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('import_batches.id').onDelete('cascade'))
        /** meter | department */
        .addColumn('object_kind', 'text', (c) => c.notNull())
        .addColumn('object_id', 'integer', (c) => c.notNull())
        .addColumn('period_start', 'bigint', (c) => c.notNull())
        .addColumn('period_end', 'bigint', (c) => c.notNull())
        .addColumn('kwh', 'double precision', (c) => c.notNull())
        /** the value and unit as the file gave them */
        .addColumn('source_value', 'double precision', (c) => c.notNull())
        .addColumn('source_unit', 'text', (c) => c.notNull())
        .addColumn('line', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('imported_power_batch').on('imported_power').column('batch_id').execute();
      await db.schema
        .createIndex('imported_power_object')
        .on('imported_power')
        .columns(['owner_user_id', 'object_kind', 'object_id', 'period_start'])
        .execute();

      // Fuel quantities as the file gave them; kWh, kgce and CO2 are derived when read, by the factor version valid then.
      await withId(db.schema.createTable('imported_fuel'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('import_batches.id').onDelete('cascade'))
        .addColumn('object_kind', 'text', (c) => c.notNull())
        .addColumn('object_id', 'integer', (c) => c.notNull())
        /** diesel | fuel_oil | hydrogen */
        .addColumn('fuel', 'text', (c) => c.notNull())
        .addColumn('period_start', 'bigint', (c) => c.notNull())
        .addColumn('period_end', 'bigint', (c) => c.notNull())
        .addColumn('quantity', 'double precision', (c) => c.notNull())
        /** t | L | kg | Nm3 */
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('line', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('imported_fuel_batch').on('imported_fuel').column('batch_id').execute();
      await db.schema
        .createIndex('imported_fuel_object')
        .on('imported_fuel')
        .columns(['owner_user_id', 'fuel', 'object_kind', 'object_id', 'period_start'])
        .execute();

      // The rows a batch rejected, with their reason, so the history lists them after the upload expired.
      await withId(db.schema.createTable('import_row_errors'), kind)
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('import_batches.id').onDelete('cascade'))
        .addColumn('line', 'integer', (c) => c.notNull())
        /** ImportRowErrorReason */
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('column_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('other_batch_id', 'integer')
        .execute();
      await db.schema.createIndex('import_row_errors_batch').on('import_row_errors').columns(['batch_id', 'line']).execute();

      // A tree's own factor versions; the built-in defaults live in code (shared/powerImports/fuelFactors.ts).
      await withId(db.schema.createTable('fuel_factor_versions'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('fuel', 'text', (c) => c.notNull())
        /** YYYY-MM-DD in TIME_ZONE: the version applies to rows whose period starts on or after this day */
        .addColumn('valid_from', 'text', (c) => c.notNull())
        .addColumn('ncv_mj_per_kg', 'double precision', (c) => c.notNull())
        .addColumn('kgce_per_kg', 'double precision', (c) => c.notNull())
        .addColumn('co2_kg_per_kg', 'double precision', (c) => c.notNull())
        /** kg per litre (liquid fuels) and kg per Nm³ (hydrogen); null where the unit does not apply */
        .addColumn('density_kg_per_l', 'double precision')
        .addColumn('density_kg_per_nm3', 'double precision')
        .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('fuel_factor_versions_day').on('fuel_factor_versions').columns(['owner_user_id', 'fuel', 'valid_from']).unique().execute();
    },
  };
}
