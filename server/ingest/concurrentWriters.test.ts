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

describe('two writers, one meter', () => {
  it('counts every register step once: the total is the last register minus the first', async () => {
    const second = new IngestService(t.app.storage.db, 'UTC', undefined, t.app.storage.sqlite);
    const start = Date.parse('2026-11-10T00:00:00Z');
    const readings = Array.from({ length: 200 }, (_, i) => ({ meter: 'M021', ts: start + i * 60_000, values: { kwh: 1000 + i * 2 } }));
    const source = { kind: 'mqtt' as const, gatewaySn: 'GW-DEMO-01' };
    // The first reading is in before the race: a reading older than the meter's last is kept raw and
    // counts nothing (late data), so the race must not decide where the register cycle starts.
    await t.app.ingest.submit({ readings: readings.slice(0, 1) }, source);
    const sends: Promise<unknown>[] = [];
    for (let i = 1; i < readings.length; i += 10) {
      const writer = Math.floor(i / 10) % 2 === 0 ? t.app.ingest : second;
      sends.push(writer.submit({ readings: readings.slice(i, i + 10) }, source));
    }
    await Promise.all(sends);
    await second.drain();
    const meter = await t.app.storage.db.selectFrom('meters').select('id').where('code', '=', 'M021').executeTakeFirstOrThrow();
    const total = await t.app.storage.db
      .selectFrom('energy_intervals')
      .select((eb) => eb.fn.sum<number>('energy').as('energy'))
      .where('meter_id', '=', meter.id)
      .executeTakeFirstOrThrow();
    expect(Number(total.energy)).toBeCloseTo(398, 6); // (1000 + 199 × 2) − 1000
  });
});
