import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Imported against metered (/power-comparison/power-data-comparison): tolerances per object (the platform default,
 * 5 %, is a constant in shared/powerComparison), the flagged object-periods the sweep raised an alarm for (unique per
 * object, grain and period: never raised twice, whichever process sweeps), and the sweep's lease (one process at a time).
 */
export function powerComparison(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('comparison_tolerances'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        /** meter | department */
        .addColumn('object_type', 'text', (c) => c.notNull())
        .addColumn('object_id', 'integer', (c) => c.notNull())
        /** basis points of the metered figure: 500 = 5 % */
        .addColumn('tolerance_bp', 'integer', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('comparison_tolerances_object').on('comparison_tolerances').columns(['object_type', 'object_id']).unique().execute();
      await db.schema.createIndex('comparison_tolerances_owner').on('comparison_tolerances').column('owner_user_id').execute();

      await withId(db.schema.createTable('comparison_findings'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('object_type', 'text', (c) => c.notNull())
        .addColumn('object_id', 'integer', (c) => c.notNull())
        /** day | month */
        .addColumn('grain', 'text', (c) => c.notNull())
        /** local day YYYY-MM-DD or month YYYY-MM in TIME_ZONE */
        .addColumn('period', 'text', (c) => c.notNull())
        /** the import batch whose sweep found it */
        .addColumn('batch_id', 'integer', (c) => c.notNull())
        .addColumn('imported', 'double precision', (c) => c.notNull())
        .addColumn('metered', 'double precision', (c) => c.notNull())
        .addColumn('tolerance_bp', 'integer', (c) => c.notNull())
        /** the 'error' alarm raised for it; null while being raised (or when raising failed) */
        .addColumn('alarm_id', 'integer')
        .addColumn('found_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('comparison_findings_object_period')
        .on('comparison_findings')
        .columns(['object_type', 'object_id', 'grain', 'period'])
        .unique()
        .execute();
      await db.schema.createIndex('comparison_findings_owner').on('comparison_findings').column('owner_user_id').execute();

      await db.schema
        .createTable('comparison_sweep_lease')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('comparison_sweep_lease').ifExists().execute();
      await db.schema.dropTable('comparison_findings').ifExists().execute();
      await db.schema.dropTable('comparison_tolerances').ifExists().execute();
    },
  };
}
