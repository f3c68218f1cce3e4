import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import type { Database } from '../db/schema';
import { assertMonthsOpen } from './closedMonths';
import { splitMinor } from './settlementFigures';
import { basePeriod, splitRange } from './periods';

/**
 * Settlement with hand-computed figures. Band rollups are written directly (what ingest keeps), so every number
 * below follows from the rows and the prices: sharp 1.234567, peak 0.9, flat 0.61, valley 0.305 per kWh.
 */
let t: TestApp;
let token: string;
let db: Kysely<Database>;
const ids = { A: 0, B: 0, C: 0, D: 0, flat: 0, tiered: 0 };

const definition = (tiers: { fromUnits: number; adder: string }[] = []) =>
  JSON.stringify({
    prices: { sharp: '1.234567', peak: '0.9', flat: '0.61', valley: '0.305' },
    seasons: [{ name: 'All year', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], layouts: { workday: [{ from: '00:00', to: '24:00', band: 'flat' }] } }],
    tiers,
  });

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.json() as { code: number; data: any; message: string } };
}

/** Band rows at day and month grain, and the matching energy rollups (plus `unpriced` beyond the bands). */
async function seed(departmentId: number, versionId: number, day: string, bands: Record<string, number>, unpriced = 0) {
  const month = day.slice(0, 7);
  for (const [grain, period] of [
    ['day', day],
    ['month', month],
  ] as const) {
    for (const [band, energy] of Object.entries(bands)) {
      const existing = await db
        .selectFrom('band_rollups')
        .select('energy')
        .where('scope', '=', 'department')
        .where('scope_id', '=', departmentId)
        .where('grain', '=', grain)
        .where('period', '=', period)
        .where('version_id', '=', versionId)
        .where('band', '=', band)
        .executeTakeFirst();
      if (existing)
        await db
          .updateTable('band_rollups')
          .set({ energy: existing.energy + energy })
          .where('scope', '=', 'department')
          .where('scope_id', '=', departmentId)
          .where('grain', '=', grain)
          .where('period', '=', period)
          .where('version_id', '=', versionId)
          .where('band', '=', band)
          .execute();
      else
        await db
          .insertInto('band_rollups')
          .values({
            scope: 'department',
            scope_id: departmentId,
            energy_type: 'electricity',
            grain,
            period,
            version_id: versionId,
            season: 0,
            band,
            energy,
            estimated: 0,
          })
          .execute();
    }
    const total = Object.values(bands).reduce((a, b) => a + b, 0) + unpriced;
    const existing = await db
      .selectFrom('energy_rollups')
      .select('energy')
      .where('scope', '=', 'department')
      .where('scope_id', '=', departmentId)
      .where('grain', '=', grain)
      .where('period', '=', period)
      .executeTakeFirst();
    if (existing)
      await db
        .updateTable('energy_rollups')
        .set({ energy: existing.energy + total })
        .where('scope', '=', 'department')
        .where('scope_id', '=', departmentId)
        .where('grain', '=', grain)
        .where('period', '=', period)
        .execute();
    else
      await db
        .insertInto('energy_rollups')
        .values({ scope: 'department', scope_id: departmentId, energy_type: 'electricity', grain, period, energy: total })
        .execute();
  }
}

beforeAll(async () => {
  t = await createTestApp({ timeZone: 'Asia/Shanghai', seedDemo: false });
  token = await loginAs(t.app);
  db = t.app.storage.db;
  const admin = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const department = async (code: string, name: string) =>
    (
      await db
        .insertInto('departments')
        .values({ owner_user_id: admin, code, name, parent_id: null, level: 1, sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  ids.A = await department('T-A', 'Tenant A');
  ids.B = await department('T-B', 'Tenant B');
  ids.C = await department('COMMON', 'Common area');
  ids.D = await department('T-D', 'Tenant D');
  const tariff = async (name: string, def: string) => {
    const tariffId = (
      await db
        .insertInto('tariffs')
        .values({ owner_user_id: admin, name, energy_type: 'electricity', created_at: 0, updated_at: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    return (
      await db
        .insertInto('tariff_versions')
        .values({ tariff_id: tariffId, valid_from: '2026-01-01', valid_to: null, definition: def, created_by: null, created_at: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  ids.flat = await tariff('Commercial TOU', definition());
  ids.tiered = await tariff(
    'Tiered TOU',
    definition([
      { fromUnits: 1000, adder: '0.05' },
      { fromUnits: 2000, adder: '0.1' },
    ]),
  );
  // 5 October: a day on each band for A (and 10 kWh no tariff priced), two bands for B, 300 kWh in the common area.
  await seed(ids.A, ids.flat, '2026-10-05', { sharp: 10, peak: 20, flat: 30, valley: 40 }, 10);
  await seed(ids.B, ids.flat, '2026-10-05', { peak: 5.5, valley: 100.25 });
  await seed(ids.C, ids.flat, '2026-10-05', { flat: 300 });
  // D on the tiered tariff: 800 + 900 + 800 kWh, crossing the 1,000 step on the 15th and the 2,000 step on the 28th.
  await seed(ids.D, ids.tiered, '2026-10-01', { flat: 800 });
  await seed(ids.D, ids.tiered, '2026-10-15', { flat: 900 });
  await seed(ids.D, ids.tiered, '2026-10-28', { flat: 800 });
});
afterAll(async () => t?.close());

const band = (line: any, name: string) => line.bands.find((cell: any) => cell.band === name);

describe('settlement figures', () => {
  it('prices two departments per band from the rollups, one rounding per line and band, totals the sum of the lines', async () => {
    const { body } = await call('GET', `/api/settlement?from=2026-10-05&to=2026-10-05&departmentIds=${ids.A},${ids.B}`);
    expect(body.code).toBe(0);
    const [a, b] = body.data.lines;
    expect(a).toMatchObject({ name: 'Tenant A', energyType: 'electricity', unit: 'kWh', energy: 110, unpricedEnergy: 10 });
    // 10 × 1.234567 = 12.34567 → 12.35; 20 × 0.9 = 18.00; 30 × 0.61 = 18.30; 40 × 0.305 = 12.20
    expect(a.bands.map((c: any) => [c.band, c.energy, c.priceMicro, c.costMinor])).toEqual([
      ['sharp', 10, 1_234_567, 1235],
      ['peak', 20, 900_000, 1800],
      ['flat', 30, 610_000, 1830],
      ['valley', 40, 305_000, 1220],
    ]);
    expect(a.costMinor).toBe(6085);
    // 5.5 × 0.9 = 4.95; 100.25 × 0.305 = 30.57625 → 30.58
    expect(b.bands.map((c: any) => [c.band, c.costMinor])).toEqual([
      ['peak', 495],
      ['valley', 3058],
    ]);
    expect(b).toMatchObject({ energy: 105.75, costMinor: 3553, unpricedEnergy: 0 });
    const [total] = body.data.totals;
    expect(total).toMatchObject({ energyType: 'electricity', energy: 215.75, costMinor: 9638, totalCostMinor: 9638, unpricedEnergy: 10 });
    expect(total.bands.map((c: any) => [c.band, c.energy, c.costMinor])).toEqual([
      ['sharp', 10, 1235],
      ['peak', 25.5, 2295],
      ['flat', 30, 1830],
      ['valley', 140.25, 4278],
    ]);
    expect(body.data.tariffVersions).toMatchObject([{ id: ids.flat, tariffName: 'Commercial TOU', validFrom: '2026-01-01', currency: 'CNY' }]);
  });

  it('adds the tier adder on the monthly total: units beyond each step × its adder, for the part of the month in the range', async () => {
    const month = (await call('GET', `/api/settlement?month=2026-10&departmentIds=${ids.D}`)).body.data.lines[0];
    // flat 2,500 × 0.61 = 1,525.00; tiers (2,500 − 1,000) × 0.05 = 75.00 + (2,500 − 2,000) × 0.1 = 50.00
    expect(band(month, 'flat')).toMatchObject({ energy: 2500, costMinor: 152_500 });
    expect(month.tier.costMinor).toBe(12_500);
    expect(month.tier.parts).toEqual([
      {
        month: '2026-10',
        tariffId: expect.any(Number),
        versionId: ids.tiered,
        monthEnergy: 2500,
        steps: [
          { fromUnits: 1000, adderMicro: 50_000, units: 1500 },
          { fromUnits: 2000, adderMicro: 100_000, units: 500 },
        ],
      },
    ]);
    expect(month.costMinor).toBe(165_000);
    // 1–15 October: 1,700 kWh crosses only the first step: 700 × 0.05 = 35.00
    const half = (await call('GET', `/api/settlement?from=2026-10-01&to=2026-10-15&departmentIds=${ids.D}`)).body.data.lines[0];
    expect(half).toMatchObject({ energy: 1700, tier: { costMinor: 3500 } });
    expect(half.costMinor).toBe(1700 * 61 + 3500);
  });

  it('apportions the common area by area: 300 kWh over 100 and 200 m² gives 100 and 200 kWh, and the source shows what it gave', async () => {
    const bad = await call('POST', '/api/apportion-rules', {
      name: 'Lobby',
      energyType: 'electricity',
      sourceDepartmentId: ids.C,
      method: 'area',
      shares: [{ departmentId: ids.C, value: 5 }],
    });
    expect([bad.status, bad.body.code, bad.body.message]).toEqual([400, 40000, 'body.shares: The common-area department cannot receive its own energy']);
    const rule = await call('POST', '/api/apportion-rules', {
      name: 'Lobby',
      energyType: 'electricity',
      sourceDepartmentId: ids.C,
      method: 'area',
      shares: [
        { departmentId: ids.A, value: 100 },
        { departmentId: ids.B, value: 200 },
      ],
    });
    expect(rule.body.code).toBe(0);
    const { body } = await call('GET', `/api/settlement?from=2026-10-05&to=2026-10-05&departmentIds=${ids.A},${ids.B},${ids.C}`);
    const [a, b, c] = body.data.lines;
    // common 300 × 0.61 = 183.00, split 1 : 2
    expect(a.apportioned).toMatchObject({ energy: 100, costMinor: 6100 });
    expect(a.apportioned.items).toEqual([
      {
        ruleId: rule.body.data.id,
        ruleName: 'Lobby',
        method: 'area',
        sourceDepartmentId: ids.C,
        sourceName: 'Common area',
        direction: 'in',
        share: 1 / 3,
        energy: 100,
        costMinor: 6100,
      },
    ]);
    expect(a).toMatchObject({ totalEnergy: 210, totalCostMinor: 6085 + 6100 });
    expect(b.apportioned).toMatchObject({ energy: 200, costMinor: 12_200 });
    expect(b).toMatchObject({ totalEnergy: 305.75, totalCostMinor: 3553 + 12_200 });
    expect(c).toMatchObject({ energy: 300, costMinor: 18_300, apportioned: { energy: -300, costMinor: -18_300 }, totalEnergy: 0, totalCostMinor: 0 });
    expect(c.apportioned.items[0]).toMatchObject({ direction: 'out', share: 1, method: 'area' });
    expect(body.data.totals[0]).toMatchObject({
      energy: 515.75,
      totalEnergy: 515.75,
      apportionedEnergy: 0,
      apportionedCostMinor: 0,
      totalCostMinor: 6085 + 3553 + 18_300,
    });
    // The rule list and a second rule for the same common area and type is refused.
    expect((await call('GET', '/api/apportion-rules')).body.data).toHaveLength(1);
    const twin = await call('POST', '/api/apportion-rules', {
      name: 'Twin',
      energyType: 'electricity',
      sourceDepartmentId: ids.C,
      method: 'consumption',
      shares: [{ departmentId: ids.A }],
    });
    expect(twin.body.message).toBe('sourceDepartmentId: This department already shares its electricity by another rule');
  });

  it('apportions by consumption share (110 : 105.75 kWh) and by fixed ratios (3 : 1), each stated on the line', async () => {
    const [rule] = (await call('GET', '/api/apportion-rules')).body.data;
    const put = (method: string, shares: { departmentId: number; value?: number }[]) =>
      call('PUT', `/api/apportion-rules/${rule.id}`, { name: 'Lobby', energyType: 'electricity', sourceDepartmentId: ids.C, method, shares });
    const lines = async () => (await call('GET', `/api/settlement?from=2026-10-05&to=2026-10-05&departmentIds=${ids.A},${ids.B},${ids.C}`)).body.data.lines;
    try {
      expect((await put('consumption', [{ departmentId: ids.A }, { departmentId: ids.B }])).body.code).toBe(0);
      let [a, b, c] = await lines();
      // 300 kWh × 110 / 215.75 = 152.955 and × 105.75 / 215.75 = 147.045; 183.00 × the same shares = 93.302… and 89.697…:
      // cents 9,330.24 and 8,969.76 floor to 9,330 + 8,969, the cent left goes to the larger remainder (B) → 8,970.
      expect(a.apportioned.items).toEqual([expect.objectContaining({ method: 'consumption', direction: 'in', share: 110 / 215.75, costMinor: 9330 })]);
      expect(a.apportioned.energy).toBeCloseTo(152.955, 3);
      expect(b.apportioned.items).toEqual([expect.objectContaining({ method: 'consumption', direction: 'in', share: 105.75 / 215.75, costMinor: 8970 })]);
      expect(b.apportioned.energy).toBeCloseTo(147.045, 3);
      expect(c).toMatchObject({ apportioned: { energy: -300, costMinor: -18_300 }, totalEnergy: 0, totalCostMinor: 0 });

      expect(
        (
          await put('fixed', [
            { departmentId: ids.A, value: 3 },
            { departmentId: ids.B, value: 1 },
          ])
        ).body.code,
      ).toBe(0);
      [a, b, c] = await lines();
      // 3 : 1 of 300 kWh and 183.00 → 225 kWh 137.25 and 75 kWh 45.75
      expect(a.apportioned).toMatchObject({ energy: 225, costMinor: 13_725, items: [expect.objectContaining({ method: 'fixed', share: 0.75 })] });
      expect(b.apportioned).toMatchObject({ energy: 75, costMinor: 4575, items: [expect.objectContaining({ method: 'fixed', share: 0.25 })] });
      expect(a).toMatchObject({ totalEnergy: 335, totalCostMinor: 6085 + 13_725 });
      expect(c.apportioned.items).toEqual([expect.objectContaining({ method: 'fixed', direction: 'out', share: 1 })]);
    } finally {
      // The tests below expect the rule by area.
      await put('area', [
        { departmentId: ids.A, value: 100 },
        { departmentId: ids.B, value: 200 },
      ]);
    }
  });

  it('splits money by the largest remainder so the parts add up, and compares with a base period', async () => {
    expect(splitMinor(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitMinor(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(splitMinor(18_300, [100, 200])).toEqual([6100, 12_200]);
    expect(splitRange('2026-09-30', '2026-11-01')).toEqual({
      months: ['2026-10'],
      daySpans: [
        { from: '2026-09-30', to: '2026-09-30' },
        { from: '2026-11-01', to: '2026-11-01' },
      ],
    });
    expect(basePeriod('2026-10-01', '2026-10-31', 'previous')).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    expect(basePeriod('2024-02-29', '2024-02-29', 'lastYear')).toEqual({ from: '2023-02-28', to: '2023-02-28' });
    const { body } = await call('GET', `/api/settlement?month=2026-10&departmentIds=${ids.A}&compare=previous`);
    expect(body.data.compare).toEqual({ mode: 'previous', from: '2026-09-01', to: '2026-09-30' });
    expect(body.data.lines[0].base).toEqual({ totalEnergy: 0, totalCostMinor: 0, deltaEnergy: 210, deltaCostMinor: 12_185 });
    const meters = await call('GET', '/api/settlement?month=2026-10&by=meter');
    expect(meters.body.data).toMatchObject({ by: 'meter', lines: [], totals: [] });
  });

  it('settles per meter; a meter under another main meter is shown but not added to the totals', async () => {
    const owner = await adminId();
    const meter = async (code: string, isMain: 0 | 1) =>
      (
        await db
          .insertInto('meters')
          .values({
            owner_user_id: owner,
            code,
            name: code,
            gateway_id: null,
            department_id: ids.A,
            energy_type: 'electricity',
            unit: 'kWh',
            ct_ratio: 1,
            pt_ratio: 1,
            register_max: 1e8,
            created_at: 0,
            is_main: isMain,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const main = await meter('MA-MAIN', 1);
    const sub = await meter('MA-SUB', 0);
    for (const [id, energy] of [
      [main, 100],
      [sub, 40],
    ] as const) {
      await db
        .insertInto('band_rollups')
        .values({
          scope: 'meter',
          scope_id: id,
          energy_type: 'electricity',
          grain: 'day',
          period: '2026-09-10',
          version_id: ids.flat,
          season: 0,
          band: 'flat',
          energy,
          estimated: 0,
        })
        .execute();
      await db
        .insertInto('energy_rollups')
        .values({ scope: 'meter', scope_id: id, energy_type: 'electricity', grain: 'day', period: '2026-09-10', energy })
        .execute();
    }
    const { body } = await call('GET', '/api/settlement?from=2026-09-10&to=2026-09-10&by=meter');
    expect(body.data.lines.map((l: any) => [l.code, l.energy, l.costMinor, l.nested])).toEqual([
      ['MA-MAIN', 100, 6100, false],
      ['MA-SUB', 40, 2440, true],
    ]);
    expect(body.data.totals[0]).toMatchObject({ energy: 100, totalCostMinor: 6100 });
    const wrong = await call('GET', '/api/settlement?from=2026-10-05');
    expect([wrong.body.code, wrong.body.message]).toEqual([40000, 'querystring.month: Give a month or both from and to']);
  });
});

describe('closing a month', () => {
  it('closes, answers the frozen figures, reopens with a reason, closes again with the diff', async () => {
    const first = await call('POST', '/api/settlement-closes', { month: '2026-10' });
    expect(first.body.code).toBe(0);
    expect(first.body.data).toMatchObject({ month: '2026-10', version: 1, state: 'closed', closedBy: 'admin', diff: null, reopenReason: null });
    expect(first.body.data.tariffVersions.map((v: any) => v.id).sort()).toEqual([ids.flat, ids.tiered].sort());
    const again = await call('POST', '/api/settlement-closes', { month: '2026-10' });
    expect([again.body.code, again.body.message]).toEqual([40000, 'month: 2026-10 is already closed; reopen it first']);
    const future = await call('POST', '/api/settlement-closes', { month: '2099-01' });
    expect(future.body.code).toBe(40000);

    // Writers of closed months are refused.
    await expect(assertMonthsOpen(db, [await adminId()], '2026-10-03', '2026-10-04')).rejects.toMatchObject({
      code: 40901,
      message: '2026-10 is closed for settlement; reopen it with a reason before changing its figures',
    });
    await expect(assertMonthsOpen(db, await adminId(), '2026-11-01', '2026-11-30')).resolves.toBeUndefined();

    // A correction lands in the rollups: the closed month still answers its snapshot.
    await seed(ids.A, ids.flat, '2026-10-06', { sharp: 5 });
    const frozen = (await call('GET', `/api/settlement?month=2026-10&departmentIds=${ids.A}`)).body.data;
    expect(frozen.closed).toMatchObject({ month: '2026-10', version: 1, closedBy: 'admin' });
    expect(band(frozen.lines[0], 'sharp')).toMatchObject({ energy: 10, costMinor: 1235 });
    expect(frozen.totals[0].energy).toBe(110);

    const noReason = await call('POST', `/api/settlement-closes/${first.body.data.id}/reopen`, { reason: '  ' });
    expect([noReason.body.code, noReason.body.message]).toEqual([40000, 'body.reason: Give a reason for reopening']);
    const reopened = await call('POST', `/api/settlement-closes/${first.body.data.id}/reopen`, { reason: 'Sharp reading of A corrected' });
    expect(reopened.body.data).toMatchObject({ state: 'reopened', reopenedBy: 'admin', reopenReason: 'Sharp reading of A corrected' });
    const live = (await call('GET', `/api/settlement?month=2026-10&departmentIds=${ids.A}`)).body.data;
    expect(live.closed).toBeNull();
    expect(band(live.lines[0], 'sharp')).toMatchObject({ energy: 15, costMinor: 1852 }); // 15 × 1.234567 = 18.518505

    const second = await call('POST', '/api/settlement-closes', { month: '2026-10' });
    expect(second.body.data).toMatchObject({ version: 2, state: 'closed' });
    const key = `department:${ids.A}:electricity`;
    expect(second.body.data.diff).toEqual([
      { key, name: 'Tenant A', energyType: 'electricity', part: 'sharp', energyBefore: 10, energyAfter: 15, costMinorBefore: 1235, costMinorAfter: 1852 },
      { key, name: 'Tenant A', energyType: 'electricity', part: 'total', energyBefore: 210, energyAfter: 215, costMinorBefore: 12_185, costMinorAfter: 12_802 },
    ]);
    const versions = (await call('GET', '/api/settlement-closes?month=2026-10')).body.data;
    expect(versions.map((v: any) => [v.version, v.state])).toEqual([
      [2, 'closed'],
      [1, 'reopened'],
    ]);
  });
});

async function adminId(): Promise<number> {
  return (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
}

describe('exporting', () => {
  const download = async (payload: object) => {
    const started = await call('POST', '/api/settlement-exports', payload);
    expect(started.body.code).toBe(0);
    let job = started.body.data;
    for (let i = 0; i < 200 && job.state === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = (await call('GET', `/api/settlement-exports/${job.id}`)).body.data;
    }
    expect(job).toMatchObject({ state: 'done', progress: 1 });
    const file = await t.app.inject({ method: 'GET', url: `/api/settlement-exports/${job.id}/file`, headers: bearer(token) });
    expect(file.statusCode).toBe(200);
    return { job, bytes: file.rawPayload };
  };

  it('writes XLSX with one sheet per energy type, per-band columns, estimated flags and a totals row', async () => {
    // 20 kWh of B's valley energy on the 5th are a completed gap (estimated).
    await db.updateTable('band_rollups').set({ estimated: 20 }).where('scope_id', '=', ids.B).where('band', '=', 'valley').where('grain', '=', 'day').execute();
    const { job, bytes } = await download({ from: '2026-10-05', to: '2026-10-05', departmentIds: [ids.A, ids.B], format: 'xlsx', lang: 'zh' });
    expect(job.fileName).toBe('settlement_department_2026-10-05_2026-10-05.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['电']);
    const sheet = workbook.worksheets[0]!;
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(row(1)).toEqual([
      '部门',
      '编码',
      '尖峰 用量（kWh）',
      '尖峰 单价',
      '尖峰 费用',
      '高峰 用量（kWh）',
      '高峰 单价',
      '高峰 费用',
      '平段 用量（kWh）',
      '平段 单价',
      '平段 费用',
      '低谷 用量（kWh）',
      '低谷 单价',
      '低谷 费用',
      '未计价（kWh）',
      '阶梯加价',
      '公摊量（kWh）',
      '公摊费用',
      '总用量（kWh）',
      '总费用',
      '估算',
    ]);
    expect(row(2)).toEqual(['Tenant A', 'T-A', 10, 1.234567, 12.35, 20, 0.9, 18, 30, 0.61, 18.3, 40, 0.305, 12.2, 10, 0, 100, 61, 210, 121.85]);
    expect(row(3)).toEqual(['Tenant B', 'T-B', 0, undefined, 0, 5.5, 0.9, 4.95, 0, undefined, 0, 100.25, 0.305, 30.58, 0, 0, 200, 122, 305.75, 157.53, '是']);
    expect(row(4)).toEqual([
      '合计',
      undefined,
      10,
      1.234567,
      12.35,
      25.5,
      0.9,
      22.95,
      30,
      0.61,
      18.3,
      140.25,
      0.305,
      42.78,
      10,
      0,
      300,
      183,
      515.75,
      279.38,
      '是',
    ]);
  });

  it('writes CSV with a BOM, an energy-type column and formula-safe cells', async () => {
    await db.updateTable('departments').set({ name: '=HYPERLINK("x")' }).where('id', '=', ids.B).execute();
    const { bytes } = await download({ from: '2026-10-05', to: '2026-10-05', departmentIds: [ids.B], format: 'csv', lang: 'en' });
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Energy type,Department,Code,Peak Energy (kWh),Peak Price,Peak Cost,Valley Energy (kWh),Valley Price,Valley Cost,Unpriced (kWh),Tier adder,Apportioned (kWh),Apportioned cost,Total energy (kWh),Total cost,Estimated',
    );
    expect(lines[1]).toBe(`Electricity,"'=HYPERLINK(""x"")",T-B,5.5,0.9,4.95,100.25,0.305,30.58,0,0,200,122,305.75,157.53,yes`);
    expect(lines[2]).toBe('Electricity,Total,,5.5,0.9,4.95,100.25,0.305,30.58,0,0,200,122,305.75,157.53,yes');
  });
});
