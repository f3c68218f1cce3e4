import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { fromMilli } from '@shared/metering';
import type { BatchStore, LateContext, MeterStateRow, QuarantineRow, RawReadingRow, RegisterPoint } from './batchStore';
import { INTERVAL_MS } from '../metering/spreadEnergy';
import type { EnergyLedger, IntervalRow, RollupRow } from './energyLedger';
import { TariffBook } from '../tariffs/tariffBook';
import type { BandRollupRow } from '../tariffs/bandLedger';

const CHUNK = 500;
const chunks = <T>(rows: T[]): T[][] => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** Code-point order: every writer (either store, any process) sorts its keys the same way, so row locks are taken in one order. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const compareIntervalKeys = (a: IntervalRow, b: IntervalRow): number => a.meter_id - b.meter_id || a.start - b.start;

export const compareRollupKeys = (a: RollupRow, b: RollupRow): number =>
  compareText(a.scope, b.scope) ||
  a.scope_id - b.scope_id ||
  compareText(a.energy_type, b.energy_type) ||
  compareText(a.grain, b.grain) ||
  compareText(a.period, b.period);

export const compareBandKeys = (a: BandRollupRow, b: BandRollupRow): number =>
  compareText(a.scope, b.scope) ||
  a.scope_id - b.scope_id ||
  compareText(a.energy_type, b.energy_type) ||
  compareText(a.grain, b.grain) ||
  compareText(a.period, b.period) ||
  a.version_id - b.version_id ||
  a.season - b.season ||
  compareText(a.band, b.band);

/**
 * Multi-row statements through kysely: portable, used on both engines for operator corrections, replacements,
 * completions and tariff recomputes; PostgreSQL ingest uses `PostgresBatchStore` (fewer round trips per batch).
 */
export class KyselyBatchStore implements BatchStore {
  constructor(
    protected readonly trx: Transaction<Database>,
    /**
     * PostgreSQL with several server processes: lock the meters' register state rows (in id order, so
     * two batches cannot deadlock) until commit, so two processes never step from the same reading.
     */
    private readonly lockStates = false,
  ) {}

  async insertReadings(rows: RawReadingRow[]): Promise<boolean[]> {
    const inserted = new Set<string>();
    for (const chunk of chunks(rows)) {
      const done = await this.trx
        .insertInto('readings')
        .values(chunk)
        .onConflict((oc) => oc.columns(['meter_id', 'ts']).doNothing())
        .returning(['meter_id', 'ts'])
        .execute();
      for (const row of done) inserted.add(`${row.meter_id}:${row.ts}`);
    }
    return rows.map((row) => inserted.has(`${row.meter_id}:${row.ts}`));
  }

  async loadStates(meterIds: number[]): Promise<Map<number, MeterStateRow>> {
    const states = new Map<number, MeterStateRow>();
    for (const chunk of chunks([...meterIds].sort((a, b) => a - b))) {
      // A meter's first readings have no row to lock yet: create it, so the second writer waits on it too.
      if (this.lockStates) {
        await this.trx
          .insertInto('meter_state')
          .values(chunk.map((meter_id) => ({ meter_id, register_ts: null, register_value: null, latest_ts: 0, latest: '{}' })))
          .onConflict((oc) => oc.column('meter_id').doNothing())
          .execute();
      }
      const query = this.trx.selectFrom('meter_state').selectAll().where('meter_id', 'in', chunk).orderBy('meter_id');
      for (const row of await (this.lockStates ? query.forUpdate() : query).execute()) states.set(row.meter_id, row);
    }
    return states;
  }

  async saveStates(rows: MeterStateRow[]): Promise<void> {
    for (const chunk of chunks(rows)) {
      await this.trx
        .insertInto('meter_state')
        .values(chunk)
        .onConflict((oc) =>
          oc.column('meter_id').doUpdateSet((eb) => ({
            register_ts: eb.ref('excluded.register_ts'),
            register_value: eb.ref('excluded.register_value'),
            latest_ts: eb.ref('excluded.latest_ts'),
            latest: eb.ref('excluded.latest'),
          })),
        )
        .execute();
    }
  }

  async addEnergy(ledger: EnergyLedger): Promise<void> {
    // Key order, as for band rollups: concurrent writers take the row locks in one order.
    for (const chunk of chunks(ledger.intervals.sort(compareIntervalKeys))) {
      await this.trx
        .insertInto('energy_intervals')
        .values(chunk)
        .onConflict((oc) => oc.columns(['meter_id', 'start']).doUpdateSet((eb) => ({ energy: eb('energy_intervals.energy', '+', eb.ref('excluded.energy')) })))
        .execute();
    }
    for (const chunk of chunks(ledger.rollups.sort(compareRollupKeys))) {
      await this.trx
        .insertInto('energy_rollups')
        .values(chunk)
        .onConflict((oc) =>
          oc
            .columns(['scope', 'scope_id', 'energy_type', 'grain', 'period'])
            .doUpdateSet((eb) => ({ energy: eb('energy_rollups.energy', '+', eb.ref('excluded.energy')) })),
        )
        .execute();
    }
    if (!ledger.hasPricedMeters) return;
    // Corrections, replacements and completions hand in a ledger without a book: price with the current one.
    const book = ledger.book ?? (await TariffBook.load(this.trx, ledger.timeZone));
    await this.addBands(ledger.bandRollups(book));
  }

  /** Adds band energy (and its estimated part) to band_rollups. */
  async addBands(rows: readonly BandRollupRow[]): Promise<void> {
    // Key order: concurrent writers (several processes on PostgreSQL) take the row locks in one order.
    const sorted = [...rows].sort(compareBandKeys);
    for (const chunk of chunks(sorted)) {
      await this.trx
        .insertInto('band_rollups')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['scope', 'scope_id', 'energy_type', 'grain', 'period', 'version_id', 'season', 'band']).doUpdateSet((eb) => ({
            energy: eb('band_rollups.energy', '+', eb.ref('excluded.energy')),
            estimated: eb('band_rollups.estimated', '+', eb.ref('excluded.estimated')),
          })),
        )
        .execute();
    }
  }

  /** Deletes the rows of these keys that a recompute left at zero. */
  async dropEmptyBands(rows: readonly BandRollupRow[]): Promise<void> {
    for (const r of rows) {
      await this.trx
        .deleteFrom('band_rollups')
        .where('scope', '=', r.scope)
        .where('scope_id', '=', r.scope_id)
        .where('energy_type', '=', r.energy_type)
        .where('grain', '=', r.grain)
        .where('period', '=', r.period)
        .where('version_id', '=', r.version_id)
        .where('season', '=', r.season)
        .where('band', '=', r.band)
        .where((eb) => eb.and([eb(eb.fn('abs', ['energy']), '<', 1e-9), eb(eb.fn('abs', ['estimated']), '<', 1e-9)]))
        .execute();
    }
  }

  async quarantine(rows: QuarantineRow[]): Promise<void> {
    for (const chunk of chunks(rows)) await this.trx.insertInto('quarantine').values(chunk).execute();
  }

  // Late readings only (never on the in-order path); on PostgreSQL the meter's state row is locked by then.
  async registerBefore(meterId: number, ts: number): Promise<RegisterPoint | null> {
    const row = await this.trx
      .selectFrom('readings')
      .select(['ts', 'register_milli'])
      .where('meter_id', '=', meterId)
      .where('ts', '<', ts)
      .where('register_milli', 'is not', null)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { ts: Number(row.ts), value: fromMilli(Number(row.register_milli)) } : null;
  }

  async registersAfter(meterId: number, ts: number, limit: number): Promise<RegisterPoint[]> {
    const rows = await this.trx
      .selectFrom('readings')
      .select(['ts', 'register_milli'])
      .where('meter_id', '=', meterId)
      .where('ts', '>', ts)
      .where('register_milli', 'is not', null)
      .orderBy('ts')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ts: Number(row.ts), value: fromMilli(Number(row.register_milli)) }));
  }

  async lateContext(meterId: number, from: number | null, to: number): Promise<LateContext> {
    const after = from ?? Number.MIN_SAFE_INTEGER;
    const replacements = await this.trx
      .selectFrom('meter_replacements')
      .select(['replaced_at', 'new_initial_reading'])
      .where('meter_id', '=', meterId)
      .where('replaced_at', '>=', after)
      .where('replaced_at', '<=', to)
      .orderBy('replaced_at')
      .execute();
    const held = await this.trx
      .selectFrom('quarantine')
      .select('id')
      .where('meter_id', '=', meterId)
      .where('from_ts', '<', to)
      .where('to_ts', '>', after)
      .limit(1)
      .executeTakeFirst();
    const completed = await this.trx
      .selectFrom('data_completions')
      .select('id')
      .where('meter_id', '=', meterId)
      .where('state', '=', 'active')
      .where('from_ts', '<', to)
      .where('to_ts', '>', after)
      .limit(1)
      .executeTakeFirst();
    const energyBefore =
      from === null
        ? await this.trx
            .selectFrom('energy_intervals')
            .select('start')
            .where('meter_id', '=', meterId)
            .where('start', '<', Math.floor(to / INTERVAL_MS) * INTERVAL_MS)
            .limit(1)
            .executeTakeFirst()
        : undefined;
    return {
      replacements: replacements.map((r) => ({ ts: Number(r.replaced_at), value: r.new_initial_reading ?? Number.NaN })),
      held: held !== undefined,
      completed: completed !== undefined,
      energyBefore: energyBefore !== undefined,
    };
  }

  async touch(meterIds: number[], gatewayIds: number[], now: number): Promise<void> {
    for (const chunk of chunks(meterIds)) await this.trx.updateTable('meters').set({ online: 1, last_seen_at: now }).where('id', 'in', chunk).execute();
    if (gatewayIds.length) await this.trx.updateTable('gateways').set({ online: 1, last_seen_at: now }).where('id', 'in', gatewayIds).execute();
  }
}
