import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TariffDefinition } from '@shared/tariffs';
import { reportSpecSchema, type ReportSpecInput } from '@shared/reports/spec';
import type { ReportTable } from '@shared/reports/table';
import { treeUser } from '@tests/support/trees';
import { at, energyKit, type EnergyKit } from '../../energy/energyKit.test-util';
import { treeObjects, type TreeObjects } from '../../energy/treeObjects.test-util';
import { testTariffs } from '../../tariffs/tariffFixtures.test-util';
import { ownerTreeOf } from '../../tenancy/ownerScope';
import { buildReportTable } from './buildReportTable';
import { reportContextOf } from './contextOf';
import type { ReportContext } from './reportContext';

// Asia/Shanghai (no daylight saving). Registers in kWh, 15-minute readings; an interval belongs to the local day
// its start is in, so the step 23:45 → 00:00 is October's and 00:00 → 00:15 November's.
//   M011 (Line 1): 10-31 23:30 100, 23:45 104, 11-01 00:00 110, 00:15 113   → Oct 31: 4 + 6 = 10, Nov 1: 3
//   M012 (Line 1): 10-31 23:45 200, 11-01 00:00 202, 00:15 210              → Oct 31: 2,          Nov 1: 8
//   M014 (Line 2): 10-31 23:45 500, 11-01 00:00 501, 00:15 505              → Oct 31: 1,          Nov 1: 4
//   M013 (Line 1): 2025-11-01 00:00 10, 00:15 12                             → 2025-11-01: 2 (last year only)
// Department LINE-1 has no main meter: its energy is M011 + M012 + M013 (Oct 31: 12, Nov 1: 11); LINE-2: 1 and 4.
// Tariff on PLANT (every meter below it): 00:00–08:00 valley 0.30, 08:00–24:00 flat 0.60 per kWh. Oct 31 23:30 and
// 23:45 are flat, Nov 1 00:00 is valley: M011 cost 10 × 0.6 + 3 × 0.3 = 6.90, M012 2 × 0.6 + 8 × 0.3 = 3.60,
// M014 1 × 0.6 + 4 × 0.3 = 1.80.
const TOU: TariffDefinition = {
  prices: { flat: '0.600000', valley: '0.300000' },
  seasons: [
    {
      name: 'All year',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      layouts: {
        workday: [
          { from: '00:00', to: '08:00', band: 'valley' },
          { from: '08:00', to: '24:00', band: 'flat' },
        ],
      },
    },
  ],
  tiers: [],
};

let k: EnergyKit;
let context: ReportContext;
const ids: Record<string, number> = {};
let beta: TreeObjects;
const series = (meter: string, points: [string, number][]) => points.map(([time, kwh]) => ({ meter, ts: at(time), values: { kwh } }));

beforeAll(async () => {
  k = await energyKit();
  const t = await testTariffs(k);
  const tariff = await t.tariff('Test TOU');
  await t.version(tariff, '2025-01-01', null, TOU);
  await t.assign(tariff, 'department', await k.id('departments', 'PLANT'));
  await k.t.app.tariffs.reload();
  for (const code of ['M011', 'M012', 'M013', 'M014']) ids[code] = await k.id('meters', code);
  for (const code of ['LINE-1', 'LINE-2']) ids[code] = await k.id('departments', code);
  await k.ingest([
    ...series('M011', [
      ['2026-10-31T23:30:00', 100],
      ['2026-10-31T23:45:00', 104],
      ['2026-11-01T00:00:00', 110],
      ['2026-11-01T00:15:00', 113],
    ]),
    ...series('M012', [
      ['2026-10-31T23:45:00', 200],
      ['2026-11-01T00:00:00', 202],
      ['2026-11-01T00:15:00', 210],
    ]),
    ...series('M014', [
      ['2026-10-31T23:45:00', 500],
      ['2026-11-01T00:00:00', 501],
      ['2026-11-01T00:15:00', 505],
    ]),
    ...series('M013', [
      ['2025-11-01T00:00:00', 10],
      ['2025-11-01T00:15:00', 12],
    ]),
  ]);
  // Tree B: a tenant with a meter of its own and energy on the same days.
  const betaUser = await treeUser(k.t.app, 'beta_reports', ['/report/reportConfig']);
  beta = await treeObjects(k.t.app, betaUser.id, 'BETA');
  const betaReadings = series(beta.meterCode, [
    ['2026-10-31T23:45:00', 1000],
    ['2026-11-01T00:00:00', 1100],
  ]);
  expect(await k.t.app.ingest.submit({ readings: betaReadings }, { kind: 'mqtt', gatewaySn: beta.gatewaySn })).toMatchObject({ accepted: 2 });
  const admin = await k.t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  context = reportContextOf(k.t.app.storage, await ownerTreeOf(k.t.app.storage.db, admin.id), 'Asia/Shanghai');
}, 120_000);
afterAll(async () => k.t.close());

const meters = (...codes: string[]) => ({ kind: 'meter' as const, ids: codes.map((code) => ids[code]!) });
const build = (spec: ReportSpecInput, from: string, to: string) =>
  buildReportTable(context, reportSpecSchema.parse(spec), { from, to }, { title: 'Test', now: at('2026-11-02T08:00:00') });
const cells = (table: ReportTable) => table.rows.map((row) => [row.label, ...row.cells]);

describe('buildReportTable on the real ingest (Asia/Shanghai)', () => {
  it('splits by day at local midnight: 23:45 belongs to October 31, 00:00 to November 1', async () => {
    const table = await build(
      { objects: meters('M011', 'M012', 'M014'), splitByPeriod: true, grain: 'day', columns: [{ id: 'energy', kind: 'metric', metric: 'energy' }] },
      '2026-10-31',
      '2026-11-01',
    );
    expect(table.columns.map((c) => [c.key, c.group, c.label, c.unit, c.total])).toEqual([
      ['energy@2026-10-31', '2026-10-31', 'Energy', 'kWh', 'sum'],
      ['energy@2026-11-01', '2026-11-01', 'Energy', 'kWh', 'sum'],
    ]);
    expect(cells(table)).toEqual([
      ['Line 1 press', 10, 3],
      ['Line 1 conveyor', 2, 8],
      ['Line 2 press', 1, 4],
      ['Total', 13, 15],
    ]);
    expect(table.rows.map((row) => row.code)).toEqual(['M011', 'M012', 'M014', '']);
    expect(table.rows[3]).toMatchObject({ kind: 'total', covers: [0, 1, 2] });
    expect(table.subtitle).toBe('2026-10-31 – 2026-11-01 · Asia/Shanghai');
    expect(table.rowHeader).toBe('Meter');
    expect(table.notes).toEqual([]);

    const months = await build(
      { objects: meters('M011'), splitByPeriod: true, grain: 'month', columns: [{ id: 'energy', kind: 'metric', metric: 'energy' }] },
      '2026-10-01',
      '2026-11-30',
    );
    expect(months.columns.map((c) => c.group)).toEqual(['2026-10', '2026-11']);
    expect(cells(months)).toEqual([
      ['Line 1 press', 10, 3],
      ['Total', 10, 3],
    ]);
  });

  it('compares with the previous period and with last year (value, change, percent) and totals them', async () => {
    const table = await build(
      {
        objects: meters('M011', 'M012', 'M013', 'M014'),
        columns: [
          { id: 'e', kind: 'metric', metric: 'energy' },
          { id: 'prev', kind: 'metric', metric: 'energy', compare: { mode: 'previous', show: 'value' } },
          { id: 'change', kind: 'metric', metric: 'energy', compare: { mode: 'previous', show: 'delta' } },
          { id: 'pop', kind: 'metric', metric: 'energy', compare: { mode: 'previous', show: 'percent' } },
          { id: 'ly', kind: 'metric', metric: 'energy', compare: { mode: 'lastYear', show: 'value' } },
        ],
      },
      '2026-11-01',
      '2026-11-01',
    );
    expect(table.columns.map((c) => c.label)).toEqual(['Energy', 'Energy previous period', 'Energy PoP change', 'Energy PoP', 'Energy last year']);
    expect(table.columns.map((c) => c.kind)).toEqual(['number', 'number', 'number', 'percent', 'number']);
    // Nov 1 against Oct 31: M011 3 vs 10 (−7, −70 %), M012 8 vs 2 (+6, +300 %), M014 4 vs 1; M013 only last year.
    expect(cells(table)).toEqual([
      ['Line 1 press', 3, 10, -7, -70, null],
      ['Line 1 conveyor', 8, 2, 6, 300, null],
      ['Line 1 lighting', null, null, null, null, 2],
      ['Line 2 press', 4, 1, 3, 300, null],
      // 15 against 13: +2, 2 / 13 × 100 = 15.384615384… %
      ['Total', 15, 13, 2, 15.384615385, 2],
    ]);
    expect(table.subtitle).toBe('2026-11-01 · Asia/Shanghai');
  });

  it('compares with the base period of the definition', async () => {
    const table = await build(
      {
        objects: meters('M011', 'M012'),
        base: { from: '2026-10-31', to: '2026-10-31' },
        columns: [
          { id: 'e', kind: 'metric', metric: 'energy' },
          { id: 'vsBase', kind: 'metric', metric: 'energy', compare: { mode: 'base', show: 'percent' }, decimals: 2 },
        ],
      },
      '2026-11-01',
      '2026-11-01',
    );
    expect(cells(table)).toEqual([
      ['Line 1 press', 3, -70],
      ['Line 1 conveyor', 8, 300],
      ['Total', 11, -8.333333333],
    ]);
    expect(table.columns[1]).toMatchObject({ label: 'Energy vs base', unit: '%', decimals: 2, total: 'none' });
    expect(table.base).toEqual({ from: '2026-10-31', to: '2026-10-31' });
  });

  it('prices each band with the tariff: band energy and cost of departments', async () => {
    const table = await build(
      {
        objects: { kind: 'department', ids: [ids['LINE-2']!, ids['LINE-1']!] },
        columns: [
          { id: 'e', kind: 'metric', metric: 'energy' },
          { id: 'flat', kind: 'metric', metric: 'bandEnergy', band: 'flat' },
          { id: 'valley', kind: 'metric', metric: 'bandEnergy', band: 'valley' },
          { id: 'flatCost', kind: 'metric', metric: 'bandCost', band: 'flat' },
          { id: 'cost', kind: 'metric', metric: 'cost' },
        ],
      },
      '2026-10-31',
      '2026-11-01',
    );
    expect(table.columns.map((c) => [c.label, c.unit, c.kind, c.decimals])).toEqual([
      ['Energy', 'kWh', 'number', 2],
      ['Flat energy', 'kWh', 'number', 2],
      ['Valley energy', 'kWh', 'number', 2],
      ['Flat cost', 'CNY', 'money', 2],
      ['Cost', 'CNY', 'money', 2],
    ]);
    // Tree order (Line 1 before Line 2), whatever order the ids were given in.
    // LINE-1: flat 10 + 2 = 12 (7.20), valley 3 + 8 = 11 (3.30), cost 10.50; LINE-2: flat 1 (0.60), valley 4 (1.20), 1.80.
    expect(cells(table)).toEqual([
      ['Line 1', 23, 12, 11, 7.2, 10.5],
      ['Line 2', 5, 1, 4, 0.6, 1.8],
      ['Total', 28, 13, 15, 7.8, 12.3],
    ]);
    expect(table.rowHeader).toBe('Department');
  });

  it('groups by department with subtotals, a ratio and a share formula, and a chart', async () => {
    const table = await build(
      {
        objects: meters('M014', 'M011', 'M012'),
        groupBy: 'department',
        subtotals: true,
        columns: [
          { id: 'e', kind: 'metric', metric: 'energy' },
          { id: 'c', kind: 'metric', metric: 'cost' },
          { id: 'price', kind: 'formula', op: 'ratio', a: 'c', b: 'e', decimals: 4 },
          { id: 'share', kind: 'formula', op: 'share', a: 'e' },
        ],
        chart: { type: 'bar', column: 'e' },
      },
      '2026-10-31',
      '2026-11-01',
    );
    expect(table.columns.map((c) => [c.label, c.unit, c.kind, c.total])).toEqual([
      ['Energy', 'kWh', 'number', 'sum'],
      ['Cost', 'CNY', 'money', 'sum'],
      ['Cost / Energy', 'CNY/kWh', 'number', 'none'],
      ['Energy share', '%', 'percent', 'none'],
    ]);
    // e: M011 13, M012 10, M014 5 (28); price = cost ÷ energy; share = e ÷ 28 × 100; subtotals recompute both.
    expect(cells(table)).toEqual([
      ['Line 1 press', 13, 6.9, 0.530769231, 46.428571429],
      ['Line 1 conveyor', 10, 3.6, 0.36, 35.714285714],
      ['Subtotal: Line 1', 23, 10.5, 0.456521739, 82.142857143],
      ['Line 2 press', 5, 1.8, 0.36, 17.857142857],
      ['Subtotal: Line 2', 5, 1.8, 0.36, 17.857142857],
      ['Total', 28, 12.3, 0.439285714, 100],
    ]);
    expect(table.rows.map((row) => [row.kind, row.level, row.covers ?? null])).toEqual([
      ['data', 1, null],
      ['data', 1, null],
      ['subtotal', 0, [0, 1]],
      ['data', 1, null],
      ['subtotal', 0, [3]],
      ['total', 0, [0, 1, 3]],
    ]);
    expect(table.chart).toEqual({
      type: 'bar',
      title: 'Energy',
      columnKey: 'e',
      categories: ['Line 1 press', 'Line 1 conveyor', 'Line 2 press'],
      values: [13, 10, 5],
      unit: 'kWh',
    });
  });

  it('shows energy in MWh with unitScale 1000, exactly, and labels in Chinese', async () => {
    const table = await build(
      { objects: meters('M011', 'M012'), unitScale: 1000, decimals: 3, lang: 'zh', columns: [{ id: 'e', kind: 'metric', metric: 'energy' }] },
      '2026-10-31',
      '2026-11-01',
    );
    expect(table.columns[0]).toMatchObject({ label: '能耗', unit: 'MWh', decimals: 3 });
    expect(cells(table)).toEqual([
      ['Line 1 press', 0.013],
      ['Line 1 conveyor', 0.01],
      ['合计', 0.023],
    ]);
    expect(table.rowHeader).toBe('仪表');
  });

  it('puts periods in rows with one column group per object (period rows)', async () => {
    const table = await build(
      { objects: meters('M011', 'M014'), layout: 'periodRows', grain: 'day', columns: [{ id: 'e', kind: 'metric', metric: 'energy' }] },
      '2026-10-31',
      '2026-11-01',
    );
    expect(table.columns.map((c) => [c.key, c.group])).toEqual([
      [`e@${ids.M011}`, 'Line 1 press'],
      [`e@${ids.M014}`, 'Line 2 press'],
    ]);
    expect(cells(table)).toEqual([
      ['2026-10-31', 10, 1],
      ['2026-11-01', 3, 4],
      ['Total', 13, 5],
    ]);
    expect(table.rowHeader).toBe('Day');
  });

  it('refuses a report that would be too large (REPORT_TOO_LARGE)', async () => {
    const energy = { id: 'e', kind: 'metric', metric: 'energy' } as const;
    // Hours over 40 days (at most 31).
    await expect(build({ objects: meters('M011'), splitByPeriod: true, grain: 'hour', columns: [energy] }, '2026-10-01', '2026-11-09')).rejects.toMatchObject({
      code: 42201,
      message: 'An hourly report covers at most 31 days',
    });
    // 366 days × 2 columns = 732 split columns (at most 400).
    await expect(
      build(
        { objects: meters('M011'), splitByPeriod: true, grain: 'day', columns: [energy, { id: 'c', kind: 'metric', metric: 'cost' }] },
        '2026-01-01',
        '2027-01-01',
      ),
    ).rejects.toMatchObject({ code: 42201 });
  });

  it("never shows another tree's meters: named ids of tree B are left out, [] is the caller's tree", async () => {
    const named = await build(
      { objects: { kind: 'meter', ids: [ids.M011!, beta.meter] }, columns: [{ id: 'e', kind: 'metric', metric: 'energy' }] },
      '2026-10-31',
      '2026-11-01',
    );
    expect(cells(named)).toEqual([
      ['Line 1 press', 13],
      ['Total', 13],
    ]);
    const all = await build(
      { objects: { kind: 'meter', ids: [], energyType: 'electricity' }, columns: [{ id: 'e', kind: 'metric', metric: 'energy' }] },
      '2026-10-31',
      '2026-11-01',
    );
    expect(all.rows.some((row) => row.code === beta.meterCode)).toBe(false);
    expect(all.rows.find((row) => row.kind === 'total')!.cells).toEqual([28]);
    // Tree B's own report sees only its meter: 1000 → 1100 is 100 kWh on Oct 31.
    const betaContext = reportContextOf(
      k.t.app.storage,
      await ownerTreeOf(k.t.app.storage.db, beta.meter && (await ownerOfMeter(beta.meter))),
      'Asia/Shanghai',
    );
    const betaTable = await buildReportTable(
      betaContext,
      reportSpecSchema.parse({ objects: { kind: 'meter', ids: [] }, columns: [{ id: 'e', kind: 'metric', metric: 'energy' }] }),
      { from: '2026-10-31', to: '2026-11-01' },
      { title: 'B' },
    );
    expect(cells(betaTable)).toEqual([
      ['BETA incomer', 100],
      ['Total', 100],
    ]);
  });
});

async function ownerOfMeter(meterId: number): Promise<number> {
  return (await k.t.app.storage.db.selectFrom('meters').select('owner_user_id').where('id', '=', meterId).executeTakeFirstOrThrow()).owner_user_id;
}

describe('departments listed under listed departments', () => {
  it('shows a nested department indented and counts it once: totals and shares follow the departments above', async () => {
    const plant = await k.id('departments', 'PLANT');
    const spec = {
      objects: { kind: 'department' as const, ids: [plant, ids['LINE-1']!, ids['LINE-2']!] },
      columns: [
        { id: 'energy', kind: 'metric' as const, metric: 'energy' as const },
        { id: 'part', kind: 'formula' as const, op: 'share' as const, a: 'energy' },
      ],
    };
    const rowsOf = (table: ReportTable) => new Map(table.rows.map((row) => [row.kind === 'total' ? 'Total' : row.code, row]));
    // Oct 31 – Nov 1: the lines have energy (Line 1: M011 10 + 3, M012 2 + 8 = 23; Line 2: M014 1 + 4 = 5); the plant is
    // measured by its main meter, silent here. The total covers the plant row only, never plant + lines.
    const october = await build(spec, '2026-10-31', '2026-11-01');
    const rows = rowsOf(october);
    expect([rows.get('PLANT')!.level, rows.get('LINE-1')!.level, rows.get('LINE-2')!.level]).toEqual([0, 1, 1]);
    expect([rows.get('LINE-1')!.cells[0], rows.get('LINE-2')!.cells[0]]).toEqual([23, 5]);
    expect(rows.get('Total')!.covers).toEqual([october.rows.indexOf(rows.get('PLANT')!)]);
    expect(rows.get('Total')!.cells[0]).toBeNull();
    expect(october.notes).toContain('Indented departments are part of the department above them: subtotals, totals and shares count them once');
    // June 1: the plant's main meter M001 counts 1000 → 1010 → 1030 = 30 kWh: the total is 30 and the plant's share 100 %.
    await k.ingest(
      series('M001', [
        ['2026-06-01T10:00:00', 1000],
        ['2026-06-01T10:15:00', 1010],
        ['2026-06-01T10:30:00', 1030],
      ]),
    );
    const june = rowsOf(await build(spec, '2026-06-01', '2026-06-01'));
    expect(june.get('PLANT')!.cells).toEqual([30, 100]);
    expect(june.get('Total')!.cells).toEqual([30, 100]);
  });
});
