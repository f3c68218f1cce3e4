import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Production devices (/energy-efficiency-management/production-device, a resource: shared/resources/productionDevices.ts):
 * equipment with its rated power and the two power thresholds that tell running, idle and off apart, optionally on a
 * production line (a deleted line leaves the device unassigned), and the meters that measure it
 * (production_device_meters, hanging off the device: it takes the device's tree).
 */
export function productionDevices(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('production_devices'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('line_id', 'integer', (c) => c.references('product_lines.id').onDelete('set null'))
        /** kW; off_threshold_kw < run_threshold_kw ≤ rated_power_kw */
        .addColumn('rated_power_kw', 'double precision', (c) => c.notNull())
        .addColumn('run_threshold_kw', 'double precision', (c) => c.notNull())
        .addColumn('off_threshold_kw', 'double precision', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('production_devices_owner').on('production_devices').column('owner_user_id').execute();
      await db.schema.createIndex('production_devices_line').on('production_devices').column('line_id').execute();

      await db.schema
        .createTable('production_device_meters')
        .addColumn('device_id', 'integer', (c) => c.notNull().references('production_devices.id').onDelete('cascade'))
        .addColumn('meter_id', 'integer', (c) => c.notNull().references('meters.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('production_device_meters_pk', ['device_id', 'meter_id'])
        .execute();
      await db.schema.createIndex('production_device_meters_meter').on('production_device_meters').column('meter_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['production_device_meters', 'production_devices']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
