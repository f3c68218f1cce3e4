import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePeriod } from '@shared/reports/periods';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { DEMO_GATEWAY_SN } from '../simulator/demoScenario';
import { BillAnalyses } from './bills/billAnalyses';
import {
  createDemoReports,
  DEMO_BILL_ACCOUNT,
  DEMO_BILL_METER,
  DEMO_LINK_LABEL,
  DEMO_RECIPIENT,
  DEMO_REPORTS_KEY,
  DEMO_REVOKED_LINK_LABEL,
  type DemoReportsMade,
} from './demoReports';

const TZ = 'Asia/Shanghai';
const DAY_MS = 86_400_000;
const at = (local: string) => Date.parse(`${local}+08:00`);
const TABLES = ['report_definitions', 'report_schedules', 'report_runs', 'report_files', 'report_links', 'bill_templates', 'bill_analyses'] as const;

let t: TestApp;
let made: DemoReportsMade | null;
let adminId = 0;
let meterId = 0;
const now = Date.now();
const lastMonth = resolvePeriod({ preset: 'lastMonth' }, TZ, now);
const yesterday = resolvePeriod({ preset: 'yesterday' }, TZ, now);

const db = () => t.app.storage.db;
async function counts(app = t.app): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES)
    out[table] = Number(
      (
        await app.storage.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return out;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
  adminId = (await db().selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  meterId = (await db().selectFrom('meters').select('id').where('code', '=', DEMO_BILL_METER).executeTakeFirstOrThrow()).id;
  // The main incomer on the 10th of last month: 1,000 kWh 02:00–03:00 (valley, 23:00–07:00) and 500 kWh 09:00–10:00
  // (peak, 08:00–11:00 in every season of the Industrial TOU tariff); nothing else.
  const day = `${lastMonth.from.slice(0, 7)}-10`;
  const readings: [string, number][] = [
    ['01:00', 10_000],
    ['02:00', 10_000],
    ['03:00', 11_000],
    ['04:00', 11_000],
    ['05:00', 11_000],
    ['06:00', 11_000],
    ['07:00', 11_000],
    ['08:00', 11_000],
    ['09:00', 11_000],
    ['10:00', 11_500],
    ['11:00', 11_500],
  ];
  const outcome = await t.app.ingest.submit(
    { readings: readings.map(([time, kwh]) => ({ meter: DEMO_BILL_METER, ts: at(`${day}T${time}:00`), values: { kwh } })) },
    { kind: 'mqtt', gatewaySn: DEMO_GATEWAY_SN },
  );
  expect(outcome).toMatchObject({ accepted: readings.length, rejected: [] });
  await t.app.ingest.drain();
  made = await createDemoReports(t.app, { now, runWaitMs: 120_000 });
}, 180_000);
afterAll(() => t.close());

describe('the reports demo', () => {
  it('makes a definition per template, in English, owned by the admin', async () => {
    expect(made).toMatchObject({ definitions: 7, schedules: 2, runs: 4, bills: 2 });
    const rows = await db().selectFrom('report_definitions').select(['name', 'template', 'owner_user_id', 'created_by']).orderBy('id').execute();
    expect(rows.map((row) => [row.name, row.template])).toEqual([
      ['Daily energy', 'dailyEnergy'],
      ['Monthly department energy and cost', 'monthlyDepartmentCost'],
      ['Time-of-use band statement', 'bandStatement'],
      ['Meter readings', 'meterReadings'],
      ['Alarm summary', 'alarmSummary'],
      ['Prepaid room statement', 'roomStatement'],
      ['Fleet fuel and CO₂', 'fleetFuel'],
    ]);
    expect(new Set(rows.flatMap((row) => [row.owner_user_id, row.created_by]))).toEqual(new Set([adminId]));
  });

  it('schedules the daily energy at 07:00 and the monthly cost report on the 1st at 08:00', async () => {
    const rows = await t.app.reports.schedules.list({ all: true, home: adminId });
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get('Daily energy at 07:00')).toMatchObject({
      definitionName: 'Daily energy',
      expression: '0 7 * * *',
      period: { preset: 'yesterday' },
      formats: ['xlsx'],
      recipients: [DEMO_RECIPIENT],
      enabled: true,
    });
    expect(byName.get('Monthly cost report')).toMatchObject({
      definitionName: 'Monthly department energy and cost',
      expression: '0 8 1 * *',
      period: { preset: 'lastMonth' },
      formats: ['pdf', 'xlsx'],
      enabled: true,
    });
    // The next slots are in the future, in TIME_ZONE (07:00 Shanghai = 23:00 UTC).
    const daily = byName.get('Daily energy at 07:00')!;
    expect(daily.nextRunAt! > now && daily.nextRunAt! <= now + DAY_MS).toBe(true);
    expect(new Date(daily.nextRunAt!).getUTCHours()).toBe(23);
  });

  it("queues last month's monthly PDF and XLSX, the band PDF and yesterday's daily XLSX, and the runner makes them", async () => {
    const runs = await until(
      () => db().selectFrom('report_runs').selectAll().orderBy('id').execute(),
      (rows) => rows.every((row) => row.state === 'done'),
      120_000,
    );
    expect(runs.map((run) => [run.name, run.format, run.period_from, run.period_to, run.state, run.schedule_id === null])).toEqual([
      ['Monthly department energy and cost', 'pdf', lastMonth.from, lastMonth.to, 'done', true],
      ['Monthly department energy and cost', 'xlsx', lastMonth.from, lastMonth.to, 'done', true],
      ['Time-of-use band statement', 'pdf', lastMonth.from, lastMonth.to, 'done', true],
      ['Daily energy', 'xlsx', yesterday.from, yesterday.to, 'done', false],
    ]);
    expect(runs.every((run) => Number(run.size_bytes) > 0 && run.owner_user_id === adminId)).toBe(true);
    const pdf = await t.app.reports.runs.file(Number(runs[0]!.id), false);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("tries the daily run's e-mail, which fails at once with its reason while no e-mail channel is set up", async () => {
    const dailyRun = await db().selectFrom('report_runs').select('id').where('schedule_id', 'is not', null).executeTakeFirstOrThrow();
    const deliveries = await until(
      () => db().selectFrom('report_deliveries').selectAll().where('run_id', '=', dailyRun.id).execute(),
      (rows) => rows.length === 1 && rows[0]!.state === 'failed',
      30_000,
    );
    expect(deliveries.map((row) => [row.recipient, row.state, row.last_detail])).toEqual([
      [DEMO_RECIPIENT, 'failed', 'e-mail channel is not configured (Settings › Push channels)'],
    ]);
  });

  it('shares the monthly PDF for 30 days and keeps a revoked link beside it', async () => {
    expect(made!.linkUrl).toMatch(/\/report-sheet\?token=[A-Za-z0-9_-]{43}$/);
    const monthlyPdf = await db().selectFrom('report_runs').select('id').where('format', '=', 'pdf').orderBy('id').executeTakeFirstOrThrow();
    const links = await t.app.reports.links.list({ all: true, home: adminId }, { runId: Number(monthlyPdf.id) }, now);
    expect(links.map((link) => [link.label, link.state, link.expiresAt - link.createdAt])).toEqual([
      [DEMO_REVOKED_LINK_LABEL, 'revoked', 7 * DAY_MS],
      [DEMO_LINK_LABEL, 'active', 30 * DAY_MS],
    ]);
    // The address opens the sheet with the run's file.
    const token = new URL(made!.linkUrl!).searchParams.get('token')!;
    const sheet = await t.app.reports.links.resolve(token);
    expect(sheet).toMatchObject({ target: 'run', name: 'Monthly department energy and cost', file: { format: 'pdf' } });
  });

  it("analyses two bills of the main incomer's last month: the right one ok, the one with a wrong total flagged", async () => {
    const rows = await db().selectFrom('bill_analyses').select(['id', 'file_name', 'state', 'owner_user_id']).orderBy('id').execute();
    const month = lastMonth.from.slice(0, 7);
    expect(rows.map((row) => [row.file_name, row.state, row.owner_user_id])).toEqual([
      [`demo-bill-${month}.pdf`, 'ok', adminId],
      [`demo-bill-${month}-wrong-total.pdf`, 'flagged', adminId],
    ]);
    const bills = new BillAnalyses(db());
    const ok = await bills.get(Number(rows[0]!.id));
    const values = Object.fromEntries(ok.fields.map((field) => [field.field, field.value ?? field.text]));
    // 500 kWh × 1.0123 = 506.15; 1,000 kWh × 0.3012 = 301.20; + 37,500.00 basic charge = 38,307.35.
    expect(values).toEqual({
      account: DEMO_BILL_ACCOUNT,
      periodStart: lastMonth.from,
      periodEnd: lastMonth.to,
      sharpEnergy: 0,
      sharpPrice: 1.2345,
      sharpAmount: 0,
      peakEnergy: 500,
      peakPrice: 1.0123,
      peakAmount: 506.15,
      flatEnergy: 0,
      flatPrice: 0.6321,
      flatAmount: 0,
      valleyEnergy: 1000,
      valleyPrice: 0.3012,
      valleyAmount: 301.2,
      totalEnergy: 1500,
      demandCharge: 37_500,
      totalAmount: 38_307.35,
    });
    expect(ok.comparison).toMatchObject({ scope: 'meter', ids: [meterId], billed: 1500, metered: 1500, differencePercent: 0, ok: true });
    const wrong = await bills.get(Number(rows[1]!.id));
    expect(wrong.checks.filter((check) => !check.ok).map((check) => [check.rule, check.expected, check.actual])).toEqual([
      ['totalAmount', 38_307.35, 39_307.35],
    ]);
    expect(wrong.comparison).toMatchObject({ ok: true });
    const templates = await db().selectFrom('bill_templates').select(['utility', 'owner_user_id']).execute();
    expect(templates).toEqual([{ utility: '国网某某供电公司', owner_user_id: adminId }]);
  });

  it('is made once: a second call changes nothing', async () => {
    const before = await counts();
    expect(await createDemoReports(t.app, { now, runWaitMs: 1_000 })).toBeNull();
    expect(await counts()).toEqual(before);
  });
});

describe('the reports demo with SEED_DEMO=off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ seedDemo: false, timeZone: TZ });
  });
  afterAll(() => off.close());

  it('makes nothing and claims nothing', async () => {
    expect(await createDemoReports(off.app, { now, runWaitMs: 1_000 })).toBeNull();
    expect(Object.values(await counts(off.app))).toEqual(TABLES.map(() => 0));
    expect(await off.app.storage.db.selectFrom('seeded_samples').select('key').where('key', '=', DEMO_REPORTS_KEY).execute()).toEqual([]);
  });
});
