import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { startSimulator } from './runSimulator';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dayEnergy = async (code: string) => {
  const meter = await t.app.storage.db.selectFrom('meters').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  const rows = await t.app.storage.db
    .selectFrom('energy_rollups')
    .select('energy')
    .where('scope', '=', 'meter')
    .where('scope_id', '=', meter.id)
    .where('grain', '=', 'day')
    .execute();
  return rows.reduce((sum, r) => sum + r.energy, 0);
};

describe('demo simulator', () => {
  it('backfills history through the pipeline, with incomers that add up to their children plus a remainder', async () => {
    const published: unknown[] = [];
    const log = { info: () => undefined, warn: () => undefined };
    const running = await startSimulator({
      db: t.app.storage.db,
      ingest: t.app.ingest,
      publish: async (p) => void published.push(p),
      offlineIntervals: 2,
      intervalMs: 60_000,
      backfillDays: 1,
      log,
    });
    running.stop();
    const children = ['M011', 'M012', 'M013', 'M014', 'M015', 'M016'];
    const hallA = await dayEnergy('M010');
    const sumOfChildren = (await Promise.all(children.map(dayEnergy))).reduce((a, b) => a + b, 0);
    // About 24 h of a 12 kW remainder, within rounding of the registers (3 decimals).
    expect(hallA - sumOfChildren).toBeGreaterThan(12 * 23);
    expect(hallA - sumOfChildren).toBeLessThan(12 * 24.5);
    const stored = await t.app.storage.db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBeGreaterThan(30 * 90);
  });

  it('continues from the stored registers after a restart: no reset, no quarantine', async () => {
    const log = { info: () => undefined, warn: () => undefined };
    const again = await startSimulator({
      db: t.app.storage.db,
      ingest: t.app.ingest,
      publish: async () => undefined,
      offlineIntervals: 2,
      intervalMs: 60_000,
      backfillDays: 1,
      log,
    });
    again.stop();
    const held = await t.app.storage.db.selectFrom('quarantine').selectAll().execute();
    expect(held).toEqual([]);
  });
});
