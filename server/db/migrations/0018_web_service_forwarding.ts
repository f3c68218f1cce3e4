import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Outbound data forwarding: endpoints (owned by a user tree, selection and options as JSON, the secret
 * kept to sign with) and one row per call made to them. Calls hang off their endpoint and go with it.
 */
export function webServiceForwarding(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('forward_endpoints'), kind)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        /** JSON [{name, value}] */
        .addColumn('headers', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('secret', 'text')
        .addColumn('send_readings', 'integer', (c) => c.notNull())
        .addColumn('send_energy', 'integer', (c) => c.notNull())
        .addColumn('send_alarms', 'integer', (c) => c.notNull())
        /** JSON arrays of ids; no foreign keys: a deleted meter simply stops matching. */
        .addColumn('meter_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('department_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('batch_size', 'integer', (c) => c.notNull())
        .addColumn('interval_s', 'integer', (c) => c.notNull())
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('backoff_s', 'integer', (c) => c.notNull())
        .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('dropped', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('last_call_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('forward_endpoints_owner').on('forward_endpoints').column('owner_user_id').execute();

      await withId(db.schema.createTable('forward_calls'), kind)
        .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('forward_endpoints.id').onDelete('cascade'))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('items', 'integer', (c) => c.notNull())
        .addColumn('ok', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('error', 'text')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('test', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The record list per endpoint, newest first; pruning by age.
      await db.schema.createIndex('forward_calls_endpoint').on('forward_calls').columns(['endpoint_id', 'id']).execute();
      await db.schema.createIndex('forward_calls_at').on('forward_calls').column('at').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('forward_calls').execute();
      await db.schema.dropTable('forward_endpoints').execute();
    },
  };
}
