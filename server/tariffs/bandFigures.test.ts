import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TariffDefinition } from '@shared/tariffs';
import { at, energyKit, type EnergyKit } from '../energy/energyKit.test-util';
import { enqueueRecompute } from './recomputeJobs';
import { testTariffs } from './tariffFixtures.test-util';

// Two tariffs, Shanghai time (no daylight saving):
//   A "Grid TOU" on department PLANT (inherited by every meter below it):
//     V1 2026-01-01..2026-11-15  sharp 1.5, peak 1.0, flat 0.6, valley 0.3 (summer Jun–Aug: peak 1.2)
//        summer workday 00–08 valley, 08–10:30 flat, 10:30–12 sharp, 12–17 peak, 17–24 flat
//        other workday  00–08 valley, 08–10:30 flat, 10:30–17 peak, 17–24 flat; holiday: all day valley;
//        special (critical-peak) day 00–12 flat, 12–18 sharp, 18–24 flat
//     V2 2026-11-16..     the same layout, peak 2.0, flat 0.8
//   B "Chiller flat" on meter M030 (overrides A): all day flat 0.5
// Calendar: 2026-10-01 (Thursday) is a holiday; 2026-08-05 (Wednesday) a special day declared for heat.
const dayLayouts = (summer: boolean): TariffDefinition['seasons'][number]['layouts'] => ({
  workday: summer
    ? [
        { from: '00:00', to: '08:00', band: 'valley' },
        { from: '08:00', to: '10:30', band: 'flat' },
        { from: '10:30', to: '12:00', band: 'sharp' },
        { from: '12:00', to: '17:00', band: 'peak' },
        { from: '17:00', to: '24:00', band: 'flat' },
      ]
    : [
        { from: '00:00', to: '08:00', band: 'valley' },
        { from: '08:00', to: '10:30', band: 'flat' },
        { from: '10:30', to: '17:00', band: 'peak' },
        { from: '17:00', to: '24:00', band: 'flat' },
      ],
  holiday: [{ from: '00:00', to: '24:00', band: 'valley' }],
  special: [
    { from: '00:00', to: '12:00', band: 'flat' },
    { from: '12:00', to: '18:00', band: 'sharp' },
    { from: '18:00', to: '24:00', band: 'flat' },
  ],
});
export const V1: TariffDefinition = {
  prices: { sharp: '1.500000', peak: '1.000000', flat: '0.600000', valley: '0.300000' },
  seasons: [
    { name: 'Summer', months: [6, 7, 8], layouts: dayLayouts(true), prices: { peak: '1.200000' } },
    { name: 'Rest', months: [1, 2, 3, 4, 5, 9, 10, 11, 12], layouts: dayLayouts(false) },
  ],
  tiers: [],
};
const V2: TariffDefinition = { ...V1, prices: { ...V1.prices, peak: '2.000000', flat: '0.800000' } };
const FLAT: TariffDefinition = {
  prices: { flat: '0.500000' },
  seasons: [{ name: 'All year', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], layouts: { workday: [{ from: '00:00', to: '24:00', band: 'flat' }] } }],
  tiers: [],
};

let k: EnergyKit;
let v1: number;
let v2: number;
let v3: number;
const series = (meter: string, points: [string, number][]) => points.map(([time, kwh]) => ({ meter, ts: at(time), values: { kwh } }));

beforeAll(async () => {
  k = await energyKit();
  const t = await testTariffs(k);
  const a = await t.tariff('Grid TOU');
  v1 = await t.version(a, '2026-01-01', '2026-11-15', V1);
  v2 = await t.version(a, '2026-11-16', null, V2);
  const b = await t.tariff('Chiller flat');
  v3 = await t.version(b, '2026-01-01', null, FLAT);
  await t.assign(a, 'department', await k.id('departments', 'PLANT'));
  await t.assign(b, 'meter', await k.id('meters', 'M030'));
  await t.holiday('2026-10-01');
  await t.holiday('2026-08-05', 'special');
  await k.t.app.tariffs.reload();
  // Summer workday, 15-minute data, the sharp band starts at 10:30.
  await k.ingest(
    series('M011', [
      ['2026-07-15T10:00:00', 100],
      ['2026-07-15T10:15:00', 104],
      ['2026-07-15T10:30:00', 108],
      ['2026-07-15T10:45:00', 114],
      ['2026-07-15T12:00:00', 119],
      ['2026-07-15T12:15:00', 121],
    ]),
  );
  // Winter workday: one step 10:20 → 10:40 straddles the flat/peak edge at 10:30.
  await k.ingest(
    series('M012', [
      ['2026-11-10T10:20:00', 200],
      ['2026-11-10T10:40:00', 210],
    ]),
  );
  // The holiday: all valley, even at noon.
  await k.ingest(
    series('M013', [
      ['2026-10-01T11:00:00', 50],
      ['2026-10-01T12:00:00', 62],
    ]),
  );
  // The special day: 11:00–13:00 would be sharp then summer peak on a workday; here flat then sharp.
  await k.ingest(
    series('M015', [
      ['2026-08-05T11:00:00', 300],
      ['2026-08-05T13:00:00', 320],
    ]),
  );
  // Version change mid-month: the same hour on the 15th (V1) and the 16th (V2), two meters of LINE-2.
  await k.ingest([
    ...series('M014', [
      ['2026-11-15T13:00:00', 0],
      ['2026-11-15T14:00:00', 10],
    ]),
    ...series('M016', [
      ['2026-11-16T13:00:00', 0],
      ['2026-11-16T14:00:00', 10],
    ]),
  ]);
  // HVAC: M030 on its own tariff B, M031 inheriting A; 13:00–14:00 (peak under A).
  await k.ingest([
    ...series('M030', [
      ['2026-11-10T13:00:00', 0],
      ['2026-11-10T14:00:00', 20],
    ]),
    ...series('M031', [
      ['2026-11-10T13:00:00', 0],
      ['2026-11-10T14:00:00', 30],
    ]),
  ]);
}, 60_000);
afterAll(() => k.t.close());

const figures = async (query: Record<string, unknown>) => {
  const { status, body } = await k.get('/api/band-figures', query);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as {
    scopeId: number;
    period: string;
    versionId: number;
    season: number;
    band: string;
    energy: number;
    estimated: number;
    priceMicro: number | null;
    costMinor: number;
  }[];
};
const brief = (rows: Awaited<ReturnType<typeof figures>>) => rows.map((r) => [r.period, r.versionId, r.band, +r.energy.toFixed(9), r.costMinor]);

describe('band figures from the real ingest', () => {
  it('summer workday: flat 8 kWh × 0.6, sharp 11 kWh × 1.5 from 10:30, peak 2 kWh × the summer 1.2', async () => {
    const rows = await figures({ scope: 'meter', ids: await k.id('meters', 'M011'), grain: 'day', from: '2026-07-15', to: '2026-07-15' });
    expect(brief(rows)).toEqual([
      ['2026-07-15', v1, 'flat', 8, 480],
      ['2026-07-15', v1, 'peak', 2, 240],
      ['2026-07-15', v1, 'sharp', 11, 1650],
    ]);
    expect(rows.map((r) => [r.band, r.season, r.priceMicro])).toEqual([
      ['flat', 0, 600_000],
      ['peak', 0, 1_200_000],
      ['sharp', 0, 1_500_000],
    ]);
  });

  it('a 10:30 edge with 15-minute data prices each quarter: the hour 10:00 has flat 8, the hour 10:00 of sharp starts at 10:30', async () => {
    const rows = await figures({
      scope: 'meter',
      ids: await k.id('meters', 'M011'),
      grain: 'hour',
      from: String(at('2026-07-15T10:00:00')),
      to: String(at('2026-07-15T10:00:00')),
    });
    expect(brief(rows)).toEqual([
      [String(at('2026-07-15T10:00:00')), v1, 'flat', 8, 480],
      [String(at('2026-07-15T10:00:00')), v1, 'sharp', 7, 1050],
    ]);
  });

  it('winter: a step 10:20 → 10:40 across the 10:30 edge is split half and half (5 flat × 0.6, 5 peak × 1.0)', async () => {
    const rows = await figures({ scope: 'meter', ids: await k.id('meters', 'M012'), grain: 'day', from: '2026-11-10', to: '2026-11-10' });
    expect(brief(rows)).toEqual([
      ['2026-11-10', v1, 'flat', 5, 300],
      ['2026-11-10', v1, 'peak', 5, 500],
    ]);
    expect(rows.every((r) => r.season === 1)).toBe(true);
  });

  it('a holiday from the calendar is valley all day (12 kWh × 0.3)', async () => {
    const rows = await figures({ scope: 'meter', ids: await k.id('meters', 'M013'), grain: 'day', from: '2026-10-01', to: '2026-10-01' });
    expect(brief(rows)).toEqual([['2026-10-01', v1, 'valley', 12, 360]]);
  });

  it('a special day from the calendar takes its own layout: 11–12 flat 10 kWh × 0.6, 12–13 sharp 10 kWh × 1.5', async () => {
    const rows = await figures({ scope: 'meter', ids: await k.id('meters', 'M015'), grain: 'day', from: '2026-08-05', to: '2026-08-05' });
    expect(brief(rows)).toEqual([
      ['2026-08-05', v1, 'flat', 10, 600],
      ['2026-08-05', v1, 'sharp', 10, 1500],
    ]);
  });

  it('a version change mid-month: the month row of LINE-2 holds both versions, each at its own price', async () => {
    const rows = await figures({ scope: 'department', ids: await k.id('departments', 'LINE-2'), grain: 'month', from: '2026-11', to: '2026-11' });
    expect(brief(rows)).toEqual([
      ['2026-11', v1, 'peak', 10, 1000],
      ['2026-11', v2, 'peak', 10, 2000],
    ]);
  });

  it("a meter's own tariff overrides its department's: HVAC = M030 on B (20 × 0.5) + M031 on A (30 × 1.0)", async () => {
    const rows = await figures({ scope: 'department', ids: await k.id('departments', 'HVAC'), grain: 'day', from: '2026-11-10', to: '2026-11-10' });
    expect(brief(rows)).toEqual([
      ['2026-11-10', v1, 'peak', 30, 3000],
      ['2026-11-10', v3, 'flat', 20, 1000],
    ]);
  });

  it('every department and sub-item equals the sum of the meters it counts, slot by slot; band totals equal energy totals', async () => {
    const directory = await k.t.app.ingest.directory.get();
    const db = k.t.app.storage.db;
    const meterRows = await db.selectFrom('band_rollups').selectAll().where('scope', '=', 'meter').where('grain', '=', 'month').execute();
    const expected = new Map<string, number>();
    for (const row of meterRows) {
      const meter = directory.meterById.get(row.scope_id)!;
      const scopes = [...meter.departmentIds.map((id) => `department:${id}`), ...(meter.subitemId === null ? [] : [`subitem:${meter.subitemId}`])];
      for (const scope of scopes) {
        const key = `${scope}:${row.period}:${row.version_id}:${row.band}`;
        expected.set(key, (expected.get(key) ?? 0) + row.energy);
      }
    }
    const others = await db.selectFrom('band_rollups').selectAll().where('scope', '!=', 'meter').where('grain', '=', 'month').execute();
    const actual = new Map(
      others.filter((r) => Math.abs(r.energy) > 1e-9).map((r) => [`${r.scope}:${r.scope_id}:${r.period}:${r.version_id}:${r.band}`, r.energy]),
    );
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].filter((key) => Math.abs(expected.get(key)!) > 1e-9).sort());
    for (const [key, energy] of actual) expect(energy).toBeCloseTo(expected.get(key)!, 9);
    // Every metered kWh of a priced meter is in exactly one band.
    const bandTotal = meterRows.reduce((sum, r) => sum + r.energy, 0);
    const energyTotal = (await db.selectFrom('energy_rollups').select('energy').where('scope', '=', 'meter').where('grain', '=', 'month').execute()).reduce(
      (sum, r) => sum + r.energy,
      0,
    );
    expect(bandTotal).toBeCloseTo(energyTotal, 9);
    expect(bandTotal).toBeCloseTo(8 + 11 + 2 + 10 + 12 + 20 + 20 + 30 + 20, 9);
  });

  it('refuses a period key that does not fit the grain, and an id outside the tree', async () => {
    const bad = await k.get('/api/band-figures', { scope: 'meter', grain: 'day', from: '2026-11', to: '2026-11-30' });
    expect(bad.body).toMatchObject({ code: 40000 });
    expect(bad.body.message).toContain('from');
    const missing = await k.get('/api/band-figures', { scope: 'meter', ids: 999999, grain: 'day', from: '2026-11-01', to: '2026-11-30' });
    expect(missing.status).toBe(404);
  });
});

describe('recompute after a layout change', () => {
  it('moves the winter flat/peak edge of V1 from 10:30 to 10:15: the straddling step becomes all peak, departments follow', async () => {
    const db = k.t.app.storage.db;
    const changed: TariffDefinition = structuredClone(V1);
    changed.seasons[1]!.layouts.workday = [
      { from: '00:00', to: '08:00', band: 'valley' },
      { from: '08:00', to: '10:15', band: 'flat' },
      { from: '10:15', to: '17:00', band: 'peak' },
      { from: '17:00', to: '24:00', band: 'flat' },
    ];
    await db
      .updateTable('tariff_versions')
      .set({ definition: JSON.stringify(changed) })
      .where('id', '=', v1)
      .execute();
    await k.t.app.tariffs.reload();
    const owner = (await db.selectFrom('meters').select('owner_user_id').where('code', '=', 'M012').executeTakeFirstOrThrow()).owner_user_id;
    const jobId = await enqueueRecompute(db, {
      ownerUserId: owner,
      reason: 'tariff-version',
      detail: { versionId: v1 },
      fromDay: '2026-11-01',
      toDay: '2026-11-15',
      createdBy: null,
    });
    k.t.app.tariffs.recompute.kick();
    await k.t.app.tariffs.recompute.idle();
    const job = await k.get(`/api/recompute-jobs/${jobId}`);
    expect(job.body.data).toMatchObject({ state: 'done', error: null });
    expect(job.body.data.done).toBe(job.body.data.total);
    const m012 = await k.id('meters', 'M012');
    // The step's first half lies in the 10:15 interval, which is peak now: all 10 kWh at 1.0.
    expect(brief(await figures({ scope: 'meter', ids: m012, grain: 'day', from: '2026-11-10', to: '2026-11-10' }))).toEqual([
      ['2026-11-10', v1, 'peak', 10, 1000],
    ]);
    expect(brief(await figures({ scope: 'department', ids: await k.id('departments', 'LINE-1'), grain: 'month', from: '2026-11', to: '2026-11' }))).toEqual([
      ['2026-11', v1, 'peak', 10, 1000],
    ]);
    // The summer day is outside the job's days and keeps its figures.
    expect(brief(await figures({ scope: 'meter', ids: await k.id('meters', 'M011'), grain: 'day', from: '2026-07-15', to: '2026-07-15' }))).toEqual([
      ['2026-07-15', v1, 'flat', 8, 480],
      ['2026-07-15', v1, 'peak', 2, 240],
      ['2026-07-15', v1, 'sharp', 11, 1650],
    ]);
    const list = await k.get('/api/recompute-jobs');
    expect(list.body.data[0]).toMatchObject({ id: jobId, state: 'done', reason: 'tariff-version' });
  });

  it('a job claimed by a process that died (heartbeat older than 60 s) is claimed again and finished', async () => {
    const db = k.t.app.storage.db;
    // Put V1's original layout back, as a job left half-way by a crashed process.
    await db
      .updateTable('tariff_versions')
      .set({ definition: JSON.stringify(V1) })
      .where('id', '=', v1)
      .execute();
    await k.t.app.tariffs.reload();
    const owner = (await db.selectFrom('meters').select('owner_user_id').where('code', '=', 'M012').executeTakeFirstOrThrow()).owner_user_id;
    const jobId = await enqueueRecompute(db, { ownerUserId: owner, reason: 'tariff-version', fromDay: '2026-11-10', toDay: '2026-11-10', createdBy: null });
    const all = (await db.selectFrom('meters').select('id').where('owner_user_id', '=', owner).orderBy('id').execute()).map((m) => m.id);
    await db
      .updateTable('recompute_jobs')
      .set({ state: 'running', claimed_by: 'dead-process', heartbeat_at: Date.now() - 21_000, meter_ids: JSON.stringify(all), total: all.length, done: 1 })
      .where('id', '=', jobId)
      .execute();
    // A live heartbeat is not taken over.
    await db
      .updateTable('recompute_jobs')
      .set({ heartbeat_at: Date.now() - 19_000 })
      .where('id', '=', jobId)
      .execute();
    expect(await k.t.app.tariffs.recompute.claim(Date.now())).toBeNull();
    await db
      .updateTable('recompute_jobs')
      .set({ heartbeat_at: Date.now() - 21_000 })
      .where('id', '=', jobId)
      .execute();
    k.t.app.tariffs.recompute.kick();
    await k.t.app.tariffs.recompute.idle();
    const job = await db.selectFrom('recompute_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'done', claimed_by: k.t.app.tariffs.recompute.workerId, done: all.length });
    expect(brief(await figures({ scope: 'meter', ids: await k.id('meters', 'M012'), grain: 'day', from: '2026-11-10', to: '2026-11-10' }))).toEqual([
      ['2026-11-10', v1, 'flat', 5, 300],
      ['2026-11-10', v1, 'peak', 5, 500],
    ]);
  });
});
