import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { LateContext, MeterStateRow, QuarantineRow, RawReadingRow, RegisterPoint } from './batchStore';
import type { EnergyLedger, IntervalRow, RollupRow } from './energyLedger';
import { KyselyBatchStore, compareBandKeys, compareIntervalKeys, compareRollupKeys } from './kyselyBatchStore';
import type { BandRollupRow } from '../tariffs/bandLedger';
import { TariffBook } from '../tariffs/tariffBook';

/** A batch's writes that wait for `flush()`: each table once, every row as array parameters. */
interface PendingWrites {
  intervals?: IntervalRow[];
  rollups?: RollupRow[];
  bands?: readonly BandRollupRow[];
  quarantine?: QuarantineRow[];
  states?: MeterStateRow[];
  touch?: { meterIds: number[]; gatewayIds: number[]; now: number };
}

const column = <T, K extends keyof T>(rows: readonly T[], key: K): T[K][] => rows.map((row) => row[key]);

/**
 * The PostgreSQL ingest path: a batch in a handful of round trips whatever its size (begin; raw readings with the
 * register state locks; the states; one statement for every other table; commit), where the portable store sends
 * a statement per table and per 500 rows (about 25 for a batch of 5,000). Every table is written by one statement
 * with array parameters (`insert … select * from unnest($1::integer[], …) on conflict … do update`): one short
 * text to parse and plan, and no parameter list that grows with the batch.
 *
 * - The raw insert returns the keys it stored (duplicates left out) and, in the same statement, locks the
 *   register state rows of the meters that got a new reading, in id order (a meter's first reading creates its
 *   row, so a second writer waits on it too). The states are then read by a statement of their own: it starts
 *   after the locks are held, so it sees what the previous holder committed.
 * - Energy, rollups, band rollups, quarantine, the states and the online marks are buffered and written together
 *   at `flush()` (called by `touch`, the batch's last write, and by the ingest after `writeBatch`), as one
 *   statement of data-modifying CTEs: independent tables, each written once, keys sorted so concurrent writers
 *   (several processes) take the row locks in one order. Reads (late readings' neighbours) flush first.
 *
 * Works on the partitioned `readings` table too: ON CONFLICT (meter_id, ts) is its primary key, which holds
 * the partition key.
 */
export class PostgresBatchStore extends KyselyBatchStore {
  private pending: PendingWrites = {};
  /** Meters whose state row this transaction holds locked. */
  private readonly locked = new Set<number>();

  constructor(trx: Transaction<Database>) {
    super(trx, true);
  }

  override async insertReadings(rows: RawReadingRow[]): Promise<boolean[]> {
    if (rows.length === 0) return [];
    // Key order: two writers of the same keys wait on each other instead of deadlocking.
    const sorted = [...rows].sort((a, b) => a.meter_id - b.meter_id || a.ts - b.ts);
    const result = await sql<{ meter_id: number; ts: number }>`with fresh as (
        insert into readings (meter_id, ts, register_milli, rate_milli, extra)
        select * from unnest(${column(sorted, 'meter_id')}::integer[], ${column(sorted, 'ts')}::bigint[],
          ${column(sorted, 'register_milli')}::bigint[], ${column(sorted, 'rate_milli')}::bigint[], ${column(sorted, 'extra')}::text[])
        on conflict (meter_id, ts) do nothing
        returning meter_id, ts
      ), locked as (
        insert into meter_state (meter_id, register_ts, register_value, latest_ts, latest)
        select meter_id, null, null, 0, '{}' from (select distinct meter_id from fresh) as m order by meter_id
        on conflict (meter_id) do update set latest_ts = meter_state.latest_ts where false
      )
      select meter_id, ts from fresh`.execute(this.trx);
    // An ON CONFLICT DO UPDATE locks the conflicting row even where its WHERE is false: `locked` holds every
    // state row of a meter with a new reading without writing a new version of it.
    const stored = new Map<number, Set<number>>();
    for (const row of result.rows) {
      let times = stored.get(row.meter_id);
      if (!times) stored.set(row.meter_id, (times = new Set()));
      times.add(Number(row.ts));
      this.locked.add(row.meter_id);
    }
    return rows.map((row) => stored.get(row.meter_id)?.has(row.ts) === true);
  }

  override async loadStates(meterIds: number[]): Promise<Map<number, MeterStateRow>> {
    await this.flush();
    const ids = [...new Set(meterIds)].sort((a, b) => a - b);
    const states = new Map<number, MeterStateRow>();
    if (ids.length === 0) return states;
    const unlocked = ids.filter((id) => !this.locked.has(id));
    if (unlocked.length > 0) {
      await sql`insert into meter_state (meter_id, register_ts, register_value, latest_ts, latest)
        select id, null, null, 0, '{}' from unnest(${unlocked}::integer[]) as id
        on conflict (meter_id) do update set latest_ts = meter_state.latest_ts where false`.execute(this.trx);
      for (const id of unlocked) this.locked.add(id);
    }
    const result = await sql<MeterStateRow>`select meter_id, register_ts, register_value, latest_ts, latest
      from meter_state where meter_id = any(${ids}::integer[])`.execute(this.trx);
    for (const row of result.rows) {
      states.set(row.meter_id, {
        meter_id: row.meter_id,
        register_ts: row.register_ts === null ? null : Number(row.register_ts),
        register_value: row.register_value,
        latest_ts: Number(row.latest_ts),
        latest: row.latest,
      });
    }
    return states;
  }

  override async saveStates(rows: MeterStateRow[]): Promise<void> {
    if (rows.length === 0) return;
    if (this.pending.states) await this.flush();
    this.pending.states = [...rows].sort((a, b) => a.meter_id - b.meter_id);
  }

  override async addEnergy(ledger: EnergyLedger): Promise<void> {
    const intervals = ledger.intervals;
    const rollups = ledger.rollups;
    // Corrections hand in a ledger without a book: price with the current one (read before anything is buffered).
    const bands = ledger.hasPricedMeters ? ledger.bandRollups(ledger.book ?? (await TariffBook.load(this.trx, ledger.timeZone))) : [];
    // One statement may update a row once: a second ledger in the same batch goes out with the first one flushed.
    if (this.pending.intervals || this.pending.rollups || this.pending.bands) await this.flush();
    if (intervals.length > 0) this.pending.intervals = intervals.sort(compareIntervalKeys);
    if (rollups.length > 0) this.pending.rollups = rollups.sort(compareRollupKeys);
    if (bands.length > 0) this.pending.bands = [...bands].sort(compareBandKeys);
  }

  override async addBands(rows: readonly BandRollupRow[]): Promise<void> {
    if (rows.length === 0) return;
    if (this.pending.bands) await this.flush();
    this.pending.bands = [...rows].sort(compareBandKeys);
  }

  override async quarantine(rows: QuarantineRow[]): Promise<void> {
    if (rows.length === 0) return;
    if (this.pending.quarantine) await this.flush();
    this.pending.quarantine = rows;
  }

  override async touch(meterIds: number[], gatewayIds: number[], now: number): Promise<void> {
    if (meterIds.length > 0 || gatewayIds.length > 0) {
      if (this.pending.touch) await this.flush();
      this.pending.touch = { meterIds: [...meterIds].sort((a, b) => a - b), gatewayIds: [...gatewayIds].sort((a, b) => a - b), now };
    }
    await this.flush();
  }

  override async registerBefore(meterId: number, ts: number): Promise<RegisterPoint | null> {
    await this.flush();
    return super.registerBefore(meterId, ts);
  }

  override async registersAfter(meterId: number, ts: number, limit: number): Promise<RegisterPoint[]> {
    await this.flush();
    return super.registersAfter(meterId, ts, limit);
  }

  override async lateContext(meterId: number, from: number | null, to: number): Promise<LateContext> {
    await this.flush();
    return super.lateContext(meterId, from, to);
  }

  override async dropEmptyBands(rows: readonly BandRollupRow[]): Promise<void> {
    await this.flush();
    return super.dropEmptyBands(rows);
  }

  /** Writes everything buffered, in one statement; nothing when nothing is buffered. */
  async flush(): Promise<void> {
    const { intervals, rollups, bands, quarantine, states, touch } = this.pending;
    this.pending = {};
    const parts: RawBuilder<unknown>[] = [];
    if (intervals) {
      parts.push(sql`intervals as (insert into energy_intervals (meter_id, start, energy)
        select * from unnest(${column(intervals, 'meter_id')}::integer[], ${column(intervals, 'start')}::bigint[], ${column(intervals, 'energy')}::double precision[])
        on conflict (meter_id, start) do update set energy = energy_intervals.energy + excluded.energy)`);
    }
    if (rollups) {
      parts.push(sql`rollups as (insert into energy_rollups (scope, scope_id, energy_type, grain, period, energy)
        select * from unnest(${column(rollups, 'scope')}::text[], ${column(rollups, 'scope_id')}::integer[], ${column(rollups, 'energy_type')}::text[],
          ${column(rollups, 'grain')}::text[], ${column(rollups, 'period')}::text[], ${column(rollups, 'energy')}::double precision[])
        on conflict (scope, scope_id, energy_type, grain, period) do update set energy = energy_rollups.energy + excluded.energy)`);
    }
    if (bands) {
      parts.push(sql`bands as (insert into band_rollups (scope, scope_id, energy_type, grain, period, version_id, season, band, energy, estimated)
        select * from unnest(${column(bands, 'scope')}::text[], ${column(bands, 'scope_id')}::integer[], ${column(bands, 'energy_type')}::text[],
          ${column(bands, 'grain')}::text[], ${column(bands, 'period')}::text[], ${column(bands, 'version_id')}::integer[], ${column(bands, 'season')}::integer[],
          ${column(bands, 'band')}::text[], ${column(bands, 'energy')}::double precision[], ${column(bands, 'estimated')}::double precision[])
        on conflict (scope, scope_id, energy_type, grain, period, version_id, season, band)
        do update set energy = band_rollups.energy + excluded.energy, estimated = band_rollups.estimated + excluded.estimated)`);
    }
    if (quarantine) {
      parts.push(sql`held as (insert into quarantine (meter_id, from_ts, to_ts, energy, limit_energy, raw_from, raw_to, created_at)
        select * from unnest(${column(quarantine, 'meter_id')}::integer[], ${column(quarantine, 'from_ts')}::bigint[], ${column(quarantine, 'to_ts')}::bigint[],
          ${column(quarantine, 'energy')}::double precision[], ${column(quarantine, 'limit_energy')}::double precision[],
          ${column(quarantine, 'raw_from')}::double precision[], ${column(quarantine, 'raw_to')}::double precision[], ${column(quarantine, 'created_at')}::bigint[]))`);
    }
    if (states) {
      parts.push(sql`states as (insert into meter_state (meter_id, register_ts, register_value, latest_ts, latest)
        select * from unnest(${column(states, 'meter_id')}::integer[], ${column(states, 'register_ts')}::bigint[], ${column(states, 'register_value')}::double precision[],
          ${column(states, 'latest_ts')}::bigint[], ${column(states, 'latest')}::text[])
        on conflict (meter_id) do update set register_ts = excluded.register_ts, register_value = excluded.register_value,
          latest_ts = excluded.latest_ts, latest = excluded.latest)`);
    }
    if (touch && touch.meterIds.length > 0) {
      parts.push(sql`seen_meters as (update meters set online = 1, last_seen_at = ${touch.now} where id = any(${touch.meterIds}::integer[]))`);
    }
    if (touch && touch.gatewayIds.length > 0) {
      parts.push(sql`seen_gateways as (update gateways set online = 1, last_seen_at = ${touch.now} where id = any(${touch.gatewayIds}::integer[]))`);
    }
    if (parts.length === 0) return;
    // Data-modifying CTEs run to completion whether or not the final select reads them.
    await sql`with ${sql.join(parts, sql`, `)} select 1`.execute(this.trx);
  }
}
