import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { DEMO_COMPRESSOR_LIMIT_KW, DEMO_COMPRESSOR_METER, DEMO_DROPOUT_METER, scenarioAt, scenarioTiming } from './demoScenario';
import { DemoSimulator, FINE_HISTORY_DAYS, RECENT_HISTORY_MINUTES, type SimulatedReading } from './demoSimulator';
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

describe('demo history', () => {
  it('steps hourly before the last 35 days, every 15 minutes within them and every minute in the last two hours, leaving out silences and overloads', async () => {
    const origin = Date.UTC(2026, 10, 2, 9, 0, 0);
    const timing = scenarioTiming(2);
    const simulator = await DemoSimulator.load(t.app.storage.db, { origin, timing });
    const from = origin - (FINE_HISTORY_DAYS + 2) * 86_400_000;
    const instants = new Map<number, SimulatedReading[]>();
    for (const chunk of simulator.history(from, origin)) for (const reading of chunk) instants.set(reading.ts, [...(instants.get(reading.ts) ?? []), reading]);
    const times = [...instants.keys()].sort((a, b) => a - b);
    // Two days of hours from `from` (on the hour), then 35 days of quarters less the last two hours, then
    // minutes up to the origin, both ends included; the instants inside a gateway silence have no readings at all.
    const fineFrom = origin - FINE_HISTORY_DAYS * 86_400_000;
    const recentFrom = origin - RECENT_HISTORY_MINUTES * 60_000;
    const grid: number[] = [];
    for (let ts = from; ts < fineFrom; ts += 3_600_000) grid.push(ts);
    for (let ts = fineFrom; ts < recentFrom; ts += 900_000) grid.push(ts);
    for (let ts = recentFrom; ts <= origin; ts += 60_000) grid.push(ts);
    expect(grid.length).toBe(2 * 24 + FINE_HISTORY_DAYS * 96 - 8 + 120 + 1);
    expect(times).toEqual(grid.filter((ts) => !scenarioAt(timing, origin, ts).gatewaySilent));
    expect(times.length).toBeLessThan(grid.length);

    const fullHouse = Math.max(...[...instants.values()].map((readings) => readings.length));
    const dropout = origin - 8 * 3_600_000 + 15 * 60_000; // within [origin + 5 min − 8 h, + 40 min)
    expect(instants.get(dropout)!.map((r) => r.meter)).not.toContain(DEMO_DROPOUT_METER);
    expect(instants.get(dropout)!.length).toBe(fullHouse - 1);
    const silent = origin + timing.gatewaySilence.firstAtMs - 2 * 86_400_000 + 15 * 60_000;
    expect(instants.get(silent)).toBeUndefined();
    // 15-minute samples at the origin's overload minutes would show it: history leaves overloads out.
    const compressorKw = [...instants.values()]
      .flat()
      .filter((r) => r.meter === DEMO_COMPRESSOR_METER)
      .map((r) => r.values.kw!);
    expect(Math.max(...compressorKw)).toBeLessThan(DEMO_COMPRESSOR_LIMIT_KW - 10);
  });
});
