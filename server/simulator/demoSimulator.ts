import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_INCOMERS, DEMO_LOADS } from './demoMeters';
import {
  DEMO_COMPRESSOR_LIMIT_KW,
  DEMO_COMPRESSOR_METER,
  DEMO_DROPOUT_METER,
  DEMO_GLITCH_KWH,
  DEMO_GLITCH_METER,
  occurrencesIn,
  scenarioAt,
  type ScenarioTiming,
} from './demoScenario';
import { demand, noise } from './loadProfile';
import type { GatewayCommands } from './gatewayCommands';

export interface SimulatedReading {
  meter: string;
  ts: number;
  values: Record<string, number>;
}

/** Where the scenario is phased from and how its events are timed. */
export interface DemoScenario {
  origin: number;
  timing: ScenarioTiming;
}

const STEP_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
/** History older than this is filled at hourly steps (the pipeline spreads each over its 15-minute intervals). */
export const FINE_HISTORY_DAYS = 35;
/**
 * The last minutes of history are filled every minute: a wall's live trend (up to an hour) and its sparklines
 * then start with a curve, not with straight lines between quarter-hour samples, and the newest value is fresh.
 */
export const RECENT_HISTORY_MINUTES = 120;
const MINUTE_MS = 60_000;
const utcOffsetHours = () => -new Date().getTimezoneOffset() / 60;
const rounded = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Turns the demo load shapes and the scenario's events into meter readings: registers that accumulate
 * the demand, so every figure downstream (intervals, rollups, department balance, alarms) comes out of
 * the real pipeline.
 *
 * Live readings play every event. History plays the silences (no readings from a dropped meter or a
 * silent gateway) but neither the overloads (a few minutes an hour, which 15-minute samples would catch
 * only by chance) nor the register jumps (each would wait in the quarantine and raise an alarm now):
 * their alarms are written as closed history instead (scenarioHistory.ts).
 */
export class DemoSimulator {
  private readonly registers = new Map<string, number>();
  private lastInstant: number | undefined;

  private constructor(
    private readonly meters: { code: string; energyType: string; seed: number }[],
    private readonly scenario: DemoScenario,
    /** The gateway's relays: a cut meter draws nothing (0 kW, a flat register) until restored. */
    private readonly relays?: GatewayCommands,
  ) {}

  /** Continues from the registers already stored, so a restart never looks like a meter reset. */
  static async load(db: Kysely<Database>, scenario: DemoScenario, relays?: GatewayCommands): Promise<DemoSimulator> {
    const rows = await db
      .selectFrom('meters')
      .leftJoin('meter_state', 'meter_state.meter_id', 'meters.id')
      .select(['meters.id', 'meters.code', 'meters.energy_type', 'meter_state.register_value', 'meter_state.register_ts'])
      .where('meters.code', 'in', [...Object.keys(DEMO_LOADS), ...Object.keys(DEMO_INCOMERS)])
      .execute();
    const simulator = new DemoSimulator(
      rows.map((r) => ({ code: r.code, energyType: r.energy_type, seed: r.id })),
      scenario,
      relays,
    );
    for (const row of rows) simulator.registers.set(row.code, row.register_value ?? (row.energy_type === 'electricity' ? 10_000 : 1_000));
    const last = Math.max(0, ...rows.map((r) => r.register_ts ?? 0));
    if (last > 0) simulator.lastInstant = last;
    return simulator;
  }

  /** The last instant already stored for the demo meters, if any. */
  get lastStored(): number | undefined {
    return this.lastInstant;
  }

  /** Readings for one instant; energy since the previous instant is added to each register. */
  readingsAt(instant: number, mode: 'live' | 'history' = 'live'): SimulatedReading[] {
    const previous = this.lastInstant;
    const hours = previous === undefined ? 0 : Math.max(0, (instant - previous) / HOUR_MS);
    this.lastInstant = instant;
    const { origin, timing } = this.scenario;
    const state = scenarioAt(timing, origin, instant);
    const rate = new Map<string, number>();
    const seedOf = new Map(this.meters.map((m) => [m.code, m.seed]));
    for (const [code, shape] of Object.entries(DEMO_LOADS)) rate.set(code, demand(shape, instant, utcOffsetHours(), seedOf.get(code) ?? 1));
    if (mode === 'live' && state.overload) {
      // 7–17 % over the limit: clearly an overload, and back well under it (hysteresis) when it ends.
      rate.set(DEMO_COMPRESSOR_METER, DEMO_COMPRESSOR_LIMIT_KW * (1.12 + 0.05 * noise(7, Math.floor(instant / 60_000))));
    }
    const cut = (code: string) => mode === 'live' && this.relays?.isCut(code) === true;
    for (const code of rate.keys()) if (cut(code)) rate.set(code, 0);
    // Incomers after their children (M001 includes M010 and M020): the table is ordered that way.
    for (const [code, incomer] of Object.entries(DEMO_INCOMERS)) {
      rate.set(code, cut(code) ? 0 : incomer.children.reduce((sum, child) => sum + (rate.get(child) ?? 0), incomer.remainderKw));
    }
    // A register digit jumps: the meter shows the new value from now on, the step lands in quarantine.
    const glitches = mode === 'live' && previous !== undefined ? occurrencesIn(timing.glitch, origin, previous, instant) : 0;
    if (glitches > 0) this.registers.set(DEMO_GLITCH_METER, (this.registers.get(DEMO_GLITCH_METER) ?? 0) + glitches * DEMO_GLITCH_KWH);

    const readings: SimulatedReading[] = [];
    for (const meter of this.meters) {
      if (!rate.has(meter.code)) continue;
      const value = rate.get(meter.code) ?? 0;
      // The meter keeps counting while nobody hears it: the next reading's step covers the gap.
      const register = (this.registers.get(meter.code) ?? 0) + value * hours;
      this.registers.set(meter.code, register);
      if (state.gatewaySilent || (state.dropout && meter.code === DEMO_DROPOUT_METER)) continue;
      const values: Record<string, number> =
        meter.energyType === 'electricity' ? { kwh: rounded(register, 3), kw: rounded(value, 2) } : { m3: rounded(register, 3), flow: rounded(value, 2) };
      readings.push({ meter: meter.code, ts: instant, values });
    }
    return readings;
  }

  /**
   * History from `from` up to `to`, in payload-sized chunks: minute steps for the last RECENT_HISTORY_MINUTES,
   * 15-minute steps for the last FINE_HISTORY_DAYS, hourly before (a year at 15 minutes costs four times the
   * first start).
   */
  *history(from: number, to: number, maxReadings = 4_000): Generator<SimulatedReading[]> {
    const fineFrom = to - FINE_HISTORY_DAYS * 86_400_000;
    const recentFrom = to - RECENT_HISTORY_MINUTES * MINUTE_MS;
    const stepAt = (instant: number) => (instant >= recentFrom ? MINUTE_MS : instant >= fineFrom ? STEP_MS : HOUR_MS);
    let chunk: SimulatedReading[] = [];
    let instant = Math.ceil(from / stepAt(from)) * stepAt(from);
    while (instant <= to) {
      chunk.push(...this.readingsAt(instant, 'history'));
      if (chunk.length >= maxReadings) {
        yield chunk;
        chunk = [];
      }
      // Hours and quarters are whole minutes, so each finer grid continues where the coarser one stops.
      instant += stepAt(instant);
    }
    if (chunk.length) yield chunk;
  }
}
