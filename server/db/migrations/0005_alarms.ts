import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Alarms: threshold rules and alarm records. The per-rule condition state (pending since,
 * active) lives in the engine's memory and is rebuilt from the open records on start.
 */
export function alarms(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('alarm_rules'), kind)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('scope_id', 'integer', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('over', 'double precision')
        .addColumn('under', 'double precision')
        .addColumn('duration_s', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hysteresis', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('severity', 'text', (c) => c.notNull().defaultTo('medium'))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alarm_rules_scope_idx').on('alarm_rules').columns(['scope', 'scope_id']).execute();

      await withId(db.schema.createTable('alarm_records'), kind)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('severity', 'text', (c) => c.notNull())
        .addColumn('processing_state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('subject_type', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'integer', (c) => c.notNull())
        .addColumn('subject_code', 'text')
        .addColumn('subject_name', 'text', (c) => c.notNull())
        /** 0 for kinds without a rule (error, trouble, offline) */
        .addColumn('rule_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('metric', 'text')
        .addColumn('value', 'double precision')
        .addColumn('limit_value', 'double precision')
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('raised_at', 'bigint', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        .addColumn('repeat_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_repeat_at', 'bigint')
        .addColumn('acknowledged_by', 'text')
        .addColumn('acknowledged_at', 'bigint')
        .addColumn('processed_by', 'text')
        .addColumn('processed_at', 'bigint')
        .addColumn('note', 'text')
        .execute();
      // The counters and the alert screens filter on these two.
      await db.schema.createIndex('alarm_records_state_kind_idx').on('alarm_records').columns(['processing_state', 'kind']).execute();
      // "Is there an open record for this condition" on every evaluation.
      await db.schema.createIndex('alarm_records_condition_idx').on('alarm_records').columns(['subject_type', 'subject_id', 'rule_id', 'kind']).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('alarm_records').ifExists().execute();
      await db.schema.dropTable('alarm_rules').ifExists().execute();
    },
  };
}
