import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, energyKit, type EnergyKit } from '../energy/energyKit.test-util';
import { ComparisonSweep } from './comparisonSweep';

// Hand-checkable energy in Asia/Shanghai (CT = PT = 1 on the demo meters); each step lies within one local hour:
//   M033 Compressor 1 (AIR, no main meter): 10 Oct 00:00→01:00 0→100 = 100 kWh; 11 Oct 00:00→01:00 100→200 = 100 kWh
//   M034 Compressor 2 (AIR):                 10 Oct 00:00→01:00 0→50  =  50 kWh; nothing after
//   M020 Hall B board (HALL-B's main meter): 10 Oct 00:00→01:00 200→230 = 30 kWh
//   M021 Line 3 welding (LINE-3 under HALL-B): 10 Oct 00:00→01:00 0→5 = 5 kWh, not counted for HALL-B (it has a main meter)
// AIR on 10 Oct = 100 + 50 = 150 kWh; HALL-B on 10 Oct = 30 kWh.
let k: EnergyKit;
let admin: number;
const ids: Record<string, number> = {};
const batches: number[] = [];
const day = (d: string) => ({ start: at(`${d}T00:00:00`), end: at(`${d}T00:00:00`) + 86_400_000 });

async function importBatch(rows: { kind: 'meter' | 'department'; code: string; start: number; end: number; kwh: number }[]): Promise<number> {
  const db = k.t.app.storage.db;
  const batch = await db
    .insertInto('import_batches')
    .values({ owner_user_id: admin, kind: 'power', file_name: 'probe.csv', mapping: '{}', state: 'done', created_at: Date.now(), compared_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [line, row] of rows.entries()) {
    await db
      .insertInto('imported_power')
      .values({
        owner_user_id: admin,
        batch_id: batch.id,
        object_kind: row.kind,
        object_id: ids[row.code]!,
        period_start: row.start,
        period_end: row.end,
        kwh: row.kwh,
        source_value: row.kwh,
        source_unit: 'kWh',
        line: line + 2,
      })
      .execute();
  }
  return batch.id;
}

const compare = async (objectType: 'meter' | 'department', code: string, grain: string, from: string, to: string) => {
  const { status, body } = await k.get('/api/power-comparison', { objectType, objectId: ids[code]!, grain, from, to });
  expect(status).toBe(200);
  return body.data;
};
const figures = (periods: any[]) => periods.map((p) => [p.period, p.imported, p.metered, p.difference, p.percent, p.flagged]);

beforeAll(async () => {
  k = await energyKit();
  // The app's own sweep would compare these batches on the real clock; the tests drive one with a fixed clock.
  await k.t.app.powerComparison.stop();
  const db = k.t.app.storage.db;
  admin = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  for (const code of ['M033', 'M034', 'M020', 'M021']) ids[code] = await k.id('meters', code);
  for (const code of ['AIR', 'HALL-B']) ids[code] = await k.id('departments', code);
  const step = (meter: string, d: string, from: number, to: number) => [
    { meter, ts: at(`${d}T00:00:00`), values: { kwh: from } },
    { meter, ts: at(`${d}T01:00:00`), values: { kwh: to } },
  ];
  await k.ingest([
    ...step('M033', '2026-10-10', 0, 100),
    ...step('M034', '2026-10-10', 0, 50),
    ...step('M020', '2026-10-10', 200, 230),
    ...step('M021', '2026-10-10', 0, 5),
  ]);
  await k.ingest(step('M033', '2026-10-11', 100, 200));
  // Batch 1: daily rows of M033. Batch 2: one monthly row of M034 (October: 31 days, 3 100 kWh = 100 kWh a day).
  // Batch 3: a daily row imported for HALL-B itself.
  batches.push(
    await importBatch([
      { kind: 'meter', code: 'M033', ...day('2026-10-10'), kwh: 104 },
      { kind: 'meter', code: 'M033', ...day('2026-10-11'), kwh: 110 },
    ]),
  );
  await importBatch([{ kind: 'meter', code: 'M034', start: at('2026-10-01T00:00:00'), end: at('2026-11-01T00:00:00'), kwh: 3100 }]);
  await importBatch([{ kind: 'department', code: 'HALL-B', ...day('2026-10-10'), kwh: 30 }]);
}, 60_000);
afterAll(() => k.t.close());

describe('GET /api/power-comparison', () => {
  it('a meter by day: 104 against 100 (+4 %) passes, 110 against 100 (+10 %) is flagged at the default 5 %', async () => {
    const data = await compare('meter', 'M033', 'day', '2026-10-10', '2026-10-11');
    expect(data).toMatchObject({ object: { type: 'meter', code: 'M033' }, unit: 'kWh', tolerancePercent: 5, toleranceSource: 'default' });
    expect(figures(data.periods)).toEqual([
      ['2026-10-10', 104, 100, 4, 4, false],
      ['2026-10-11', 110, 100, 10, 10, true],
    ]);
    // Totals: 214 − 200 = 14; 14 / 200 = 7 %.
    expect(data.totals).toMatchObject({ imported: 214, metered: 200, difference: 14, periodsJudged: 2, flagged: 1 });
    expect(data.totals.percent).toBeCloseTo(7, 9);
  });

  it('a monthly row split over days: 3 100 kWh over 31 days is 100 a day against 50 metered (+100 %) and 0 metered', async () => {
    const data = await compare('meter', 'M034', 'day', '2026-10-10', '2026-10-11');
    expect(figures(data.periods)).toEqual([
      ['2026-10-10', 100, 50, 50, 100, true],
      ['2026-10-11', 100, 0, 100, null, true],
    ]);
    expect(data.periods.map((p: { coverage: number }) => p.coverage)).toEqual([1, 1]);
    // By month it is the whole row: 3 100 against 50.
    const month = await compare('meter', 'M034', 'month', '2026-10-01', '2026-10-31');
    expect(figures(month.periods)).toEqual([['2026-10', 3100, 50, 3050, 6100, true]]);
  });

  it('by hour: the day row spread evenly, 104 / 24 per hour; only the first hour metered', async () => {
    const data = await compare('meter', 'M033', 'hour', '2026-10-10', '2026-10-10');
    expect(data.periods).toHaveLength(24);
    expect(data.periods[0]).toMatchObject({ period: String(at('2026-10-10T00:00:00')), label: '2026-10-10 00:00', metered: 100, flagged: true });
    expect(data.periods[0].imported).toBeCloseTo(104 / 24, 9);
    expect(data.periods[23]).toMatchObject({ label: '2026-10-10 23:00', metered: 0, flagged: true });
  });

  it('a department sums its meters as its rollups count them, and its own imported rows with its meters’', async () => {
    // AIR on 10 Oct: metered M033 100 + M034 50 = 150; imported M033 104 + M034's share 100 = 204; +54 = +36 %.
    const air = await compare('department', 'AIR', 'day', '2026-10-10', '2026-10-10');
    expect(figures(air.periods)).toEqual([['2026-10-10', 204, 150, 54, 36, true]]);
    // HALL-B counts its main meter M020 (30 kWh), not Line 3's M021 below it; imported 30 for the department: 0 %.
    const hall = await compare('department', 'HALL-B', 'day', '2026-10-10', '2026-10-10');
    expect(figures(hall.periods)).toEqual([['2026-10-10', 30, 30, 0, 0, false]]);
  });

  it('latest: the newest import’s object and the month of days up to its row (where the screen opens)', async () => {
    const { body } = await k.get('/api/power-comparison/latest');
    // Batch 3 is newest: HALL-B's row on 10 Oct; 30 days before it is 10 Sep.
    expect(body.data).toEqual({ objectType: 'department', objectId: ids['HALL-B'], grain: 'day', from: '2026-09-10', to: '2026-10-10' });
  });

  it('a period without imported rows is not judged', async () => {
    const data = await compare('department', 'HALL-B', 'day', '2026-10-09', '2026-10-09');
    expect(data.periods[0]).toMatchObject({ imported: null, metered: 0, difference: null, judged: false, flagged: false });
    expect(data.totals).toMatchObject({ periodsJudged: 0, flagged: 0 });
  });

  it('refuses another grain, a range too long and an unknown object', async () => {
    expect(
      (await k.get('/api/power-comparison', { objectType: 'meter', objectId: ids.M033!, grain: 'week', from: '2026-10-10', to: '2026-10-11' })).body.message,
    ).toBe('querystring.grain: grain must be hour, day or month');
    expect(
      (await k.get('/api/power-comparison', { objectType: 'meter', objectId: ids.M033!, grain: 'hour', from: '2026-10-01', to: '2026-11-01' })).body.message,
    ).toBe('to: At most 31 days at hour grain');
    expect(
      (await k.get('/api/power-comparison', { objectType: 'meter', objectId: 999_999, grain: 'day', from: '2026-10-10', to: '2026-10-11' })).body.message,
    ).toBe('objectId: No meter with id 999999');
  });
});

describe('tolerances', () => {
  it('an override of 12 % lets M033’s +10 % pass; null goes back to the default', async () => {
    const put = await k.send('PUT', '/api/power-comparison/tolerances', { objectType: 'meter', objectId: ids.M033, tolerancePercent: 12 });
    expect(put.body.data).toMatchObject({ objectType: 'meter', code: 'M033', tolerancePercent: 12, updatedBy: 'admin' });
    let data = await compare('meter', 'M033', 'day', '2026-10-10', '2026-10-11');
    expect(data).toMatchObject({ tolerancePercent: 12, toleranceSource: 'object' });
    expect(data.periods.map((p: { flagged: boolean }) => p.flagged)).toEqual([false, false]);
    const list = await k.get('/api/power-comparison/tolerances');
    expect(list.body.data).toMatchObject({ defaultPercent: 5, overrides: [{ objectType: 'meter', objectId: ids.M033, tolerancePercent: 12 }] });
    expect((await k.send('PUT', '/api/power-comparison/tolerances', { objectType: 'meter', objectId: ids.M033, tolerancePercent: null })).body.data).toBeNull();
    data = await compare('meter', 'M033', 'day', '2026-10-10', '2026-10-11');
    expect(data.toleranceSource).toBe('default');
    expect((await k.send('PUT', '/api/power-comparison/tolerances', { objectType: 'meter', objectId: ids.M033, tolerancePercent: 0 })).body.message).toBe(
      'body.tolerancePercent: tolerancePercent must be more than 0',
    );
  });
});

describe('the sweep', () => {
  it('raises one error alarm per flagged object and period, sets compared_at, and never raises one twice', async () => {
    const { db } = k.t.app.storage;
    const sweep = new ComparisonSweep(db, k.t.app.alarms.engine.records, 'Asia/Shanghai', () => at('2026-11-05T08:00:00'));
    const first = await sweep.pass();
    // Batch 1 (daily, M033): 11 Oct flagged. Batch 2 (monthly, M034): October flagged (3 100 against 50). Batch 3: HALL-B at 0 %.
    expect(first).toEqual({ ran: true, batches: 3, raised: 2 });
    const alarms = await db
      .selectFrom('alarm_records')
      .select(['kind', 'subject_type', 'subject_code', 'message'])
      .where('kind', '=', 'error')
      .orderBy('id')
      .execute();
    expect(alarms).toEqual([
      {
        kind: 'error',
        subject_type: 'meter',
        subject_code: 'M033',
        message: 'Imported 110.00 kWh against metered 100.00 kWh for M033 on 2026-10-11: +10.00 % (tolerance 5 %)',
      },
      {
        kind: 'error',
        subject_type: 'meter',
        subject_code: 'M034',
        message: 'Imported 3,100.00 kWh against metered 50.00 kWh for M034 in 2026-10: +6100.00 % (tolerance 5 %)',
      },
    ]);
    const pending = await db.selectFrom('import_batches').select('id').where('compared_at', 'is', null).execute();
    expect(pending).toEqual([]);
    // Batch 1 undone (its rows deleted) and the same rows imported again: compared, nothing raised twice.
    await db.deleteFrom('imported_power').where('batch_id', '=', batches[0]!).execute();
    await db.updateTable('import_batches').set({ state: 'undone' }).where('id', '=', batches[0]!).execute();
    await importBatch([
      { kind: 'meter', code: 'M033', ...day('2026-10-10'), kwh: 104 },
      { kind: 'meter', code: 'M033', ...day('2026-10-11'), kwh: 110 },
    ]);
    expect(await sweep.pass()).toEqual({ ran: true, batches: 1, raised: 0 });
    expect(await db.selectFrom('alarm_records').select('id').where('kind', '=', 'error').execute()).toHaveLength(2);
    const findings = await db.selectFrom('comparison_findings').select(['grain', 'period', 'imported', 'metered', 'tolerance_bp']).orderBy('id').execute();
    expect(findings).toEqual([
      { grain: 'day', period: '2026-10-11', imported: 110, metered: 100, tolerance_bp: 500 },
      { grain: 'month', period: '2026-10', imported: 3100, metered: 50, tolerance_bp: 500 },
    ]);
  });

  it('a day not over yet is not judged, and another process holding the lease sweeps nothing', async () => {
    const { db } = k.t.app.storage;
    const now = at('2026-10-20T12:00:00');
    const sweep = new ComparisonSweep(db, k.t.app.alarms.engine.records, 'Asia/Shanghai', () => now);
    const other = new ComparisonSweep(db, k.t.app.alarms.engine.records, 'Asia/Shanghai', () => now);
    // 20 Oct is still running at noon: 50 imported against 0 metered is not alarmed.
    await importBatch([{ kind: 'meter', code: 'M021', ...day('2026-10-20'), kwh: 50 }]);
    // The first test's sweep left the lease row released; another process takes it now.
    await db
      .updateTable('comparison_sweep_lease')
      .set({ holder: other.processName, lease_until: now + 60_000 })
      .execute();
    expect(await sweep.pass()).toEqual({ ran: false, batches: 0, raised: 0 });
    await db
      .updateTable('comparison_sweep_lease')
      .set({ lease_until: now - 1 })
      .execute();
    expect(await sweep.pass()).toEqual({ ran: true, batches: 1, raised: 0 });
  });
});
