import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Alarm action log: one row for everything that happened to an alarm record (raised,
 * repeated, acknowledged, processed, ended, cleared) and who did it, for the message screen.
 */
export function alarmActions(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('alarm_actions'), kind)
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        /** Username of the person; null for what the system did. */
        .addColumn('actor', 'text')
        .addColumn('note', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      // The logbook reads newest first over a time range, and one record's history.
      await db.schema.createIndex('alarm_actions_at_idx').on('alarm_actions').column('at').execute();
      await db.schema.createIndex('alarm_actions_record_idx').on('alarm_actions').column('record_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('alarm_actions').ifExists().execute();
    },
  };
}
