import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Meter checks and repairs (/settlement/checkRepair, a plain resource: shared/resources/meterChecks.ts):
 * calibrations, repairs and replacements with their result, certificate picture and next due day. Every row
 * belongs to a user tree. `overdue_alarm_id` is the reminder alarm raised once for this row's next due day
 * (server/meterChecks/checkReminders.ts); it is not an API field.
 */
export function meterChecks(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('meter_checks'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('meter_id', 'integer', (c) => c.notNull().references('meters.id').onDelete('cascade'))
        /** calibration | repair | replacement */
        .addColumn('kind', 'text', (c) => c.notNull())
        /** local day YYYY-MM-DD */
        .addColumn('check_day', 'text', (c) => c.notNull())
        .addColumn('checked_by', 'text', (c) => c.notNull().defaultTo(''))
        /** pass | fail | repaired | replaced */
        .addColumn('result', 'text', (c) => c.notNull())
        /** '' or /api/files/<sha256>.<ext> */
        .addColumn('certificate', 'text', (c) => c.notNull().defaultTo(''))
        /** local day YYYY-MM-DD the next check is due, null = none planned */
        .addColumn('next_due', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('overdue_alarm_id', 'integer')
        .execute();
      await db.schema.createIndex('meter_checks_owner').on('meter_checks').column('owner_user_id').execute();
      await db.schema.createIndex('meter_checks_meter').on('meter_checks').columns(['meter_id', 'check_day']).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('meter_checks').ifExists().execute();
    },
  };
}
