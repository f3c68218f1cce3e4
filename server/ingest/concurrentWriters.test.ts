import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { IngestService } from './ingestService';

// Two ingest pipelines on one database stand for two server processes behind a load balancer
// (on PostgreSQL they run real concurrent transactions from the pool).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ timeZone: 'UTC' });
});
afterAll(() => t.close());

const source = { kind: 'mqtt' as const, gatewaySn: 'GW-DEMO-01' };

/** 200 one-minute readings from `start`, 2 kWh a minute from 1000. */
const series = (meter: string, start: number) => Array.from({ length: 200 }, (_, i) => ({ meter, ts: start + i * 60_000, values: { kwh: 1000 + i * 2 } }));

async function intervalsOf(code: string): Promise<number[]> {
  const db = t.app.storage.db;
  const meter = await db.selectFrom('meters').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('energy_intervals').select(['start', 'energy']).where('meter_id', '=', meter.id).orderBy('start').execute();
  return rows.map((r) => Math.round(r.energy * 1e6) / 1e6);
}

async function hourRollups(code: string): Promise<number[]> {
  const db = t.app.storage.db;
  const meter = await db.selectFrom('meters').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('energy_rollups')
    .select(['period', 'energy'])
    .where('scope', '=', 'meter')
    .where('scope_id', '=', meter.id)
    .where('grain', '=', 'hour')
    .orderBy('period')
    .execute();
  return rows.map((r) => Math.round(r.energy * 1e6) / 1e6);
}

// 199 steps of 2 kWh a minute from 00:00: thirteen whole quarter hours of 30 kWh, then 00:195–00:199 with 8;
// hours 120, 120, 120 and 38 (3:00–3:19). Total 398 = (1000 + 199 × 2) − 1000.
const IN_ORDER_INTERVALS = [...Array.from({ length: 13 }, () => 30), 8];
const IN_ORDER_HOURS = [120, 120, 120, 38];

describe('two writers, one meter', () => {
  it('counts every register step once: the total is the last register minus the first', async () => {
    const second = new IngestService(t.app.storage.db, 'UTC', undefined, t.app.storage.sqlite);
    const readings = series('M021', Date.parse('2026-11-10T00:00:00Z'));
    await t.app.ingest.submit({ readings: readings.slice(0, 1) }, source);
    const sends: Promise<unknown>[] = [];
    for (let i = 1; i < readings.length; i += 10) {
      const writer = Math.floor(i / 10) % 2 === 0 ? t.app.ingest : second;
      sends.push(writer.submit({ readings: readings.slice(i, i + 10) }, source));
    }
    await Promise.all(sends);
    await second.drain();
    expect(await intervalsOf('M021')).toEqual(IN_ORDER_INTERVALS);
    expect(await hourRollups('M021')).toEqual(IN_ORDER_HOURS);
  });

  it('gives the same energy when the second reading commits before the first, and batches race newest first', async () => {
    const second = new IngestService(t.app.storage.db, 'UTC', undefined, t.app.storage.sqlite);
    const readings = series('M022', Date.parse('2026-11-10T00:00:00Z'));
    // The meter's second reading commits through one process before its first reaches the other.
    expect(await second.submit({ readings: [readings[1]] }, source)).toMatchObject({ accepted: 1 });
    expect(await t.app.ingest.submit({ readings: [readings[0]] }, source)).toMatchObject({ accepted: 1 });
    // Then the rest in batches of ten sent newest first, alternating writers, all in flight at once.
    const sends: Promise<unknown>[] = [];
    const batches: (typeof readings)[] = [];
    for (let i = 2; i < readings.length; i += 10) batches.push(readings.slice(i, i + 10));
    batches.reverse().forEach((batch, n) => sends.push((n % 2 === 0 ? t.app.ingest : second).submit({ readings: batch }, source)));
    await Promise.all(sends);
    await second.drain();
    expect(await intervalsOf('M022')).toEqual(IN_ORDER_INTERVALS);
    expect(await hourRollups('M022')).toEqual(IN_ORDER_HOURS);
  });
});
