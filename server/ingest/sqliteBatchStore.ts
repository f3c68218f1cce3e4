import type SqliteDatabase from 'better-sqlite3';
import type { BatchStore, MeterStateRow, QuarantineRow, RawReadingRow } from './batchStore';
import type { EnergyLedger } from './energyLedger';

type Statement = SqliteDatabase.Statement;

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
      interval: database.prepare(
        'insert into energy_intervals (meter_id, start, energy) values (?, ?, ?) on conflict (meter_id, start) do update set energy = energy + excluded.energy',
      ),
      rollup: database.prepare(
        'insert into energy_rollups (scope, scope_id, energy_type, grain, period, energy) values (?, ?, ?, ?, ?, ?) on conflict (scope, scope_id, energy_type, grain, period) do update set energy = energy + excluded.energy',
      ),
      quarantine: database.prepare(
        'insert into quarantine (meter_id, from_ts, to_ts, energy, limit_energy, raw_from, raw_to, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
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
    for (const row of ledger.intervals) this.s.interval!.run(row.meter_id, row.start, row.energy);
    for (const row of ledger.rollups) this.s.rollup!.run(row.scope, row.scope_id, row.energy_type, row.grain, row.period, row.energy);
  }

  async quarantine(rows: QuarantineRow[]): Promise<void> {
    for (const row of rows)
      this.s.quarantine!.run(row.meter_id, row.from_ts, row.to_ts, row.energy, row.limit_energy, row.raw_from, row.raw_to, row.created_at);
  }

  async touch(meterIds: number[], gatewayIds: number[], now: number): Promise<void> {
    for (const id of meterIds) this.s.touchMeter!.run(now, id);
    for (const id of gatewayIds) this.s.touchGateway!.run(now, id);
  }
}
