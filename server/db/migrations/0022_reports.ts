import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Reports: definitions (a validated spec as JSON), generated files and their job state (a run: queued, claimed by
 * one process, its bytes in report_files so any process serves them), schedules (the next due slot claimed once per
 * slot across processes), e-mail deliveries per recipient, public report links (token stored hashed), the platform's
 * report settings, and utility-bill analysis (extraction templates and analysed bills with their PDF).
 */
export function reports(kind: DbKind) {
  const bytes = kind === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('report_definitions'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('template', 'text')
        /** JSON: ReportSpec (shared/reports/spec.ts) */
        .addColumn('spec', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('report_definitions_owner').on('report_definitions').column('owner_user_id').execute();

      await withId(db.schema.createTable('report_schedules'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('definition_id', 'integer', (c) => c.notNull().references('report_definitions.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        /** daily | weekly | monthly | cron */
        .addColumn('cadence', 'text', (c) => c.notNull())
        .addColumn('time', 'text', (c) => c.notNull().defaultTo('07:00'))
        .addColumn('weekday', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('month_day', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('cron', 'text', (c) => c.notNull().defaultTo(''))
        /** JSON: ReportPeriod */
        .addColumn('period', 'text', (c) => c.notNull())
        /** JSON: ReportFormat[] */
        .addColumn('formats', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
        /** JSON: string[] */
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        /** the next slot due (epoch ms); a process claims it by moving it on with a conditional update */
        .addColumn('next_run_at', 'bigint')
        .addColumn('last_run_at', 'bigint')
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('report_schedules_owner').on('report_schedules').column('owner_user_id').execute();
      await db.schema.createIndex('report_schedules_due').on('report_schedules').columns(['enabled', 'next_run_at']).execute();

      await withId(db.schema.createTable('report_runs'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('definition_id', 'integer', (c) => c.references('report_definitions.id').onDelete('set null'))
        .addColumn('schedule_id', 'integer', (c) => c.references('report_schedules.id').onDelete('set null'))
        /** a scheduled run's slot (epoch ms): unique with schedule_id, so a slot makes one run however many processes see it */
        .addColumn('schedule_slot', 'bigint')
        .addColumn('name', 'text', (c) => c.notNull())
        /** JSON: the ReportSpec as it was when the run was asked for */
        .addColumn('spec', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('period_from', 'text', (c) => c.notNull())
        .addColumn('period_to', 'text', (c) => c.notNull())
        /** JSON: Paper or null */
        .addColumn('paper', 'text')
        /** queued | running | done | failed | cancelled */
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_by', 'text')
        .addColumn('heartbeat_at', 'bigint')
        .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('size_bytes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema.createIndex('report_runs_owner').on('report_runs').columns(['owner_user_id', 'created_at']).execute();
      await db.schema.createIndex('report_runs_state').on('report_runs').columns(['state', 'created_at']).execute();
      await db.schema.createIndex('report_runs_slot').on('report_runs').columns(['schedule_id', 'schedule_slot', 'format']).unique().execute();

      // The bytes of a finished run, apart from its row so lists never read them.
      await db.schema
        .createTable('report_files')
        .addColumn('run_id', 'integer', (c) => c.primaryKey().references('report_runs.id').onDelete('cascade'))
        .addColumn('content', bytes, (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('report_deliveries'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('run_id', 'integer', (c) => c.notNull().references('report_runs.id').onDelete('cascade'))
        .addColumn('schedule_id', 'integer', (c) => c.references('report_schedules.id').onDelete('set null'))
        .addColumn('recipient', 'text', (c) => c.notNull())
        /** attachment | link */
        .addColumn('mode', 'text', (c) => c.notNull().defaultTo('attachment'))
        /** pending | sent | failed */
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_at', 'bigint')
        .addColumn('last_status', 'integer')
        .addColumn('last_detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sent_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('report_deliveries_owner').on('report_deliveries').column('owner_user_id').execute();
      await db.schema.createIndex('report_deliveries_due').on('report_deliveries').columns(['state', 'next_attempt_at']).execute();
      await db.schema.createIndex('report_deliveries_run').on('report_deliveries').columns(['run_id', 'recipient']).unique().execute();

      await withId(db.schema.createTable('report_links'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        /** sha256 of the token (hex); the token itself is shown once */
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        /** run | definition */
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('run_id', 'integer', (c) => c.references('report_runs.id').onDelete('cascade'))
        .addColumn('definition_id', 'integer', (c) => c.references('report_definitions.id').onDelete('cascade'))
        /** JSON: ReportPeriod or null */
        .addColumn('period', 'text')
        .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('revoked_by', 'integer')
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_viewed_at', 'bigint')
        .execute();
      await db.schema.createIndex('report_links_owner').on('report_links').column('owner_user_id').execute();

      // Platform settings of reports: one row (id 1).
      await db.schema
        .createTable('report_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('retention_days', 'integer', (c) => c.notNull())
        .addColumn('updated_by', 'integer')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('bill_templates'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('utility', 'text', (c) => c.notNull().defaultTo(''))
        /** JSON: the extraction rules (shared/reports/billSchemas.ts) */
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bill_templates_owner').on('bill_templates').column('owner_user_id').execute();

      await withId(db.schema.createTable('bill_analyses'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('template_id', 'integer', (c) => c.references('bill_templates.id').onDelete('set null'))
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('pdf', bytes, (c) => c.notNull())
        /** the PDF's text, line by line as extracted */
        .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
        /** ok | flagged | noText | incomplete */
        .addColumn('state', 'text', (c) => c.notNull())
        /** JSON: fields, checks and comparison (BillAnalysisView) */
        .addColumn('result', 'text', (c) => c.notNull())
        /** JSON: what the metered energy was compared over: {scope, ids, from, to, tolerancePercent} */
        .addColumn('targets', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bill_analyses_owner').on('bill_analyses').columns(['owner_user_id', 'created_at']).execute();
    },
  };
}
