import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportScheduleBodySchema, SCHEDULE_RULES } from '@shared/reports/scheduleSchemas';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { adminId, insertDefinition } from '../runs/reportRunsKit.test-util';
import { ReportRuns } from '../runs/reportRuns';
import { ReportSettingsStore } from '../runs/reportSettings';
import { ReportSchedules } from './reportSchedules';

const TZ = 'Asia/Shanghai';
/** Tuesday 2026-03-10 20:00 in Shanghai */
const NOW = Date.parse('2026-03-10T12:00:00Z');
let t: TestApp;
let token: string;
let owner: number;
let definition: number;

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.json() };
};
const body = (fields: Record<string, unknown>) =>
  reportScheduleBodySchema.parse({ definitionId: definition, name: 'Morning', formats: ['csv', 'xlsx'], recipients: ['ops@example.test'], ...fields });
const scope = () => ({ all: true as const, home: owner });

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
  await t.app.reports.runner.stop();
  token = await loginAs(t.app);
  owner = await adminId(t.app);
  definition = await insertDefinition(t.app, 'Daily energy', owner);
});
afterAll(async () => t.close());

describe('next run in TIME_ZONE', () => {
  it('daily 07:00 in Shanghai is 23:00 UTC the day before', async () => {
    const daily = await t.app.reports.schedules.create(scope(), owner, body({ cadence: 'daily', time: '07:00' }), NOW);
    expect(daily.expression).toBe('0 7 * * *');
    expect(new Date(daily.nextRunAt!).toISOString()).toBe('2026-03-10T23:00:00.000Z');
  });

  it('monthly on the 1st at 07:00 is 23:00 UTC on the last day of the month before', async () => {
    const monthly = await t.app.reports.schedules.create(scope(), owner, body({ cadence: 'monthly', time: '07:00', monthDay: 1 }), NOW);
    expect(monthly.expression).toBe('0 7 1 * *');
    expect(new Date(monthly.nextRunAt!).toISOString()).toBe('2026-03-31T23:00:00.000Z');
  });

  it('weekly on Sunday (7) at 18:30 uses weekday 0 and a cron expression as given', async () => {
    const weekly = await t.app.reports.schedules.create(scope(), owner, body({ cadence: 'weekly', time: '18:30', weekday: 7 }), NOW);
    expect(weekly.expression).toBe('30 18 * * 0');
    expect(new Date(weekly.nextRunAt!).toISOString()).toBe('2026-03-15T10:30:00.000Z');
    const cron = await t.app.reports.schedules.create(scope(), owner, body({ cadence: 'cron', cron: '15 8 * * 1-5' }), NOW);
    // Wednesday 08:15 Shanghai
    expect(new Date(cron.nextRunAt!).toISOString()).toBe('2026-03-11T00:15:00.000Z');
    const disabled = await t.app.reports.schedules.create(scope(), owner, body({ cadence: 'daily', enabled: false }), NOW);
    expect(disabled.nextRunAt).toBeNull();
  });

  it('refuses a cron expression croner cannot read, through the API', async () => {
    for (const cron of ['61 7 * * *', '0 7 * *', 'every day']) {
      const answer = await call('POST', '/api/report-schedules', {
        definitionId: definition,
        name: 'Bad',
        cadence: 'cron',
        cron,
        formats: ['csv'],
        recipients: ['a@example.test'],
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(SCHEDULE_RULES.cronInvalid);
    }
    const good = await call('POST', '/api/report-schedules', {
      definitionId: definition,
      name: 'Good',
      cadence: 'daily',
      formats: ['csv'],
      recipients: ['a@example.test'],
    });
    expect(good.body.code, good.body.message).toBe(0);
    expect(good.body.data).toMatchObject({ definitionName: 'Daily energy', cadence: 'daily', time: '07:00', expression: '0 7 * * *', enabled: true });
    const list = (await call('GET', `/api/report-schedules?definitionId=${definition}`)).body.data as { id: number }[];
    expect(list.map((s) => s.id)).toContain(good.body.data.id);
  });
});

describe('due slots', () => {
  it('two schedulers racing over a due slot make exactly one run per format, for the period before the slot', async () => {
    const schedule = await t.app.reports.schedules.create(scope(), owner, body({ cadence: 'daily', time: '07:00', period: { preset: 'yesterday' } }), NOW);
    const slot = schedule.nextRunAt!; // 2026-03-11 07:00 Shanghai
    const db = t.app.storage.db;
    const settings = new ReportSettingsStore(db);
    const other = new ReportSchedules(db, new ReportRuns(db, settings, TZ), TZ);
    const [a, b] = await Promise.all([t.app.reports.schedules.runDue(slot + 1000), other.runDue(slot + 1000)]);
    const runs = await db.selectFrom('report_runs').selectAll().where('schedule_id', '=', schedule.id).orderBy('format').execute();
    expect(runs.map((run) => [run.format, Number(run.schedule_slot), run.period_from, run.period_to, run.state])).toEqual([
      ['csv', slot, '2026-03-10', '2026-03-10', 'queued'],
      ['xlsx', slot, '2026-03-10', '2026-03-10', 'queued'],
    ]);
    expect([...a, ...b].filter((id) => runs.some((run) => Number(run.id) === id))).toHaveLength(2);
    const after = await t.app.reports.schedules.view(schedule.id);
    expect(new Date(after.nextRunAt!).toISOString()).toBe('2026-03-11T23:00:00.000Z');
    expect(after.lastRunAt).toBe(slot);
    // the same instant again: nothing more
    await t.app.reports.schedules.runDue(slot + 2000);
    expect(await db.selectFrom('report_runs').select('id').where('schedule_id', '=', schedule.id).execute()).toHaveLength(2);
  });

  it('after a stop that missed three slots, runs the latest one once', async () => {
    const schedule = await t.app.reports.schedules.create(scope(), owner, body({ cadence: 'daily', time: '07:00', formats: ['pdf'] }), NOW);
    const first = schedule.nextRunAt!; // 2026-03-11 07:00 Shanghai
    const day = 86_400_000;
    const now = first + 2 * day + 3_600_000; // 2026-03-13 08:00 Shanghai
    await t.app.reports.schedules.runDue(now);
    const runs = await t.app.storage.db.selectFrom('report_runs').selectAll().where('schedule_id', '=', schedule.id).execute();
    expect(runs).toHaveLength(1);
    expect(Number(runs[0]!.schedule_slot)).toBe(first + 2 * day);
    expect(runs[0]!.period_from).toBe('2026-03-12');
    expect(runs[0]!.paper).toBe(JSON.stringify({ size: 'A4', orientation: 'landscape' }));
    expect((await t.app.reports.schedules.view(schedule.id)).nextRunAt).toBe(first + 3 * day);
  });

  it('run-now queues one run per format at once', async () => {
    const schedule = await t.app.reports.schedules.create(scope(), owner, body({ cadence: 'monthly', period: { preset: 'lastMonth' } }), NOW);
    const answer = await call('POST', `/api/report-schedules/${schedule.id}/run-now`);
    expect(answer.body.code, answer.body.message).toBe(0);
    expect(answer.body.data.map((run: { format: string; state: string; scheduleId: number }) => [run.format, run.state, run.scheduleId])).toEqual([
      ['csv', 'queued', schedule.id],
      ['xlsx', 'queued', schedule.id],
    ]);
    expect(answer.body.data[0].requestedBy).toBe('schedule: Morning');
  });
});
