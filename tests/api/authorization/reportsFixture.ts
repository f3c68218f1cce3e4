import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { createHash } from 'node:crypto';
import type { ReportSpecInput } from '@shared/reports/spec';

/** Tree A's report objects: a definition with a schedule, a finished run with its file, a delivery, a link, a bill template and analysis. */
export interface ReportObjects {
  definition: number;
  schedule: number;
  run: number;
  delivery: number;
  link: number;
  /** the link's token (the suite's public sheet routes use it) */
  linkToken: string;
  billTemplate: number;
  billAnalysis: number;
}

const id = (row: { id: number }) => Number(row.id);

export const PROBE_REPORT_SPEC: ReportSpecInput = {
  objects: { kind: 'meter', ids: [] },
  columns: [{ id: 'energy', kind: 'metric', metric: 'energy' }],
  period: { preset: 'lastMonth' },
};

export async function makeReportObjects(db: Kysely<Database>, owner: number, mark: string, now: number): Promise<ReportObjects> {
  const spec = JSON.stringify({ ...PROBE_REPORT_SPEC, layout: 'objectRows', grain: 'day', splitByPeriod: false, groupBy: 'none' });
  const definition = id(
    await db
      .insertInto('report_definitions')
      .values({ owner_user_id: owner, name: `${mark} report`, description: '', template: null, spec, created_by: owner, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const schedule = id(
    await db
      .insertInto('report_schedules')
      .values({
        owner_user_id: owner,
        definition_id: definition,
        name: `${mark} daily`,
        cadence: 'daily',
        period: JSON.stringify({ preset: 'yesterday' }),
        formats: JSON.stringify(['xlsx']),
        recipients: JSON.stringify(['alpha@example.test']),
        enabled: 0,
        next_run_at: null,
        last_run_at: null,
        created_by: owner,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const run = id(
    await db
      .insertInto('report_runs')
      .values({
        owner_user_id: owner,
        definition_id: definition,
        schedule_id: null,
        schedule_slot: null,
        name: `${mark} report`,
        spec,
        format: 'csv',
        lang: 'en',
        period_from: '2026-01-01',
        period_to: '2026-01-31',
        paper: null,
        state: 'done',
        progress: 1,
        error: null,
        file_name: `${mark}-report.csv`,
        size_bytes: 12,
        created_by: owner,
        created_at: now,
        started_at: now,
        finished_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await db
    .insertInto('report_files')
    .values({ run_id: run, content: Buffer.from(`${mark},1\n`) })
    .execute();
  const delivery = id(
    await db
      .insertInto('report_deliveries')
      .values({
        owner_user_id: owner,
        run_id: run,
        schedule_id: schedule,
        recipient: 'alpha@example.test',
        state: 'sent',
        attempts: 1,
        sent_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const linkToken = `${mark.toLowerCase()}-probe-link-token-0123456789abcdef`;
  const link = id(
    await db
      .insertInto('report_links')
      .values({
        owner_user_id: owner,
        token_hash: createHash('sha256').update(linkToken).digest('hex'),
        target: 'run',
        run_id: run,
        definition_id: null,
        period: null,
        label: `${mark} link`,
        created_by: owner,
        created_at: now,
        expires_at: now + 30 * 86_400_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const billTemplate = id(
    await db
      .insertInto('bill_templates')
      .values({
        owner_user_id: owner,
        name: `${mark} utility`,
        utility: `${mark} grid`,
        rules: JSON.stringify({ fields: [] }),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const billAnalysis = id(
    await db
      .insertInto('bill_analyses')
      .values({
        owner_user_id: owner,
        template_id: billTemplate,
        file_name: `${mark}-bill.pdf`,
        pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
        text: '',
        state: 'noText',
        result: JSON.stringify({ fields: [], checks: [], comparison: null }),
        created_by: owner,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return { definition, schedule, run, delivery, link, linkToken, billTemplate, billAnalysis };
}
