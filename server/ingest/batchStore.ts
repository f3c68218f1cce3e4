import type { Milli } from '@shared/metering';
import type { EnergyLedger } from './energyLedger';

/** One raw reading row as stored: the register and rate in columns (thousandths of their unit), other metrics as JSON. */
export interface RawReadingRow {
  meter_id: number;
  ts: number;
  register_milli: Milli | null;
  rate_milli: Milli | null;
  extra: string | null;
}

export interface MeterStateRow {
  meter_id: number;
  register_ts: number | null;
  register_value: number | null;
  latest_ts: number;
  latest: string;
}

export interface QuarantineRow {
  meter_id: number;
  from_ts: number;
  to_ts: number;
  energy: number;
  limit_energy: number;
  raw_from: number;
  raw_to: number;
  created_at: number;
}

/** A register value at an instant: a stored raw reading, or the start of a new register cycle (a meter replacement). */
export interface RegisterPoint {
  ts: number;
  value: number;
}

/** What lies around a step that late readings split (see `rederiveLate` in readingWriter). */
export interface LateContext {
  /** Meter replacements at or after `from` (any time when null) and at or before `to`: their time and new initial reading. */
  replacements: RegisterPoint[];
  /** A quarantined step (any status) overlaps (from, to). */
  held: boolean;
  /** An active data completion overlaps (from, to). */
  completed: boolean;
  /** Only when `from` is null: energy is stored in an interval that starts before the one `to` falls in. */
  energyBefore: boolean;
}

/**
 * The writes of one ingest batch, inside one transaction. The logic (readingWriter) is the same for
 * every engine; the store decides how rows reach the database: kysely for PostgreSQL, prepared
 * statements on the better-sqlite3 connection for SQLite (the hot path of the embedded default).
 */
export interface BatchStore {
  /** Inserts new (meter, ts) rows; returns, per row, whether it was inserted (false: it existed). */
  insertReadings(rows: RawReadingRow[]): Promise<boolean[]>;
  loadStates(meterIds: number[]): Promise<Map<number, MeterStateRow>>;
  saveStates(rows: MeterStateRow[]): Promise<void>;
  /** Adds a ledger's energy to the 15-minute intervals and every rollup. */
  addEnergy(ledger: EnergyLedger): Promise<void>;
  quarantine(rows: QuarantineRow[]): Promise<void>;
  /** The meter's last stored register reading strictly before `ts` (raw readings table), or null. */
  registerBefore(meterId: number, ts: number): Promise<RegisterPoint | null>;
  /** The meter's first `limit` stored register readings strictly after `ts`, oldest first. */
  registersAfter(meterId: number, ts: number, limit: number): Promise<RegisterPoint[]>;
  lateContext(meterId: number, from: number | null, to: number): Promise<LateContext>;
  /** Marks meters and their gateways online, seen at `now`. */
  touch(meterIds: number[], gatewayIds: number[], now: number): Promise<void>;
}

/**
 * "Seen at" needs minute precision (offline after 15 minutes), not one row update per reading: a
 * meter or gateway is touched at most once per `everyMs`, which under load saves a write per meter.
 */
export class SeenThrottle {
  private readonly touchedAt = new Map<number, number>();

  constructor(private readonly everyMs = 5_000) {}

  due(ids: number[], now: number): number[] {
    const due = ids.filter((id) => now - (this.touchedAt.get(id) ?? -Infinity) >= this.everyMs);
    for (const id of due) this.touchedAt.set(id, now);
    return due;
  }
}
