import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_RULES, reportSpecSchema, type ReportSpecInput } from '@shared/reports/spec';
import type { ReportTable } from '@shared/reports/table';
import { SHIPS_MENU, type ShipCiiAnswer, type ShipVoyagesAnswer } from '@shared/ships/api';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';
import { ownerTreeOf } from '../../tenancy/ownerScope';
import { buildReportTable } from './buildReportTable';
import { reportContextOf } from './contextOf';

// Ships as report rows, Asia/Shanghai (UTC+8): report slots are local days, while the ships module counts UTC years.
//   Leg A→B: 2026-10-31 12:00Z → 2026-11-01 00:00Z = local Oct 31 20:00 → Nov 1 08:00, 12 h, 300 nm, HFO 60 t linked.
//     In UTC the whole leg is in October; in local months 4 h (1/3) is in October and 8 h (2/3) in November:
//     distance Oct 100, Nov 200; HFO Oct 20, Nov 40.
//   Day entries (no leg), MDO/MGO: 2026-10-31 5 t (October); 2026-11-01 4000 L × 750 kg/m³ = 3 t (November).
//   Fuel flow meter, MDO/MGO in litres at 850 kg/m³: 15:45Z (local Oct 31 23:45) 1000 L = 0.85 t;
//     16:00Z (local Nov 1 00:00) 2000 L = 1.7 t.
//   October: HFO 20, MDO 5.85 → fuel 25.85 t; CO₂ 20 × 3.114 + 5.85 × 3.206 = 62.28 + 18.7551 = 81.0351 t
//   November: HFO 40, MDO 4.7 → fuel 44.7 t;  CO₂ 40 × 3.114 + 4.7 × 3.206 = 124.56 + 15.0682 = 139.6282 t
//   In all: fuel 70.55 t, CO₂ 220.6633 t, distance 300 nm — the ships module's 2026 year has the same fuel.
let t: TestApp;
let alpha: TreeUser;
let beta: TreeUser;
let trader: number;
let idle: number;
let betaShip: number;

const MENUS = [SHIPS_MENU, `${SHIPS_MENU}/add`, `${SHIPS_MENU}/edit`, '/base/device', '/base/device/add', '/report/reportConfig', '/report/reportConfig/add'];
const NOW = Date.parse('2026-11-20T00:00:00Z');

async function ok(user: TreeUser, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const { status, body } = await callAs(t.app, user.token, method, url, payload);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

const contextOf = async (user: TreeUser) => reportContextOf(t.app.storage, await ownerTreeOf(t.app.storage.db, user.id), 'Asia/Shanghai');
const build = async (user: TreeUser, spec: ReportSpecInput, from: string, to: string) =>
  buildReportTable(await contextOf(user), reportSpecSchema.parse(spec), { from, to }, { title: 'Fleet', now: NOW });
const cells = (table: ReportTable) => table.rows.map((row) => [row.label, ...row.cells]);

beforeAll(async () => {
  t = await createTestApp({ timeZone: 'Asia/Shanghai', seedDemo: false });
  alpha = await treeUser(t.app, 'report_ship_alpha', MENUS);
  beta = await treeUser(t.app, 'report_ship_beta', MENUS);
  trader = (await ok(alpha, 'POST', '/api/ships', { imoNumber: '9074729', name: 'Alpha Trader', shipType: 'bulk_carrier', dwt: 80_000 })).id;
  idle = (await ok(alpha, 'POST', '/api/ships', { imoNumber: 'IMO 9176187', name: 'Alpha Idle', shipType: 'container_ship', dwt: 20_000 })).id;
  betaShip = (await ok(beta, 'POST', '/api/ships', { imoNumber: '9321483', name: 'Beta Carrier', shipType: 'tanker', dwt: 50_000 })).id;
  await ok(alpha, 'POST', `/api/ships/${trader}/voyages`, {
    code: 'V1',
    legs: [
      {
        portFrom: 'Ningbo',
        portTo: 'Busan',
        departureAt: '2026-10-31T12:00:00Z',
        arrivalAt: '2026-11-01T00:00:00Z',
        distanceNm: 300,
        cargo: 50_000,
        cargoUnit: 't',
        condition: 'laden',
      },
    ],
  });
  const voyages = (await ok(alpha, 'GET', `/api/ships/${trader}/voyages`)) as ShipVoyagesAnswer;
  const legId = voyages.voyages[0]!.legs[0]!.id;
  for (const entry of [
    { legId, fuel: 'hfo', entryDay: '2026-11-01', tonnes: 60 },
    { fuel: 'diesel_gas_oil', entryDay: '2026-10-31', tonnes: 5 },
    { fuel: 'diesel_gas_oil', entryDay: '2026-11-01', litres: 4000, densityKgM3: 750 },
  ])
    await ok(alpha, 'POST', '/api/ship-fuel-entries', { shipId: trader, source: 'manual', ...entry });
  const meter = await ok(alpha, 'POST', '/api/meters', { code: 'RPT-FM', name: 'ME fuel flow', energyType: 'gas', unit: 'L' });
  await ok(alpha, 'POST', '/api/ship-fuel-meters', { shipId: trader, meterId: meter.id, fuel: 'diesel_gas_oil', volumeUnit: 'l', densityKgM3: 850 });
  await t.app.storage.db
    .insertInto('energy_intervals')
    .values([
      { meter_id: meter.id, start: Date.parse('2026-10-31T15:45:00Z'), energy: 1000 },
      { meter_id: meter.id, start: Date.parse('2026-10-31T16:00:00Z'), energy: 2000 },
    ])
    .execute();
  // Beta's ship burns fuel on the same days: it must never show in alpha's reports.
  await ok(beta, 'POST', '/api/ship-fuel-entries', { shipId: betaShip, source: 'manual', fuel: 'hfo', entryDay: '2026-10-31', tonnes: 999 });
}, 60_000);
afterAll(async () => t?.close());

describe('ships in reports', () => {
  it('per local month: fuel, CO₂ by Cf and distance, a leg split at local midnight by time, day entries by their date', async () => {
    const table = await build(
      alpha,
      {
        objects: { kind: 'ship', ids: [trader] },
        layout: 'periodRows',
        grain: 'month',
        columns: [
          { id: 'fuel', kind: 'metric', metric: 'fuel' },
          { id: 'hfo', kind: 'metric', metric: 'fuel', fuel: 'hfo' },
          { id: 'co2', kind: 'metric', metric: 'co2' },
          { id: 'co2Hfo', kind: 'metric', metric: 'co2', fuel: 'hfo' },
          { id: 'nm', kind: 'metric', metric: 'distance' },
          { id: 'perNm', kind: 'formula', op: 'ratio', a: 'co2', b: 'nm', decimals: 6 },
        ],
        unitScale: 1000,
      },
      '2026-09-01',
      '2026-11-30',
    );
    expect(table.rowHeader).toBe('Month');
    expect(table.columns.map((c) => [c.group, c.label, c.unit, c.total])).toEqual([
      ['Alpha Trader', 'Fuel', 't', 'sum'],
      ['Alpha Trader', 'Fuel (HFO)', 't', 'sum'],
      ['Alpha Trader', 'CO₂', 't', 'sum'],
      ['Alpha Trader', 'CO₂ (HFO)', 't', 'sum'],
      ['Alpha Trader', 'Distance', 'nm', 'sum'],
      ['Alpha Trader', 'CO₂ / Distance', 't/nm', 'none'],
    ]);
    // unitScale (MWh) does not touch tonnes or miles; September sailed nothing and burnt nothing: empty, not 0.
    expect(cells(table)).toEqual([
      ['2026-09', null, null, null, null, null, null],
      ['2026-10', 25.85, 20, 81.0351, 62.28, 100, 0.810351],
      ['2026-11', 44.7, 40, 139.6282, 124.56, 200, 0.698141],
      ['Total', 70.55, 60, 220.6633, 186.84, 300, 0.735544333],
    ]);
    expect(table.notes).toEqual([]);
  });

  it('adds up to the ships module’s own figures of the UTC year (one source of CO₂ and fuel)', async () => {
    const table = await build(
      alpha,
      {
        objects: { kind: 'ship', ids: [trader] },
        columns: [
          { id: 'fuel', kind: 'metric', metric: 'fuel' },
          { id: 'co2', kind: 'metric', metric: 'co2' },
        ],
      },
      '2026-10-01',
      '2026-11-30',
    );
    const cii = (await ok(alpha, 'GET', `/api/ships/${trader}/cii?year=2026`)) as ShipCiiAnswer;
    const yearFuel = cii.fuels.reduce((sum, fuel) => sum + fuel.tonnes, 0);
    expect(yearFuel).toBeCloseTo(70.55, 9);
    expect(cii.co2Tonnes).toBeCloseTo(220.6633, 9);
    expect(cells(table)[0]).toEqual(['Alpha Trader', 70.55, 220.6633]);
  });

  it('per local day, every ship of the caller’s tree by name (another tree’s ship left out), code = IMO number', async () => {
    const table = await build(
      alpha,
      {
        objects: { kind: 'ship', ids: [] },
        splitByPeriod: true,
        grain: 'day',
        columns: [{ id: 'fuel', kind: 'metric', metric: 'fuel' }],
      },
      '2026-10-30',
      '2026-11-01',
    );
    expect(table.rowHeader).toBe('Ship');
    expect(table.rows.map((row) => [row.label, row.code])).toEqual([
      ['Alpha Idle', '9176187'],
      ['Alpha Trader', '9074729'],
      ['Total', ''],
    ]);
    // Oct 31: HFO 20 + MDO 5 + 0.85; Nov 1: HFO 40 + MDO 3 + 1.7.
    expect(cells(table)).toEqual([
      ['Alpha Idle', null, null, null],
      ['Alpha Trader', null, 25.85, 44.7],
      ['Total', null, 25.85, 44.7],
    ]);
    const named = await build(
      alpha,
      { objects: { kind: 'ship', ids: [betaShip, idle] }, columns: [{ id: 'f', kind: 'metric', metric: 'fuel' }] },
      '2026-10-31',
      '2026-10-31',
    );
    expect(named.rows.map((row) => row.label)).toEqual(['Alpha Idle', 'Total']);
    const betaTable = await build(
      beta,
      { objects: { kind: 'ship', ids: [] }, columns: [{ id: 'f', kind: 'metric', metric: 'fuel' }] },
      '2026-10-31',
      '2026-10-31',
    );
    expect(cells(betaTable)).toEqual([
      ['Beta Carrier', 999],
      ['Total', 999],
    ]);
  });

  it('refuses another tree’s ship in a definition, in Chinese with the ship kind', async () => {
    const refused = await callAs(t.app, beta.token, 'POST', '/api/report-definitions', {
      name: 'Not mine',
      spec: { objects: { kind: 'ship', ids: [trader] }, columns: [{ id: 'f', kind: 'metric', metric: 'fuel' }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`${trader} does not exist`);
    const zh = await build(
      alpha,
      { objects: { kind: 'ship', ids: [trader] }, lang: 'zh', columns: [{ id: 'n', kind: 'metric', metric: 'distance' }] },
      '2026-10-31',
      '2026-10-31',
    );
    expect([zh.rowHeader, zh.columns[0]?.label, zh.columns[0]?.unit, cells(zh)[0]]).toEqual(['船舶', '航程', '海里', ['Alpha Trader', 100]]);
  });

  it('allows fuel, CO₂ and distance for ships only, ships only those, no hourly figures, no energy type or grouping', () => {
    const issues = (spec: ReportSpecInput) => reportSpecSchema.safeParse(spec).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ objects: { kind: 'meter' }, columns: [{ id: 'f', kind: 'metric', metric: 'fuel' }] })).toEqual([REPORT_RULES.shipOnly]);
    expect(issues({ objects: { kind: 'ship' }, columns: [{ id: 'e', kind: 'metric', metric: 'energy' }] })).toEqual([REPORT_RULES.notForShips]);
    expect(issues({ objects: { kind: 'ship' }, columns: [{ id: 'c', kind: 'metric', metric: 'cost' }] })).toEqual([REPORT_RULES.notForShips]);
    expect(issues({ objects: { kind: 'ship' }, layout: 'periodRows', grain: 'hour', columns: [{ id: 'n', kind: 'metric', metric: 'distance' }] })).toEqual([
      REPORT_RULES.shipNotHourly,
    ]);
    expect(
      issues({ objects: { kind: 'ship', energyType: 'electricity' }, groupBy: 'department', columns: [{ id: 'f', kind: 'metric', metric: 'co2' }] }),
    ).toEqual([REPORT_RULES.shipNoTypeOrGroup, REPORT_RULES.shipNoTypeOrGroup]);
    expect(REPORT_RULES.notForShips).toBe('Ships have fuel, CO₂ and distance only: their flow meters count fuel, not energy');
    expect(issues({ objects: { kind: 'ship' }, grain: 'hour', columns: [{ id: 'f', kind: 'metric', metric: 'fuel', fuel: 'lng' }] })).toEqual([]);
  });
});
