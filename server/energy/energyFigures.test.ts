import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { EnergyAnalysis } from './energyAnalysis';
import { at, energyKit, TZ, type EnergyKit } from './energyKit.test-util';

// One hour of hand-checkable energy on 2026-11-10 (Shanghai), CT = PT = 1 on the demo meters:
//   M001 Plant incomer 1000 → 1100 = 100 kWh      (PLANT's main meter)
//   M010 Hall A board   500 →  540 =  40 kWh      (HALL-A's main meter)
//   M020 Hall B board   200 →  230 =  30 kWh      (HALL-B's main meter)
//   M030 Chiller 1       10 →   20 =  10 kWh      (HVAC → UTILITIES, no main meters there; sub-item HVAC)
//   M011 Line 1 press     0 →    5 =   5 kWh      (LINE-1 under HALL-A; sub-item POWER)
let k: EnergyKit;
const H0 = at('2026-11-10T00:00:00');
const H1 = at('2026-11-10T01:00:00');
beforeAll(async () => {
  k = await energyKit();
  const step = (meter: string, from: number, to: number) => [
    { meter, ts: H0, values: { kwh: from } },
    { meter, ts: H1, values: { kwh: to } },
  ];
  await k.ingest([...step('M001', 1000, 1100), ...step('M010', 500, 540), ...step('M020', 200, 230), ...step('M030', 10, 20), ...step('M011', 0, 5)]);
});
afterAll(() => k.t.close());

const dayRange = { from: H0, to: at('2026-11-10T23:59:59') };

describe('department balance (others/electricBalance)', () => {
  it('plant: incomer 100 kWh, halls and utilities 80 kWh, 20 kWh unmetered (20 %)', async () => {
    const { body } = await k.get('/api/energy/balance', { departmentId: await k.id('departments', 'PLANT'), grain: 'day', ...dayRange });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      department: { name: 'Main Plant' },
      unit: 'kWh',
      hasMainMeter: true,
      mainMeter: { code: 'M001' },
      periods: [{ period: '2026-11-10', parent: 100, children: 80, unmetered: 20 }],
      totals: { parent: 100, children: 80, unmetered: 20, unmeteredShare: 0.2 },
    });
    expect(body.data.parts.map((p: { name: string; total: number }) => [p.name, p.total])).toEqual([
      ['Production Hall A', 40],
      ['Production Hall B', 30],
      ['Utilities', 10],
    ]);
  });

  it('hall A: its board 40 kWh against line 1 (5 kWh) and line 2 (nothing): 35 kWh unmetered', async () => {
    const { body } = await k.get('/api/energy/balance', { departmentId: await k.id('departments', 'HALL-A'), grain: 'day', ...dayRange });
    expect(body.data.totals).toEqual({ parent: 40, children: 5, unmetered: 35, unmeteredShare: 0.875 });
  });

  it('utilities has no main meter: it is the sum of its children, nothing to balance', async () => {
    const { body } = await k.get('/api/energy/balance', { departmentId: await k.id('departments', 'UTILITIES'), grain: 'hour', ...dayRange });
    expect(body.data).toMatchObject({ hasMainMeter: false, mainMeter: null, totals: { parent: 10, children: 10, unmetered: 0 } });
    expect(body.data.periods).toHaveLength(24);
    expect(body.data.periods[0]).toEqual({ period: String(H0), parent: 10, children: 10, unmetered: 0 });
  });
});

describe('rollup series and rankings', () => {
  it('gives every period of the range in order, zero where nothing was measured', async () => {
    const ids = [await k.id('meters', 'M001'), await k.id('meters', 'M010')];
    const { body } = await k.get('/api/energy/rollups', { scope: 'meter', ids: ids.join(','), grain: 'hour', from: H0, to: at('2026-11-10T01:59:00') });
    expect(body.data).toMatchObject({ scope: 'meter', grain: 'hour', unit: 'kWh', periods: [String(H0), String(H1)] });
    expect(body.data.series).toEqual([
      {
        scopeId: ids[0],
        name: 'M001 Plant incomer',
        total: 100,
        points: [
          { period: String(H0), energy: 100 },
          { period: String(H1), energy: 0 },
        ],
      },
      {
        scopeId: ids[1],
        name: 'M010 Hall A distribution board',
        total: 40,
        points: [
          { period: String(H0), energy: 40 },
          { period: String(H1), energy: 0 },
        ],
      },
    ]);
  });

  it('ranks sub-items by energy with their shares', async () => {
    const { body } = await k.get('/api/energy/ranking', { scope: 'subitem', grain: 'day', ...dayRange });
    expect(body.data.rows.map((r: { name: string; energy: number; share: number }) => [r.name, r.energy, r.share])).toEqual([
      ['HVAC', 10, 0.666667],
      ['Power', 5, 0.333333],
      ['Lighting', 0, 0],
      ['Special', 0, 0],
    ]);
  });

  it('ranks the children of a department', async () => {
    const { body } = await k.get('/api/energy/ranking', { scope: 'department', parentId: await k.id('departments', 'PLANT'), ...dayRange });
    expect(body.data.rows.map((r: { name: string; energy: number }) => [r.name, r.energy])).toEqual([
      ['Production Hall A', 40],
      ['Production Hall B', 30],
      ['Utilities', 10],
    ]);
  });

  it('splits energy at the local month end: 10 kWh from 23:30 to 00:30 is 5 in October and 5 in November', async () => {
    await k.ingest([
      { meter: 'M041', ts: at('2026-10-31T23:30:00'), values: { kwh: 50 } },
      { meter: 'M041', ts: at('2026-11-01T00:30:00'), values: { kwh: 60 } },
    ]);
    const floor = await k.id('departments', 'FLOOR-1');
    const { body } = await k.get('/api/energy/rollups', {
      scope: 'department',
      ids: floor,
      grain: 'month',
      from: at('2026-10-01T00:00:00'),
      to: at('2026-11-30T00:00:00'),
    });
    expect(body.data.series[0].points).toEqual([
      { period: '2026-10', energy: 5 },
      { period: '2026-11', energy: 5 },
    ]);
  });

  it('answers 20003 "Time out of range!" beyond the grain\'s longest range or for a backwards range', async () => {
    const meter = await k.id('meters', 'M001');
    const tooLong = await k.get('/api/energy/rollups', { scope: 'meter', ids: meter, grain: 'hour', from: H0, to: H0 + 40 * 86_400_000 });
    expect(tooLong.body).toMatchObject({ code: ErrorCode.TIME_OUT_OF_RANGE, message: 'Time out of range!' });
    const backwards = await k.get('/api/energy/balance', { departmentId: 1, grain: 'day', from: H1, to: H0 });
    expect(backwards.body.code).toBe(ErrorCode.TIME_OUT_OF_RANGE);
  });

  it('names a scope id that does not exist', async () => {
    const { body } = await k.get('/api/energy/rollups', { scope: 'department', ids: '99999', grain: 'day', ...dayRange });
    expect(body).toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'No department with id 99999' });
  });
});

describe('home summary', () => {
  it('sums the top-level departments for today, ranks leaf departments and counts online meters', async () => {
    const summary = await new EnergyAnalysis(k.t.app.storage.db, TZ).summary(null, at('2026-11-10T12:00:00'));
    // Floor 1's 10 kWh (M041) is not in the site total: the office counts its incomer M040, which sent nothing.
    expect(summary.totals.find((row) => row.energyType === 'electricity')).toEqual({
      energyType: 'electricity',
      unit: 'kWh',
      today: 100,
      yesterday: 0,
      yesterdaySoFar: 0,
      month: 100,
      lastMonth: 0,
      lastMonthSoFar: 0,
    });
    // The next day at 00:30 the plant's 100 kWh (00:00–01:00) is yesterday; by 00:30 half of that hour was used.
    const nextDay = await new EnergyAnalysis(k.t.app.storage.db, TZ).summary(null, at('2026-11-11T00:30:00'));
    expect(nextDay.totals.find((row) => row.energyType === 'electricity')).toMatchObject({ today: 0, yesterday: 100, yesterdaySoFar: 50, month: 100 });
    // A month later at 00:30 on the 10th: last month so far = 1–9 November (nothing) + 0.5/24 of 10 November.
    const nextMonth = await new EnergyAnalysis(k.t.app.storage.db, TZ).summary(null, at('2026-12-10T00:30:00'));
    expect(nextMonth.totals.find((row) => row.energyType === 'electricity')).toMatchObject({ month: 0, lastMonth: 100, lastMonthSoFar: 2.083333 });
    expect(summary.todayByHour).toHaveLength(13);
    expect(summary.todayByHour[0]).toEqual({ hourStart: H0, energy: 100 });
    expect(summary.topDepartments.map((d) => [d.name, d.energy])).toEqual([
      ['HVAC', 10],
      ['Line 1', 5],
    ]);
    expect(summary.meters).toEqual({ total: 30, online: 6, offline: 24 });
    expect(summary.gateways).toEqual({ total: 1, online: 1 });
    expect(summary.timeZone).toBe(TZ);
  });

  it('is served to any signed-in user', async () => {
    const { body } = await k.get('/api/energy/summary');
    expect(body.code).toBe(0);
    expect(body.data.meters.total).toBe(30);
  });
});
