import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { INTERVAL_MS, SILENCE_SWEEP_MS } from '../alarms/alarmSettings';
import { ThresholdRules } from '../alarms/thresholdRules';
import {
  DEMO_COMPRESSOR_DURATION_S,
  DEMO_COMPRESSOR_HYSTERESIS_KW,
  DEMO_COMPRESSOR_LIMIT_KW,
  DEMO_COMPRESSOR_METER,
  DEMO_DROPOUT_METER,
  DEMO_GATEWAY_SN,
  DEMO_GLITCH_KWH,
  DEMO_GLITCH_METER,
  scenarioTiming,
} from './demoScenario';
import { prepareSimulator, type PreparedSimulator } from './runSimulator';

/**
 * The scenario's first 46 minutes through the real ingest and alarm engine, on a clock the test moves
 * (only Date is faked: ingest stamps "last seen" with Date.now(), the sweep compares with it).
 */
const TICK_MS = 30_000;
const OFFLINE_INTERVALS = 2;
const timing = scenarioTiming(OFFLINE_INTERVALS);
const origin = Math.floor(Date.now() / 60_000) * 60_000;
/** The first live tick at or after `instant` (ticks every TICK_MS from the origin). */
const tickAtOrAfter = (instant: number) => origin + Math.ceil((instant - origin) / TICK_MS) * TICK_MS;

let t: TestApp;
let simulator: PreparedSimulator;
const meterId = async (code: string) => (await t.app.storage.db.selectFrom('meters').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const records = (kind: string, subjectId: number) =>
  t.app.storage.db.selectFrom('alarm_records').selectAll().where('kind', '=', kind).where('subject_id', '=', subjectId).orderBy('raised_at').execute();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.storage.db;
  const compressor = await meterId(DEMO_COMPRESSOR_METER);
  // The seed makes this rule on a demo install; a test app without it gets the same one here.
  const seeded = await db
    .selectFrom('alarm_rules')
    .select('id')
    .where('scope', '=', 'meter')
    .where('scope_id', '=', compressor)
    .where('metric', '=', 'kw')
    .executeTakeFirst();
  if (!seeded) {
    const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await new ThresholdRules(db).create(
      {
        name: 'Compressor overload',
        scope: 'meter',
        scopeId: compressor,
        metric: 'kw',
        over: DEMO_COMPRESSOR_LIMIT_KW,
        under: null,
        durationS: DEMO_COMPRESSOR_DURATION_S,
        hysteresis: DEMO_COMPRESSOR_HYSTERESIS_KW,
        severity: 'high',
        enabled: true,
      },
      admin.id,
    );
    t.app.alarms.engine.rulesChanged();
  }
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(origin);
  simulator = await prepareSimulator(
    {
      db,
      ingest: t.app.ingest,
      alarms: t.app.alarms.engine.records,
      offlineIntervals: OFFLINE_INTERVALS,
      publish: async (payload) => void (await t.app.ingest.submit(payload, { kind: 'mqtt', gatewaySn: DEMO_GATEWAY_SN })),
      intervalMs: TICK_MS,
      backfillDays: 1,
      log: { info: () => undefined, warn: () => undefined },
    },
    origin,
  );
  await simulator.backfill(origin);
  await t.app.alarms.engine.idle();
  const historyIds = new Set((await db.selectFrom('alarm_records').select('id').execute()).map((r) => r.id));
  liveFrom = Math.max(0, ...historyIds);
  for (let ts = origin + TICK_MS; ts <= origin + 46 * 60_000; ts += TICK_MS) {
    vi.setSystemTime(ts);
    await simulator.tick(ts);
    await t.app.alarms.engine.idle();
    if ((ts - origin) % SILENCE_SWEEP_MS === 0) await t.app.alarms.engine.sweep(ts);
  }
}, 120_000);
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
let liveFrom = 0;

describe('the demo scenario, live', () => {
  it('backfills a day of closed alarm history: overloads processed, dropouts cleared, the register jump processed', async () => {
    const history = await t.app.storage.db.selectFrom('alarm_records').select(['kind', 'processing_state']).where('id', '<=', liveFrom).execute();
    const count = (kind: string) => history.filter((r) => r.kind === kind).length;
    // [origin − 24 h, origin): an overload every hour, a dropout every 8 h, a register jump a day.
    expect([count('device'), count('offline'), count('error'), count('trouble')]).toEqual([24, 3, 1, 0]);
    expect(history.filter((r) => r.processing_state === 1 || r.processing_state === 2)).toEqual([]);
    // Each with its logbook: a processed overload was raised, acknowledged, ended and processed, in that order.
    const db = t.app.storage.db;
    const overload = await db
      .selectFrom('alarm_records')
      .selectAll()
      .where('kind', '=', 'device')
      .where('id', '<=', liveFrom)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const lines = await db.selectFrom('alarm_actions').select(['action', 'actor', 'at']).where('record_id', '=', overload.id).orderBy('id').execute();
    expect(lines.map((l) => [l.action, l.actor, Number(l.at)])).toEqual([
      ['raised', null, Number(overload.raised_at)],
      ['acknowledged', 'admin', Number(overload.acknowledged_at)],
      ['ended', null, Number(overload.ended_at)],
      ['processed', 'admin', Number(overload.processed_at)],
    ]);
    const offline = await db.selectFrom('alarm_records').select('id').where('kind', '=', 'offline').where('id', '<=', liveFrom).executeTakeFirstOrThrow();
    const cleared = await db.selectFrom('alarm_actions').select('action').where('record_id', '=', offline.id).orderBy('id').execute();
    expect(cleared.map((l) => l.action)).toEqual(['raised', 'cleared']);
  });

  it('raises the compressor overload once it lasted the rule duration, and ends it when the compressor is back under', async () => {
    const [overload, ...more] = (await records('device', await meterId(DEMO_COMPRESSOR_METER))).filter((r) => r.id > liveFrom);
    const start = origin + timing.overload.firstAtMs;
    expect(more).toEqual([]);
    expect(Number(overload!.raised_at)).toBe(tickAtOrAfter(start + DEMO_COMPRESSOR_DURATION_S * 1000));
    expect(Number(overload!.ended_at)).toBe(tickAtOrAfter(start + timing.overload.lastsMs));
    expect(overload!.processing_state).toBe(1);
    expect(overload!.value).toBeGreaterThan(DEMO_COMPRESSOR_LIMIT_KW);
  });

  it('sends the register jump to quarantine with an open error alarm', async () => {
    const glitchMeter = await meterId(DEMO_GLITCH_METER);
    const jumpAt = tickAtOrAfter(origin + timing.glitch.firstAtMs);
    const held = await t.app.storage.db.selectFrom('quarantine').selectAll().where('meter_id', '=', glitchMeter).execute();
    expect(held.map((q) => [Number(q.from_ts), Number(q.to_ts), q.status])).toEqual([[jumpAt - TICK_MS, jumpAt, 'pending']]);
    // The jump plus half a minute of the paint shop (under 90 kW × 1.1 × 1.08).
    expect(held[0]!.energy).toBeGreaterThan(DEMO_GLITCH_KWH);
    expect(held[0]!.energy).toBeLessThan(DEMO_GLITCH_KWH + 1);
    const [error] = (await records('error', glitchMeter)).filter((r) => r.id > liveFrom);
    expect([Number(error!.raised_at), error!.processing_state]).toEqual([jumpAt, 1]);
  });

  it('raises the dropout meter offline after the offline intervals and clears it when its data returns', async () => {
    const start = origin + timing.dropout.firstAtMs;
    const lastHeard = tickAtOrAfter(start) - TICK_MS;
    // The first sweep (every minute) that finds it silent for longer than the offline intervals.
    const noticed = origin + (Math.floor((lastHeard + OFFLINE_INTERVALS * INTERVAL_MS - origin) / SILENCE_SWEEP_MS) + 1) * SILENCE_SWEEP_MS;
    const [offline, ...more] = (await records('offline', await meterId(DEMO_DROPOUT_METER))).filter((r) => r.id > liveFrom);
    expect(more).toEqual([]);
    expect([Number(offline!.raised_at), Number(offline!.ended_at), offline!.processing_state]).toEqual([
      noticed,
      tickAtOrAfter(start + timing.dropout.lastsMs),
      4,
    ]);
    const others = await t.app.storage.db.selectFrom('alarm_records').select('kind').where('id', '>', liveFrom).execute();
    expect(others.map((r) => r.kind).sort()).toEqual(['device', 'error', 'offline']);
  });
});
