import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Production lines (/energyLine/*): products, lines, the meters feeding each line with an allocation ratio,
 * output records per line, product, day and shift, and the baseline period chosen per line. Products, lines and
 * records are plain resources (shared/resources/products.ts, productLines.ts, productRecords.ts); line meters
 * and baselines hang off their line (no owner column: they take the line's tree).
 */
export function production(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('products'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        /** what one unit is ("pcs", "t", "m²"), shown beside quantities */
        .addColumn('unit', 'text', (c) => c.notNull())
        /** standard units per unit of this product (> 0): mixed products are summed as standard output */
        .addColumn('standard_coefficient', 'double precision', (c) => c.notNull().defaultTo(1))
        /** kWh per unit of this product, null = no target */
        .addColumn('target_sec_kwh', 'double precision')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('products_owner').on('products').column('owner_user_id').execute();

      await withId(db.schema.createTable('product_lines'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        /** the department whose shift templates give the line's shifts; null = the line's tree's templates */
        .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
        /** electricity | water | gas: the meters counted are those of this type */
        .addColumn('energy_type', 'text', (c) => c.notNull().defaultTo('electricity'))
        /** kWh per standard unit, null = no target */
        .addColumn('target_sec_kwh', 'double precision')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('product_lines_owner').on('product_lines').column('owner_user_id').execute();

      await withId(db.schema.createTable('product_line_meters'), kind)
        .addColumn('line_id', 'integer', (c) => c.notNull().references('product_lines.id').onDelete('cascade'))
        .addColumn('meter_id', 'integer', (c) => c.notNull().references('meters.id').onDelete('cascade'))
        /** share of the meter's energy that is this line's: 0 < ratio ≤ 1, and ≤ 1 over all lines of the meter */
        .addColumn('ratio', 'double precision', (c) => c.notNull())
        .addUniqueConstraint('product_line_meters_pair', ['line_id', 'meter_id'])
        .execute();
      await db.schema.createIndex('product_line_meters_meter').on('product_line_meters').column('meter_id').execute();

      await withId(db.schema.createTable('product_records'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('line_id', 'integer', (c) => c.notNull().references('product_lines.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        /** local production day YYYY-MM-DD (a night shift's output belongs to the day the shift starts) */
        .addColumn('day', 'text', (c) => c.notNull())
        /** shift template name of the line's tree, '' = the whole day */
        .addColumn('shift', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('quantity', 'double precision', (c) => c.notNull())
        /** manual | import | http | mqtt */
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
        /** the integrator's idempotency key, '' = none; unique per tree when set */
        .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('product_records_owner').on('product_records').column('owner_user_id').execute();
      await db.schema.createIndex('product_records_line_day').on('product_records').columns(['line_id', 'day']).execute();
      // Unique when set: two integrators' calls with the same key cannot both insert.
      await db.schema
        .createIndex('product_records_reference')
        .on('product_records')
        .columns(['owner_user_id', 'reference'])
        .unique()
        .where(sql.ref('reference'), '<>', '')
        .execute();

      await db.schema
        .createTable('production_baselines')
        .addColumn('line_id', 'integer', (c) => c.primaryKey().references('product_lines.id').onDelete('cascade'))
        .addColumn('from_day', 'text', (c) => c.notNull())
        .addColumn('to_day', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['production_baselines', 'product_records', 'product_line_meters', 'product_lines', 'products'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
