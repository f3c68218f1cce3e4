import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Message pushes: templates, per-kind default templates, push tasks and their recipients, push
 * records (one message to one address, with delivery state and retries), provider calls, channel
 * settings, and the users' push contacts. Recipients are a join table rather than a JSON column: a
 * deleted user leaves every task by cascade, and "which tasks push to this user" stays one query.
 */
export function pushes(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('push_emails', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('push_phones', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('sms_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await withId(db.schema.createTable('push_templates'), kind)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('push_template_defaults')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('template_id', 'integer', (c) => c.notNull().references('push_templates.id'))
        .addPrimaryKeyConstraint('push_template_defaults_pk', ['kind', 'channel'])
        .execute();

      await withId(db.schema.createTable('push_tasks'), kind)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('channel', 'text', (c) => c.notNull())
        /** JSON array of alarm kinds */
        .addColumn('kinds', 'text', (c) => c.notNull())
        .addColumn('min_severity', 'text', (c) => c.notNull().defaultTo('low'))
        /** No foreign key: a task whose department was deleted matches nothing instead of everything. */
        .addColumn('department_id', 'integer')
        .addColumn('template_id', 'integer', (c) => c.references('push_templates.id'))
        .addColumn('on_repeat', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('push_task_recipients')
        .addColumn('task_id', 'integer', (c) => c.notNull().references('push_tasks.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('push_task_recipients_pk', ['task_id', 'user_id'])
        .execute();
      await db.schema.createIndex('push_task_recipients_user_idx').on('push_task_recipients').column('user_id').execute();

      await withId(db.schema.createTable('push_records'), kind)
        .addColumn('task_id', 'integer', (c) => c.references('push_tasks.id').onDelete('set null'))
        .addColumn('alarm_id', 'integer', (c) => c.references('alarm_records.id').onDelete('set null'))
        /** The alarm's repeat count when this push was made: a repeat is pushed once per task. */
        .addColumn('alarm_repeat', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        /** Kept as pushed (a WeChat record names every mentioned recipient). */
        .addColumn('recipient_name', 'text')
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // The worker's "due pending" query.
      await db.schema.createIndex('push_records_due_idx').on('push_records').columns(['state', 'next_attempt_at']).execute();
      // The monthly SMS allowance per recipient.
      await db.schema.createIndex('push_records_recipient_idx').on('push_records').columns(['recipient_id', 'channel', 'sent_at']).execute();
      // Has this task pushed this alarm (repeat) already; the list filtered by alarm.
      await db.schema.createIndex('push_records_alarm_idx').on('push_records').columns(['alarm_id', 'task_id']).execute();
      await db.schema.createIndex('push_records_task_idx').on('push_records').column('task_id').execute();

      await withId(db.schema.createTable('provider_calls'), kind)
        .addColumn('record_id', 'integer', (c) => c.references('push_records.id').onDelete('set null'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('ok', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('provider_calls_record_idx').on('provider_calls').column('record_id').execute();

      await db.schema
        .createTable('push_channel_settings')
        .addColumn('channel', 'text', (c) => c.primaryKey())
        /** The channel's settings as JSON, secret included (never sent to a client). */
        .addColumn('config', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of [
        'push_channel_settings',
        'provider_calls',
        'push_records',
        'push_task_recipients',
        'push_tasks',
        'push_template_defaults',
        'push_templates',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      for (const column of ['sms_count', 'push_phones', 'push_emails']) await db.schema.alterTable('users').dropColumn(column).execute();
    },
  };
}
