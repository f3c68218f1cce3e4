import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_INCOMERS, DEMO_LOADS } from './demoMeters';
import { demand } from './loadProfile';

export interface SimulatedReading {
  meter: string;
  ts: number;
  values: Record<string, number>;
}

const STEP_MS = 15 * 60_000;
const utcOffsetHours = () => -new Date().getTimezoneOffset() / 60;

/**
 * Turns the demo load shapes into meter readings: registers that accumulate the demand, so every
 * figure downstream (intervals, rollups, department balance) comes out of the real pipeline.
 */
export class DemoSimulator {
  private readonly registers = new Map<string, number>();
  private lastInstant: number | undefined;

  private constructor(private readonly meters: { code: string; energyType: string; seed: number }[]) {}

  /** Continues from the registers already stored, so a restart never looks like a meter reset. */
  static async load(db: Kysely<Database>): Promise<DemoSimulator> {
    const rows = await db
      .selectFrom('meters')
      .leftJoin('meter_state', 'meter_state.meter_id', 'meters.id')
      .select(['meters.id', 'meters.code', 'meters.energy_type', 'meter_state.register_value', 'meter_state.register_ts'])
      .where('meters.code', 'in', [...Object.keys(DEMO_LOADS), ...Object.keys(DEMO_INCOMERS)])
      .execute();
    const simulator = new DemoSimulator(rows.map((r) => ({ code: r.code, energyType: r.energy_type, seed: r.id })));
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
  readingsAt(instant: number): SimulatedReading[] {
    const hours = this.lastInstant === undefined ? 0 : Math.max(0, (instant - this.lastInstant) / 3_600_000);
    this.lastInstant = instant;
    const rate = new Map<string, number>();
    const seedOf = new Map(this.meters.map((m) => [m.code, m.seed]));
    for (const [code, shape] of Object.entries(DEMO_LOADS)) rate.set(code, demand(shape, instant, utcOffsetHours(), seedOf.get(code) ?? 1));
    // Incomers after their children (M001 includes M010 and M020): the table is ordered that way.
    for (const [code, incomer] of Object.entries(DEMO_INCOMERS)) {
      rate.set(
        code,
        incomer.children.reduce((sum, child) => sum + (rate.get(child) ?? 0), incomer.remainderKw),
      );
    }
    return this.meters
      .filter((meter) => rate.has(meter.code))
      .map((meter): SimulatedReading => {
        const value = rate.get(meter.code) ?? 0;
        const register = (this.registers.get(meter.code) ?? 0) + value * hours;
        this.registers.set(meter.code, register);
        const rounded = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
        const values: Record<string, number> =
          meter.energyType === 'electricity' ? { kwh: rounded(register, 3), kw: rounded(value, 2) } : { m3: rounded(register, 3), flow: rounded(value, 2) };
        return { meter: meter.code, ts: instant, values };
      });
  }

  /** History at 15-minute steps from `from` up to `to`, in payload-sized chunks. */
  *history(from: number, to: number, maxReadings = 4_000): Generator<SimulatedReading[]> {
    let chunk: SimulatedReading[] = [];
    for (let instant = Math.ceil(from / STEP_MS) * STEP_MS; instant <= to; instant += STEP_MS) {
      chunk.push(...this.readingsAt(instant));
      if (chunk.length >= maxReadings) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length) yield chunk;
  }
}
