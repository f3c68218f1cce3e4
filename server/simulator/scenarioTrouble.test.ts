import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { INTERVAL_MS, SILENCE_SWEEP_MS } from '../alarms/alarmSettings';
import { DEMO_GATEWAY_SN, scenarioTiming } from './demoScenario';
import { prepareSimulator } from './runSimulator';

/**
 * The gateway's silence through the real ingest and alarm engine: the scenario is phased so that the
 * silence begins at the test's start (its origin three hours back), on a clock the test moves.
 */
const TICK_MS = 60_000;
const OFFLINE_INTERVALS = 2;
const timing = scenarioTiming(OFFLINE_INTERVALS);
const start = Math.floor(Date.now() / 60_000) * 60_000;
const origin = start - timing.gatewaySilence.firstAtMs;

let t: TestApp;
let before = 0;
let heard: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start - 15 * 60_000);
  const simulator = await prepareSimulator(
    {
      db: t.app.storage.db,
      ingest: t.app.ingest,
      offlineIntervals: OFFLINE_INTERVALS,
      publish: async (payload) => void (await t.app.ingest.submit(payload, { kind: 'mqtt', gatewaySn: DEMO_GATEWAY_SN })),
      intervalMs: TICK_MS,
      backfillDays: 1,
      log: { info: () => undefined, warn: () => undefined },
    },
    origin,
  );
  await simulator.backfill(start - 15 * 60_000);
  // The last live reading before the silence, then nothing from the gateway until it returns.
  vi.setSystemTime(start - TICK_MS);
  await simulator.tick(start - TICK_MS);
  await t.app.alarms.engine.idle();
  const gateway = await t.app.storage.db.selectFrom('gateways').select('id').where('sn', '=', DEMO_GATEWAY_SN).executeTakeFirstOrThrow();
  heard = (await t.app.storage.db.selectFrom('meters').select('id').where('gateway_id', '=', gateway.id).where('last_seen_at', 'is not', null).execute()).map(
    (m) => m.id,
  );
  before = Number(
    (
      await t.app.storage.db
        .selectFrom('alarm_records')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst()
    )?.max ?? 0,
  );
  for (let ts = start; ts <= start + timing.gatewaySilence.lastsMs + 2 * TICK_MS; ts += TICK_MS) {
    vi.setSystemTime(ts);
    await simulator.tick(ts);
    await t.app.alarms.engine.idle();
    await t.app.alarms.engine.sweep(ts);
  }
}, 120_000);
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

describe('the demo gateway goes silent', () => {
  it('raises trouble for the gateway and offline for every meter it carries, and clears them all when it returns', async () => {
    const raised = await t.app.storage.db
      .selectFrom('alarm_records')
      .select(['kind', 'subject_type', 'subject_id', 'raised_at', 'ended_at', 'processing_state'])
      .where('id', '>', before)
      .where('kind', 'in', ['trouble', 'offline'])
      .execute();
    const lastHeard = start - TICK_MS;
    // The first minute sweep that finds the silence longer than the offline intervals.
    const noticed = start + (Math.floor((lastHeard + OFFLINE_INTERVALS * INTERVAL_MS - start) / SILENCE_SWEEP_MS) + 1) * SILENCE_SWEEP_MS;
    const back = start + Math.ceil(timing.gatewaySilence.lastsMs / TICK_MS) * TICK_MS;
    expect(raised.filter((r) => r.kind === 'trouble').map((r) => [r.subject_type, Number(r.raised_at), Number(r.ended_at), r.processing_state])).toEqual([
      ['gateway', noticed, back, 4],
    ]);
    const offline = raised.filter((r) => r.kind === 'offline');
    expect(heard.length).toBeGreaterThan(20);
    expect(offline.map((r) => r.subject_id).sort((a, b) => a - b)).toEqual([...heard].sort((a, b) => a - b));
    expect(new Set(offline.map((r) => `${Number(r.raised_at)}-${Number(r.ended_at)}-${r.processing_state}`))).toEqual(new Set([`${noticed}-${back}-4`]));
  });
});
