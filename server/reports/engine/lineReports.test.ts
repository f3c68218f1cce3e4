import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TariffDefinition } from '@shared/tariffs';
import { REPORT_RULES, reportSpecSchema, type ReportSpecInput } from '@shared/reports/spec';
import type { ReportTable } from '@shared/reports/table';
import { at, energyKit, type EnergyKit } from '../../energy/energyKit.test-util';
import { testTariffs } from '../../tariffs/tariffFixtures.test-util';
import { ownerTreeOf } from '../../tenancy/ownerScope';
import { buildReportTable } from './buildReportTable';
import { reportContextOf } from './contextOf';
import type { ReportContext } from './reportContext';

// Production lines as report rows, on the real ingest (Asia/Shanghai; an interval belongs to the day its start is in).
//   M011: intervals 10-31 23:30 → 4, 23:45 → 6, 11-01 00:00 → 3   (Oct 31: 10, Nov 1: 3)
//   M012: intervals 10-31 23:45 → 2, 11-01 00:00 → 8               (Oct 31: 2,  Nov 1: 8)
// Line RPT-L takes M011 at 0.6 and M012 at 1:
//   energy Oct 31 = 10 × 0.6 + 2 = 8;  Nov 1 = 3 × 0.6 + 8 = 9.8;  in all 17.8
// Tariff (on PLANT, above both meters): 00:00–08:00 valley 0.30, 08:00–24:00 flat 0.60 per kWh, so Oct 31 is all
// flat and Nov 1 all valley: cost Oct 31 = 8 × 0.6 = 4.80, Nov 1 = 9.8 × 0.3 = 2.94, in all 7.74.
// Output (standard units = quantity × coefficient; RPT-A ×1, RPT-B ×2.5): Oct 31 4 A → 4; Nov 1 2 A + 2 B → 2 + 5 = 7.
//   SEC Oct 31 = 8 / 4 = 2 kWh per unit; Nov 1 = 9.8 / 7 = 1.4; in all 17.8 / 11 = 1.618181818…
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
let line: number;
const series = (meter: string, points: [string, number][]) => points.map(([time, kwh]) => ({ meter, ts: at(time), values: { kwh } }));
const ok = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
  const answer = await k.send(method, url, payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

beforeAll(async () => {
  k = await energyKit();
  const t = await testTariffs(k);
  const tariff = await t.tariff('Test TOU');
  await t.version(tariff, '2025-01-01', null, TOU);
  await t.assign(tariff, 'department', await k.id('departments', 'PLANT'));
  await k.t.app.tariffs.reload();
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
  ]);
  const m011 = await k.id('meters', 'M011');
  const m012 = await k.id('meters', 'M012');
  // The demo's press line takes all of M011 and M012: free them so the allocation rule lets this line have its share.
  await k.t.app.storage.db.deleteFrom('product_line_meters').where('meter_id', 'in', [m011, m012]).execute();
  const a = await ok('POST', '/api/products', { code: 'RPT-A', name: 'Report bracket', unit: 'pcs', standardCoefficient: 1 });
  const b = await ok('POST', '/api/products', { code: 'RPT-B', name: 'Report panel', unit: 'pcs', standardCoefficient: 2.5 });
  line = (await ok('POST', '/api/product-lines', { code: 'RPT-L', name: 'Report line', departmentId: await k.id('departments', 'LINE-1') })).id;
  await ok('PUT', `/api/production/lines/${line}/meters`, {
    meters: [
      { meterId: m011, ratio: 0.6 },
      { meterId: m012, ratio: 1 },
    ],
  });
  for (const [productId, day, quantity] of [
    [a.id, '2026-10-31', 4],
    [a.id, '2026-11-01', 2],
    [b.id, '2026-11-01', 2],
  ] as const)
    await ok('POST', '/api/product-records', { lineId: line, productId, day, quantity });
  const admin = await k.t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  context = reportContextOf(k.t.app.storage, await ownerTreeOf(k.t.app.storage.db, admin.id), 'Asia/Shanghai');
}, 120_000);
afterAll(async () => k.t.close());

const build = (spec: ReportSpecInput, from: string, to: string) =>
  buildReportTable(context, reportSpecSchema.parse(spec), { from, to }, { title: 'Lines', now: at('2026-11-02T08:00:00') });
const cells = (table: ReportTable) => table.rows.map((row) => [row.label, ...row.cells]);

describe('production lines in reports', () => {
  it('per day: energy = Σ meter intervals × allocation ratio, standard output and SEC; SEC totals through a ratio formula', async () => {
    const table = await build(
      {
        objects: { kind: 'line', ids: [line] },
        layout: 'periodRows',
        grain: 'day',
        columns: [
          { id: 'e', kind: 'metric', metric: 'energy' },
          { id: 'out', kind: 'metric', metric: 'output' },
          { id: 'sec', kind: 'metric', metric: 'sec' },
          { id: 'avg', kind: 'formula', op: 'ratio', a: 'e', b: 'out', decimals: 4 },
        ],
      },
      '2026-10-30',
      '2026-11-01',
    );
    expect(table.rowHeader).toBe('Day');
    expect(table.columns.map((c) => [c.group, c.label, c.unit, c.total])).toEqual([
      ['Report line', 'Energy', 'kWh', 'sum'],
      ['Report line', 'Output', 'std. unit', 'sum'],
      ['Report line', 'SEC', 'kWh/std. unit', 'none'],
      ['Report line', 'Energy / Output', 'kWh/std. unit', 'none'],
    ]);
    expect(cells(table)).toEqual([
      // Oct 30: no interval and no record: empty cells, not 0.
      ['2026-10-30', null, null, null, null],
      ['2026-10-31', 8, 4, 2, 2],
      ['2026-11-01', 9.8, 7, 1.4, 1.4],
      ['Total', 17.8, 11, null, 1.618181818],
    ]);
  });

  it('matches the production screens: the same energy per day and the same cost by band', async () => {
    const table = await build(
      {
        objects: { kind: 'line', ids: [line] },
        splitByPeriod: true,
        grain: 'day',
        columns: [
          { id: 'e', kind: 'metric', metric: 'energy' },
          { id: 'flat', kind: 'metric', metric: 'bandEnergy', band: 'flat' },
          { id: 'valley', kind: 'metric', metric: 'bandEnergy', band: 'valley' },
          { id: 'valleyCost', kind: 'metric', metric: 'bandCost', band: 'valley' },
          { id: 'cost', kind: 'metric', metric: 'cost' },
        ],
      },
      '2026-10-31',
      '2026-11-01',
    );
    expect(table.rowHeader).toBe('Production line');
    // Oct 31: 8 kWh all flat, 4.80; Nov 1: 9.8 kWh all valley, 2.94.
    expect(cells(table)).toEqual([
      ['Report line', 8, 8, null, null, 4.8, 9.8, null, 9.8, 2.94, 2.94],
      ['Total', 8, 8, null, null, 4.8, 9.8, null, 9.8, 2.94, 2.94],
    ]);
    const sec = await k.get(`/api/production/lines/${line}/sec`, { from: '2026-10-31', to: '2026-11-01', period: 'day' });
    expect(sec.body.data.periods.map((p: { energy: number; standardOutput: number }) => [p.energy, p.standardOutput])).toEqual([
      [8, 4],
      [9.8, 7],
    ]);
    const cost = await k.get(`/api/production/lines/${line}/cost`, { from: '2026-10-31', to: '2026-11-01' });
    expect(cost.body.data.total.costMinor).toBe(774);
  });

  it('leaves out an id that is no line of the tree, and groups lines by their department', async () => {
    const table = await build(
      {
        objects: { kind: 'line', ids: [line, 999_999] },
        groupBy: 'department',
        subtotals: true,
        columns: [{ id: 'e', kind: 'metric', metric: 'energy' }],
      },
      '2026-10-31',
      '2026-11-01',
    );
    expect(cells(table)).toEqual([
      ['Report line', 17.8],
      ['Subtotal: Line 1', 17.8],
      ['Total', 17.8],
    ]);
  });

  it('allows output and SEC for lines only, lines only their metrics, and no hourly output', () => {
    const issues = (spec: ReportSpecInput) => reportSpecSchema.safeParse(spec).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ objects: { kind: 'meter' }, columns: [{ id: 'o', kind: 'metric', metric: 'output' }] })).toEqual([REPORT_RULES.lineOnly]);
    expect(issues({ objects: { kind: 'line' }, columns: [{ id: 'd', kind: 'metric', metric: 'maxDemand' }] })).toEqual([REPORT_RULES.notForLines]);
    expect(issues({ objects: { kind: 'line' }, splitByPeriod: true, grain: 'hour', columns: [{ id: 's', kind: 'metric', metric: 'sec' }] })).toEqual([
      REPORT_RULES.outputNotHourly,
    ]);
    expect(issues({ objects: { kind: 'line' }, splitByPeriod: true, grain: 'hour', columns: [{ id: 'e', kind: 'metric', metric: 'energy' }] })).toEqual([]);
  });
});
