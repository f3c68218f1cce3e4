import type SqliteDatabase from 'better-sqlite3';
import { fromMilli } from '@shared/metering';
import type { BatchStore, LateContext, MeterStateRow, QuarantineRow, RawReadingRow, RegisterPoint } from './batchStore';
import { INTERVAL_MS } from '../metering/spreadEnergy';
import type { EnergyLedger } from './energyLedger';
import { TariffBook, type VersionRow } from '../tariffs/tariffBook';
import type { BandRollupRow } from '../tariffs/bandLedger';

type Statement = SqliteDatabase.Statement;

/**
 * Rows per multi-row upsert of intervals, rollups and band rollups: one native call per 64 rows instead of one
 * per row (a batch writes hundreds of each). The rows of one call are distinct keys (the ledger sums by key).
 */
const ROWS_PER_STATEMENT = 64;
const values = (width: number, rows: number) => Array.from({ length: rows }, () => `(${Array.from({ length: width }, () => '?').join(', ')})`).join(', ');
const intervalUpsert = (rows: number) =>
  `insert into energy_intervals (meter_id, start, energy) values ${values(3, rows)} on conflict (meter_id, start) do update set energy = energy + excluded.energy`;
const rollupUpsert = (rows: number) =>
  `insert into energy_rollups (scope, scope_id, energy_type, grain, period, energy) values ${values(6, rows)} on conflict (scope, scope_id, energy_type, grain, period) do update set energy = energy + excluded.energy`;
const bandUpsert = (rows: number) =>
  `insert into band_rollups (scope, scope_id, energy_type, grain, period, version_id, season, band, energy, estimated) values ${values(10, rows)} on conflict (scope, scope_id, energy_type, grain, period, version_id, season, band) do update set energy = energy + excluded.energy, estimated = estimated + excluded.estimated`;

/** Runs `rows` through the 64-row statement, the rest through the one-row statement; `fields` lists a row's parameters. */
function upsertRows<T>(one: Statement, many: Statement, rows: readonly T[], width: number, fields: (row: T, out: unknown[], at: number) => void): void {
  let index = 0;
  if (rows.length >= ROWS_PER_STATEMENT) {
    const params: unknown[] = new Array(ROWS_PER_STATEMENT * width);
    for (; index + ROWS_PER_STATEMENT <= rows.length; index += ROWS_PER_STATEMENT) {
      for (let k = 0; k < ROWS_PER_STATEMENT; k++) fields(rows[index + k]!, params, k * width);
      many.run(params);
    }
  }
  const single: unknown[] = new Array(width);
  for (; index < rows.length; index++) {
    fields(rows[index]!, single, 0);
    one.run(single);
  }
}

/** Statements prepared once per connection: preparing and building SQL text cost more than running them. */
const prepared = new WeakMap<SqliteDatabase.Database, Record<string, Statement>>();

function statementsFor(database: SqliteDatabase.Database): Record<string, Statement> {
  let statements = prepared.get(database);
  if (!statements) {
    statements = {
      reading: database.prepare(
        'insert into readings (meter_id, ts, register_milli, rate_milli, extra) values (?, ?, ?, ?, ?) on conflict (meter_id, ts) do nothing',
      ),
      state: database.prepare('select meter_id, register_ts, register_value, latest_ts, latest from meter_state where meter_id = ?'),
      saveState: database.prepare(
        'insert into meter_state (meter_id, register_ts, register_value, latest_ts, latest) values (?, ?, ?, ?, ?) on conflict (meter_id) do update set register_ts = excluded.register_ts, register_value = excluded.register_value, latest_ts = excluded.latest_ts, latest = excluded.latest',
      ),
      interval: database.prepare(intervalUpsert(1)),
      intervals: database.prepare(intervalUpsert(ROWS_PER_STATEMENT)),
      rollup: database.prepare(rollupUpsert(1)),
      rollups: database.prepare(rollupUpsert(ROWS_PER_STATEMENT)),
      band: database.prepare(bandUpsert(1)),
      bands: database.prepare(bandUpsert(ROWS_PER_STATEMENT)),
      dropEmptyBand: database.prepare(
        'delete from band_rollups where scope = ? and scope_id = ? and energy_type = ? and grain = ? and period = ? and version_id = ? and season = ? and band = ? and abs(energy) < 1e-9 and abs(estimated) < 1e-9',
      ),
      versions: database.prepare('select id, tariff_id, valid_from, valid_to, definition from tariff_versions order by valid_from'),
      calendarDays: database.prepare('select day, day_type from calendar_days'),
      quarantine: database.prepare(
        'insert into quarantine (meter_id, from_ts, to_ts, energy, limit_energy, raw_from, raw_to, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      // Late readings only (never on the in-order path): a meter's stored register neighbours and what lies around them.
      registerBefore: database.prepare(
        'select ts, register_milli from readings where meter_id = ? and ts < ? and register_milli is not null order by ts desc limit 1',
      ),
      registersAfter: database.prepare(
        'select ts, register_milli from readings where meter_id = ? and ts > ? and register_milli is not null order by ts limit ?',
      ),
      replacementsIn: database.prepare(
        'select replaced_at, new_initial_reading from meter_replacements where meter_id = ? and replaced_at >= ? and replaced_at <= ? order by replaced_at',
      ),
      heldIn: database.prepare('select 1 from quarantine where meter_id = ? and from_ts < ? and to_ts > ? limit 1'),
      completedIn: database.prepare("select 1 from data_completions where meter_id = ? and state = 'active' and from_ts < ? and to_ts > ? limit 1"),
      energyBefore: database.prepare('select 1 from energy_intervals where meter_id = ? and start < ? limit 1'),
      touchMeter: database.prepare('update meters set online = 1, last_seen_at = ? where id = ?'),
      touchGateway: database.prepare('update gateways set online = 1, last_seen_at = ? where id = ?'),
    };
    prepared.set(database, statements);
  }
  return statements;
}

/**
 * The embedded default's hot path: one prepared statement per row on the better-sqlite3 connection.
 * The caller holds kysely's connection and has begun the transaction (see ingestService).
 */
export class SqliteBatchStore implements BatchStore {
  private readonly s: Record<string, Statement>;

  constructor(database: SqliteDatabase.Database) {
    this.s = statementsFor(database);
  }

  async insertReadings(rows: RawReadingRow[]): Promise<boolean[]> {
    const statement = this.s.reading!;
    return rows.map((row) => statement.run(row.meter_id, row.ts, row.register_milli, row.rate_milli, row.extra).changes === 1);
  }

  async loadStates(meterIds: number[]): Promise<Map<number, MeterStateRow>> {
    const states = new Map<number, MeterStateRow>();
    for (const id of meterIds) {
      const row = this.s.state!.get(id) as MeterStateRow | undefined;
      if (row) states.set(id, row);
    }
    return states;
  }

  async saveStates(rows: MeterStateRow[]): Promise<void> {
    for (const row of rows) this.s.saveState!.run(row.meter_id, row.register_ts, row.register_value, row.latest_ts, row.latest);
  }

  async addEnergy(ledger: EnergyLedger): Promise<void> {
    upsertRows(this.s.interval!, this.s.intervals!, ledger.intervals, 3, (r, out, at) => {
      out[at] = r.meter_id;
      out[at + 1] = r.start;
      out[at + 2] = r.energy;
    });
    upsertRows(this.s.rollup!, this.s.rollups!, ledger.rollups, 6, (r, out, at) => {
      out[at] = r.scope;
      out[at + 1] = r.scope_id;
      out[at + 2] = r.energy_type;
      out[at + 3] = r.grain;
      out[at + 4] = r.period;
      out[at + 5] = r.energy;
    });
    if (!ledger.hasPricedMeters) return;
    const book =
      ledger.book ??
      TariffBook.fromRows(this.s.versions!.all() as VersionRow[], this.s.calendarDays!.all() as { day: string; day_type: string }[], ledger.timeZone);
    await this.addBands(ledger.bandRollups(book));
  }

  /** Adds band energy (and its estimated part) to band_rollups; the rows are distinct keys (a BandRowSet's). */
  async addBands(rows: readonly BandRollupRow[]): Promise<void> {
    upsertRows(this.s.band!, this.s.bands!, rows, 10, (r, out, at) => {
      out[at] = r.scope;
      out[at + 1] = r.scope_id;
      out[at + 2] = r.energy_type;
      out[at + 3] = r.grain;
      out[at + 4] = r.period;
      out[at + 5] = r.version_id;
      out[at + 6] = r.season;
      out[at + 7] = r.band;
      out[at + 8] = r.energy;
      out[at + 9] = r.estimated;
    });
  }

  /** Deletes the rows of these keys that a recompute left at zero. */
  async dropEmptyBands(rows: readonly BandRollupRow[]): Promise<void> {
    const statement = this.s.dropEmptyBand!;
    for (const r of rows) statement.run(r.scope, r.scope_id, r.energy_type, r.grain, r.period, r.version_id, r.season, r.band);
  }

  async quarantine(rows: QuarantineRow[]): Promise<void> {
    for (const row of rows)
      this.s.quarantine!.run(row.meter_id, row.from_ts, row.to_ts, row.energy, row.limit_energy, row.raw_from, row.raw_to, row.created_at);
  }

  async registerBefore(meterId: number, ts: number): Promise<RegisterPoint | null> {
    const row = this.s.registerBefore!.get(meterId, ts) as { ts: number; register_milli: number } | undefined;
    return row ? { ts: row.ts, value: fromMilli(row.register_milli) } : null;
  }

  async registersAfter(meterId: number, ts: number, limit: number): Promise<RegisterPoint[]> {
    const rows = this.s.registersAfter!.all(meterId, ts, limit) as { ts: number; register_milli: number }[];
    return rows.map((row) => ({ ts: row.ts, value: fromMilli(row.register_milli) }));
  }

  async lateContext(meterId: number, from: number | null, to: number): Promise<LateContext> {
    const after = from ?? Number.MIN_SAFE_INTEGER;
    const replacements = this.s.replacementsIn!.all(meterId, after, to) as { replaced_at: number; new_initial_reading: number | null }[];
    return {
      replacements: replacements.map((r) => ({ ts: r.replaced_at, value: r.new_initial_reading ?? Number.NaN })),
      held: this.s.heldIn!.get(meterId, to, after) !== undefined,
      completed: this.s.completedIn!.get(meterId, to, after) !== undefined,
      energyBefore: from === null && this.s.energyBefore!.get(meterId, Math.floor(to / INTERVAL_MS) * INTERVAL_MS) !== undefined,
    };
  }

  async touch(meterIds: number[], gatewayIds: number[], now: number): Promise<void> {
    for (const id of meterIds) this.s.touchMeter!.run(now, id);
    for (const id of gatewayIds) this.s.touchGateway!.run(now, id);
  }
}
