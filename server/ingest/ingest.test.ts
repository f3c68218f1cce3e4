import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/testApp';

// Shanghai has no daylight saving: local midnight is 16:00 UTC the day before.
const TZ = 'Asia/Shanghai';
const local = (time: string) => Date.parse(`2026-11-10T${time}+08:00`);
const GW = { kind: 'mqtt' as const, gatewaySn: 'GW-DEMO-01' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
});
afterAll(() => t.close());

const db = () => t.app.storage.db;
const meterId = async (code: string) => (await db().selectFrom('meters').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const departmentId = async (code: string) => (await db().selectFrom('departments').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const send = (readings: { meter: string; ts: number; values: Record<string, number> }[], source = GW) => t.app.ingest.submit({ readings }, source);

async function rollup(
  scope: 'meter' | 'department' | 'subitem',
  scopeId: number,
  grain: 'hour' | 'day' | 'month',
  period: string,
): Promise<number | undefined> {
  const row = await db()
    .selectFrom('energy_rollups')
    .select('energy')
    .where('scope', '=', scope)
    .where('scope_id', '=', scopeId)
    .where('grain', '=', grain)
    .where('period', '=', period)
    .executeTakeFirst();
  return row?.energy;
}

async function intervals(code: string): Promise<[string, number][]> {
  const rows = await db()
    .selectFrom('energy_intervals')
    .select(['start', 'energy'])
    .where('meter_id', '=', await meterId(code))
    .orderBy('start')
    .execute();
  return rows.map((r) => [new Date(r.start).toISOString(), Math.round(r.energy * 1e6) / 1e6]);
}

describe('ingestion: energy that can be trusted', () => {
  it('turns register readings into 15-minute energy and hour, day and month rollups', async () => {
    const outcome = await send([
      { meter: 'M011', ts: local('00:00:00'), values: { kwh: 100, kw: 40 } },
      { meter: 'M011', ts: local('00:15:00'), values: { kwh: 110, kw: 40 } },
      { meter: 'M011', ts: local('00:30:00'), values: { kwh: 130, kw: 80 } },
    ]);
    expect(outcome).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
    expect(await intervals('M011')).toEqual([
      ['2026-11-09T16:00:00.000Z', 10],
      ['2026-11-09T16:15:00.000Z', 20],
    ]);
    const id = await meterId('M011');
    expect(await rollup('meter', id, 'hour', String(local('00:00:00')))).toBe(30);
    expect(await rollup('meter', id, 'day', '2026-11-10')).toBe(30);
    expect(await rollup('meter', id, 'month', '2026-11')).toBe(30);
    // Line 1 has no main meter; Hall A has one (M010), so the press counts for Line 1 only.
    expect(await rollup('department', await departmentId('LINE-1'), 'day', '2026-11-10')).toBe(30);
    expect(await rollup('department', await departmentId('HALL-A'), 'day', '2026-11-10')).toBeUndefined();
    const power = await db().selectFrom('subitems').select('id').where('code', '=', 'POWER').executeTakeFirstOrThrow();
    expect(await rollup('subitem', power.id, 'day', '2026-11-10')).toBe(30);
  });

  it('is idempotent on (meter, ts): a replay is counted as duplicates and changes nothing', async () => {
    const replay = await send([
      { meter: 'M011', ts: local('00:15:00'), values: { kwh: 110 } },
      { meter: 'M011', ts: local('00:30:00'), values: { kwh: 130 } },
    ]);
    expect(replay).toEqual({ accepted: 0, duplicates: 2, rejected: [] });
    expect(await rollup('meter', await meterId('M011'), 'day', '2026-11-10')).toBe(30);
  });

  it('rolls over at the register maximum: 995 → 5 on a 1000 register is 10 kWh', async () => {
    await db().updateTable('meters').set({ register_max: 1000 }).where('code', '=', 'M012').execute();
    t.app.ingest.directory.invalidate();
    await send([
      { meter: 'M012', ts: local('01:00:00'), values: { kwh: 995 } },
      { meter: 'M012', ts: local('01:15:00'), values: { kwh: 5 } },
    ]);
    expect(await intervals('M012')).toEqual([['2026-11-09T17:00:00.000Z', 10]]);
  });

  it('starts a new cycle on a reset or replacement: no negative or giant step', async () => {
    await send([
      { meter: 'M013', ts: local('02:00:00'), values: { kwh: 5000 } },
      { meter: 'M013', ts: local('02:15:00'), values: { kwh: 3 } },
      { meter: 'M013', ts: local('02:30:00'), values: { kwh: 8 } },
    ]);
    expect(await intervals('M013')).toEqual([['2026-11-09T18:15:00.000Z', 5]]);
  });

  it('spreads energy across a data gap instead of dumping it into one interval', async () => {
    await send([
      { meter: 'M014', ts: local('03:00:00'), values: { kwh: 100 } },
      { meter: 'M014', ts: local('05:00:00'), values: { kwh: 180 } },
    ]);
    const parts = await intervals('M014');
    expect(parts).toHaveLength(8);
    expect(parts.every(([, energy]) => energy === 10)).toBe(true);
    const id = await meterId('M014');
    expect(await rollup('meter', id, 'hour', String(local('03:00:00')))).toBe(40);
    expect(await rollup('meter', id, 'hour', String(local('04:00:00')))).toBe(40);
  });

  it('applies CT and PT: 0.5 kWh on the register × CT 40 × PT 10 = 200 kWh', async () => {
    await db().updateTable('meters').set({ ct_ratio: 40, pt_ratio: 10, rated_power_kw: 5000 }).where('code', '=', 'M015').execute();
    t.app.ingest.directory.invalidate();
    await send([
      { meter: 'M015', ts: local('06:00:00'), values: { kwh: 10 } },
      { meter: 'M015', ts: local('06:15:00'), values: { kwh: 10.5 } },
    ]);
    expect(await intervals('M015')).toEqual([['2026-11-09T22:00:00.000Z', 200]]);
  });

  it('counts the steps of a late (out-of-order) reading instead of the step it splits, never twice', async () => {
    await send([
      { meter: 'M016', ts: local('07:00:00'), values: { kwh: 100 } },
      { meter: 'M016', ts: local('08:00:00'), values: { kwh: 160 } },
    ]);
    expect(await send([{ meter: 'M016', ts: local('07:30:00'), values: { kwh: 130 } }])).toMatchObject({ accepted: 1 });
    const total = (await intervals('M016')).reduce((sum, [, energy]) => sum + energy, 0);
    expect(total).toBe(60);
    expect(
      await db()
        .selectFrom('readings')
        .select('ts')
        .where('meter_id', '=', await meterId('M016'))
        .execute(),
    ).toHaveLength(3);
  });

  it('splits energy at local midnight between the two days', async () => {
    await send([
      { meter: 'M021', ts: local('23:45:00'), values: { kwh: 0 } },
      { meter: 'M021', ts: Date.parse('2026-11-11T00:15:00+08:00'), values: { kwh: 20 } },
    ]);
    const id = await meterId('M021');
    expect(await rollup('meter', id, 'day', '2026-11-10')).toBe(10);
    expect(await rollup('meter', id, 'day', '2026-11-11')).toBe(10);
  });

  it('quarantines a step above the rating: 100 kWh in 15 min on a 10 kW meter (limit 3 kWh)', async () => {
    await db().updateTable('meters').set({ rated_power_kw: 10 }).where('code', '=', 'M022').execute();
    t.app.ingest.directory.invalidate();
    await send([
      { meter: 'M022', ts: local('09:00:00'), values: { kwh: 0 } },
      { meter: 'M022', ts: local('09:15:00'), values: { kwh: 100 } },
    ]);
    expect(await intervals('M022')).toEqual([]);
    const held = await db()
      .selectFrom('quarantine')
      .selectAll()
      .where('meter_id', '=', await meterId('M022'))
      .execute();
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ energy: 100, limit_energy: 3, raw_from: 0, raw_to: 100, status: 'pending' });
  });

  it('a department with a main meter counts only that meter (the incomer measures everything below)', async () => {
    await send([
      { meter: 'M001', ts: local('10:00:00'), values: { kwh: 1000 } },
      { meter: 'M001', ts: local('10:15:00'), values: { kwh: 1050 } },
    ]);
    const plant = await departmentId('PLANT');
    expect(await rollup('department', plant, 'hour', String(local('10:00:00')))).toBe(50);
    expect(await rollup('department', plant, 'hour', String(local('00:00:00')))).toBeUndefined();
  });

  it('rejects unknown meters and meters of another gateway with reasons, and keeps the rest', async () => {
    const other = await db()
      .insertInto('gateways')
      .values({ sn: 'GW-OTHER', name: 'Other', owner_user_id: 1, online: 0, last_seen_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    t.app.ingest.directory.invalidate();
    const outcome = await t.app.ingest.submit(
      {
        ts: local('11:00:00'),
        readings: [
          { meter: 'M030', values: { kw: 12 } },
          { meter: 'NOPE', values: { kw: 1 } },
          { meter: 'M031', values: { kw: 'x' } },
        ],
      },
      GW,
    );
    expect(outcome).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [
        { index: 1, meter: 'NOPE', reason: 'unknown meter "NOPE"' },
        { index: 2, meter: 'M031', reason: 'kw must be a finite number' },
      ],
    });
    expect(
      await t.app.ingest.submit({ readings: [{ meter: 'M030', ts: local('11:00:00'), values: { kw: 1 } }] }, { kind: 'mqtt', gatewaySn: 'GW-OTHER' }),
    ).toMatchObject({
      accepted: 0,
      rejected: [{ reason: 'meter "M030" is not on gateway "GW-OTHER"' }],
    });
    expect(other.id).toBeGreaterThan(0);
    expect(await t.app.ingest.submit({ readings: 'x' }, GW)).toEqual({ refused: 'readings must be an array' });
    const recorded = await db().selectFrom('ingest_rejections').select(['reason', 'source']).orderBy('id').execute();
    expect(recorded.map((r) => r.reason)).toEqual([
      'unknown meter "NOPE"',
      'kw must be a finite number',
      'meter "M030" is not on gateway "GW-OTHER"',
      'readings must be an array',
    ]);
  });

  it('keeps the latest value of every metric and marks the meter online', async () => {
    const state = await db()
      .selectFrom('meter_state')
      .selectAll()
      .where('meter_id', '=', await meterId('M011'))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(state.latest)).toEqual({ kwh: [130, local('00:30:00')], kw: [80, local('00:30:00')] });
    const meter = await db().selectFrom('meters').select(['online', 'last_seen_at']).where('code', '=', 'M011').executeTakeFirstOrThrow();
    expect(meter.online).toBe(1);
  });
});
