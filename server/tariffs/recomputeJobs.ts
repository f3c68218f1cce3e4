import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import type { RecomputeJob, RecomputeReason } from '@shared/schemas/recomputeJobs';
import type { Database, RecomputeJobsTable } from '../db/schema';
import { addDays, localDayStart, localPeriods, type LocalPeriods } from '../metering/calendar';
import { KyselyBatchStore } from '../ingest/kyselyBatchStore';
import { SqliteBatchStore } from '../ingest/sqliteBatchStore';
import type { Directory, MeterDirectory, MeterEntry } from '../ingest/meterDirectory';
import { ownerTreeOf } from '../tenancy/ownerScope';
import type { PriceSlot } from '@shared/tariffs';
import { BandRowSet, SlotSummer, slotKey, type BandRollupRow, type SlotEnergy } from './bandLedger';
import { TariffBook } from './tariffBook';
import { keepClaimed, ROW_CLAIM_MS } from '../jobs/heartbeat';

export type RecomputeJobRow = Selectable<RecomputeJobsTable>;

export interface RecomputeRequest {
  ownerUserId: number;
  reason: RecomputeReason;
  detail?: object;
  /** [] or absent: every meter of the owner's tree (calendar: every meter) */
  meterIds?: number[];
  /** local days YYYY-MM-DD, inclusive */
  fromDay: string;
  toDay: string;
  createdBy: number | null;
}

export type { RecomputeJob, RecomputeReason };

/** Intervals read and priced per transaction when no chunk size is given. */
const INTERVALS_PER_CHUNK = 200_000;

/**
 * A running job whose heartbeat is older than this was left by a crashed process and is claimed again (within ~22 s
 * with the 2 s poll). The holder beats with every chunk (a few hundred ms each) and every 5 s besides, so the
 * loading before the first chunk never looks stale.
 */
export const STALE_AFTER_MS = ROW_CLAIM_MS;

/** Queues a recompute of the band rollups of some meters over some local days; a runner picks it up. */
export async function enqueueRecompute(db: Kysely<Database>, request: RecomputeRequest): Promise<number> {
  const row = await db
    .insertInto('recompute_jobs')
    .values({
      owner_user_id: request.ownerUserId,
      reason: request.reason,
      detail: JSON.stringify(request.detail ?? {}),
      meter_ids: JSON.stringify(request.meterIds ?? []),
      from_day: request.fromDay,
      to_day: request.toDay > request.fromDay ? request.toDay : request.fromDay,
      state: 'queued',
      created_by: request.createdBy,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function toRecomputeJob(row: RecomputeJobRow): RecomputeJob {
  return {
    id: row.id,
    reason: row.reason,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    meterCount: (JSON.parse(row.meter_ids) as number[]).length,
    fromDay: row.from_day,
    toDay: row.to_day,
    state: row.state,
    done: row.done,
    total: row.total,
    error: row.error,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    startedAt: row.started_at === null ? null : Number(row.started_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  };
}

/** Epoch ms at which a local day starts in `timeZone`. */
export function localDayStartOf(day: string, timeZone: string): number {
  let guess = Date.parse(`${day}T12:00:00Z`);
  for (let i = 0; i < 3 && localPeriods(guess, timeZone).day !== day; i++) guess += localPeriods(guess, timeZone).day < day ? 12 * 3_600_000 : -12 * 3_600_000;
  return localDayStart(guess, timeZone);
}

interface ChunkIO {
  /** The quarters (index from `from`, in order) and their energy: two flat lists, no object per interval. */
  intervals(meterId: number, from: number, to: number): Promise<{ quarters: number[]; energies: number[] }>;
  estimates(meterId: number, from: number, to: number): Promise<Map<number, number>>;
  /** The meter's stored hour and day band rows of the range. */
  meterRows(meterId: number, energyType: string, hourFrom: string, hourTo: string, fromDay: string, toDay: string): Promise<StoredBand[]>;
  addBands(rows: readonly BandRollupRow[]): Promise<void>;
  dropEmptyBands(rows: readonly BandRollupRow[]): Promise<void>;
  /** Records progress and heartbeat if this worker still holds the job; false: it lost the claim. */
  progress(jobId: number, workerId: string, done: number, now: number): Promise<boolean>;
}

type Delta = SlotEnergy;

export interface RunnerOptions {
  timeZone: string;
  /** SQLite: the raw connection (prepared statements, transaction held like the ingest batches). */
  sqlite?: SqliteDatabase.Database | undefined;
  /** Meters per transaction; default: about 200,000 intervals' worth of the job's days. */
  chunkMeters?: number;
  pollMs?: number;
  workerId?: string;
  onError?: (error: unknown) => void;
}

/**
 * Runs queued recompute jobs, one at a time per process. A job is claimed with a conditional UPDATE, so exactly
 * one process runs it; it writes progress and a heartbeat with every chunk of meters, in the chunk's own
 * transaction, so a job found 'running' with a heartbeat older than 60 s (its process died) is claimed again
 * and resumes after the last committed meter.
 *
 * For each meter the job reads its 15-minute energy (and the estimated part) of the job's local days, prices
 * it with the current tariff book, compares with the meter's stored hour and day band rows and applies the
 * difference (new − old) to the meter, its departments and sub-item, and the same deltas to their month rows.
 */
export class RecomputeRunner {
  readonly workerId: string;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly directory: MeterDirectory,
    private readonly options: RunnerOptions,
  ) {
    this.workerId = options.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  }

  /** Polls for work until `stop()`. */
  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(tick, this.options.pollMs ?? 2_000);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Starts looking for work now (after an enqueue); returns at once. */
  kick(): void {
    this.running ??= this.drain()
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => (this.running = undefined));
  }

  /** Resolves when no job is being run by this process. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const job = await this.claim(Date.now());
      if (!job) return;
      await this.run(job);
    }
  }

  /** Claims the oldest queued job, or a running one whose process stopped beating; null when there is none. */
  async claim(now: number): Promise<RecomputeJobRow | null> {
    const stale = now - STALE_AFTER_MS;
    const candidates = await this.db
      .selectFrom('recompute_jobs')
      .select('id')
      .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('heartbeat_at', '<', stale)])]))
      .orderBy('id')
      .limit(5)
      .execute();
    for (const { id } of candidates) {
      const result = await this.db
        .updateTable('recompute_jobs')
        .set({ state: 'running', claimed_by: this.workerId, heartbeat_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('heartbeat_at', '<', stale)])]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return await this.db.selectFrom('recompute_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    }
    return null;
  }

  /** Runs a claimed job to its end (or until another process takes it over). */
  async run(job: RecomputeJobRow): Promise<void> {
    const stopBeating = keepClaimed(
      () =>
        this.db
          .updateTable('recompute_jobs')
          .set({ heartbeat_at: Date.now() })
          .where('id', '=', job.id)
          .where('claimed_by', '=', this.workerId)
          .where('state', '=', 'running')
          .execute(),
      (error) => this.options.onError?.(error),
    );
    try {
      await this.runClaimed(job);
    } finally {
      await stopBeating();
    }
  }

  private async runClaimed(job: RecomputeJobRow): Promise<void> {
    try {
      const { timeZone } = this.options;
      this.directory.invalidate();
      const directory = await this.directory.get();
      const meterIds = await this.meterList(job, directory);
      const book = await TariffBook.load(this.db, timeZone);
      const periodsCache = new Map<number, LocalPeriods>();
      const periodsOf = (instant: number): LocalPeriods => {
        let periods = periodsCache.get(instant);
        if (!periods) periodsCache.set(instant, (periods = localPeriods(instant, timeZone)));
        return periods;
      };
      const range = {
        from: localDayStartOf(job.from_day, timeZone),
        to: localDayStartOf(addDays(job.to_day, 1), timeZone),
        fromDay: job.from_day,
        toDay: job.to_day,
      };
      // About 200,000 intervals per transaction (5 meters for a year, 70 for a month): each chunk holds the
      // connection and the event loop, so ingest and requests wait at most one chunk (a few hundred ms).
      const quarters = Math.max(1, Math.round((range.to - range.from) / 900_000));
      const quarterSlots = new QuarterSlots(book, range.from, quarters);
      const chunk = this.options.chunkMeters ?? Math.max(1, Math.min(100, Math.floor(INTERVALS_PER_CHUNK / quarters)));
      let done = job.done;
      while (done < meterIds.length) {
        const part = meterIds.slice(done, done + chunk);
        const kept = await this.inTransaction(async (io) => {
          const rows = new BandRowSet();
          for (const meterId of part) {
            const meter = directory.meterById.get(meterId);
            if (meter) await recomputeMeter(io, meter, book, periodsOf, range, rows, quarterSlots);
          }
          await applyDeltas(io, rows);
          return io.progress(job.id, this.workerId, done + part.length, Date.now());
        });
        if (!kept) return; // another process holds the job now (this one was too slow to beat)
        done += part.length;
        // Let ingest, requests and timers run between chunks (the statements themselves are synchronous).
        await new Promise((resolve) => setImmediate(resolve));
      }
      await this.db
        .updateTable('recompute_jobs')
        .set({ state: 'done', finished_at: Date.now(), heartbeat_at: Date.now() })
        .where('id', '=', job.id)
        .where('claimed_by', '=', this.workerId)
        .execute();
    } catch (error) {
      await this.db
        .updateTable('recompute_jobs')
        .set({ state: 'failed', error: error instanceof Error ? error.message : String(error), finished_at: Date.now() })
        .where('id', '=', job.id)
        .where('claimed_by', '=', this.workerId)
        .execute();
      this.options.onError?.(error);
    }
  }

  /** The job's meters in a fixed order; [] is resolved once (and stored) so a resumed job walks the same list. */
  /**
   * The job's meters in processing order, fixed (and stored) when the job starts, so a resumed job walks the same
   * list: [] resolves to the meters concerned; meters of the same departments and sub-item come together, so a
   * chunk's department rows are written once for all its meters.
   */
  private async meterList(job: RecomputeJobRow, directory: Directory): Promise<number[]> {
    let ids = JSON.parse(job.meter_ids) as number[];
    if (job.done > 0 && ids.length > 0) return ids;
    if (ids.length === 0) {
      let query = this.db.selectFrom('meters').select('id');
      const owners = job.reason === 'calendar' ? null : [...(await ownerTreeOf(this.db, job.owner_user_id)).owners];
      if (owners) query = query.where('owner_user_id', 'in', owners.length ? owners : [-1]);
      ids = (await query.execute()).map((m) => m.id);
    }
    const placeOf = (id: number) => {
      const meter = directory.meterById.get(id);
      return meter ? `${meter.departmentIds.join(',')}|${meter.subitemId ?? ''}` : '';
    };
    const places = new Map([...new Set(ids)].map((id) => [id, placeOf(id)]));
    ids = [...places.keys()].sort((a, b) => (places.get(a)! < places.get(b)! ? -1 : places.get(a)! > places.get(b)! ? 1 : a - b));
    await this.db
      .updateTable('recompute_jobs')
      .set({ meter_ids: JSON.stringify(ids), total: ids.length, started_at: job.started_at ?? Date.now() })
      .where('id', '=', job.id)
      .execute();
    return ids;
  }

  private inTransaction<T>(work: (io: ChunkIO) => Promise<T>): Promise<T> {
    const { sqlite } = this.options;
    if (sqlite) {
      // Like the ingest batches: hold kysely's one connection, run the transaction on the raw one.
      return this.db.connection().execute(async () => {
        sqlite.exec('begin immediate');
        try {
          const result = await work(sqliteIO(sqlite));
          sqlite.exec('commit');
          return result;
        } catch (error) {
          if (sqlite.inTransaction) sqlite.exec('rollback');
          throw error;
        }
      });
    }
    return this.db.transaction().execute((trx) => work(kyselyIO(trx)));
  }
}

const QUARTER_MS = 900_000;

/** The slot of every quarter of a job's days, per tariff, computed once per job: a list lookup per interval. */
class QuarterSlots {
  private readonly byTariff = new Map<number, (PriceSlot | null)[]>();

  constructor(
    private readonly book: TariffBook,
    private readonly from: number,
    private readonly count: number,
  ) {}

  of(tariffId: number): (PriceSlot | null)[] {
    let slots = this.byTariff.get(tariffId);
    if (!slots) {
      slots = Array.from({ length: this.count }, (_, q) => this.book.slotOf(tariffId, this.from + q * QUARTER_MS));
      this.byTariff.set(tariffId, slots);
    }
    return slots;
  }
}

/** One stored band row of a meter: its key `grain|period|version|season|band` and figures. */
export type StoredBand = [key: string, energy: number, estimated: number];

const partOfKey = (key: string, energy: number, estimated: number): Delta => {
  const [grain, period, versionId, season, band] = key.split('|') as [SlotEnergy['grain'], string, string, string, SlotEnergy['slot']['band']];
  return { grain, period, slot: { versionId: Number(versionId), season: Number(season), band }, energy, estimated };
};

/**
 * Recomputes one meter's band rows over the range and adds the difference (new − old) for the meter and every
 * scope it counts in to `rows` (written once per chunk, so departments shared by the chunk's meters get one
 * upsert per key).
 */
async function recomputeMeter(
  io: ChunkIO,
  meter: MeterEntry,
  book: TariffBook,
  periodsOf: (instant: number) => LocalPeriods,
  range: { from: number; to: number; fromDay: string; toDay: string },
  rows: BandRowSet,
  quarterSlots: QuarterSlots,
): Promise<void> {
  const old = await io.meterRows(meter.id, meter.energyType, String(range.from), String(range.to - 1), range.fromDay, range.toDay);
  if (meter.tariffId === null && old.length === 0) return;
  const deltas = new Map<string, Delta>();
  if (meter.tariffId !== null) {
    const [{ quarters, energies }, estimated] = await Promise.all([io.intervals(meter.id, range.from, range.to), io.estimates(meter.id, range.from, range.to)]);
    const slots = quarterSlots.of(meter.tariffId);
    const summer = new SlotSummer(periodsOf);
    for (let i = 0; i < quarters.length; i++) {
      const q = quarters[i]!;
      const start = range.from + q * QUARTER_MS;
      summer.add(start, slots[q] ?? null, energies[i]!, estimated.size ? (estimated.get(start) ?? 0) : 0);
    }
    if (estimated.size) {
      const stored = new Set(quarters.map((q) => range.from + q * QUARTER_MS));
      for (const [start, part] of estimated) if (!stored.has(start)) summer.add(start, book.slotOf(meter.tariffId, start), 0, part);
    }
    for (const part of summer.finish()) {
      if (part.grain === 'month') continue;
      const key = slotKey(part.grain, part.period, part.slot);
      const known = deltas.get(key);
      if (known) {
        known.energy += part.energy;
        known.estimated += part.estimated;
      } else deltas.set(key, part);
    }
  }
  for (const [key, energy, estimated] of old) {
    const delta = deltas.get(key);
    if (delta) {
      delta.energy -= energy;
      delta.estimated -= estimated;
    } else deltas.set(key, partOfKey(key, -energy, -estimated));
  }
  const changed: Delta[] = [];
  const months = new Map<string, Delta>();
  for (const delta of deltas.values()) {
    if (Math.abs(delta.energy) < 1e-12 && Math.abs(delta.estimated) < 1e-12) continue;
    changed.push(delta);
    if (delta.grain !== 'day') continue;
    // Month rows move by the same deltas as the days of the range (the rest of the month is untouched).
    const month = delta.period.slice(0, 7);
    const key = slotKey('month', month, delta.slot);
    const sum = months.get(key);
    if (sum) {
      sum.energy += delta.energy;
      sum.estimated += delta.estimated;
    } else months.set(key, { grain: 'month', period: month, slot: delta.slot, energy: delta.energy, estimated: delta.estimated });
  }
  if (changed.length === 0) return;
  for (const month of months.values()) changed.push(month);
  rows.addToScopes({ meterId: meter.id, energyType: meter.energyType, departmentIds: meter.departmentIds, subitemId: meter.subitemId }, changed);
}

/** Writes a chunk's summed differences; rows whose difference took something away may now be zero: those are deleted. */
async function applyDeltas(io: ChunkIO, rows: BandRowSet): Promise<void> {
  const all = rows.values().filter((row) => Math.abs(row.energy) >= 1e-12 || Math.abs(row.estimated) >= 1e-12);
  await io.addBands(all);
  await io.dropEmptyBands(all.filter((row) => row.energy < 0 || row.estimated < 0));
}

const prepared = new WeakMap<SqliteDatabase.Database, Record<string, SqliteDatabase.Statement>>();

function sqliteIO(sqlite: SqliteDatabase.Database): ChunkIO {
  let s = prepared.get(sqlite);
  if (!s) {
    s = {
      // Quarter indexes are small integers (no number object each) and the two lists come back flat (pluck).
      quarters: sqlite.prepare('select (start - ?) / 900000 from energy_intervals where meter_id = ? and start >= ? and start < ? order by start').pluck(),
      energies: sqlite.prepare('select energy from energy_intervals where meter_id = ? and start >= ? and start < ? order by start').pluck(),
      estimates: sqlite.prepare('select start, energy from interval_estimates where meter_id = ? and start >= ? and start < ?').raw(),
      // The key is built by SQLite (one string per row, no JS concatenation); the two ranges are two index ranges.
      meterRows: sqlite
        .prepare(
          "select grain || '|' || period || '|' || version_id || '|' || season || '|' || band, energy, estimated from band_rollups where scope = 'meter' and scope_id = ? and energy_type = ? and grain = 'hour' and period >= ? and period <= ? union all select grain || '|' || period || '|' || version_id || '|' || season || '|' || band, energy, estimated from band_rollups where scope = 'meter' and scope_id = ? and energy_type = ? and grain = 'day' and period >= ? and period <= ?",
        )
        .raw(),
      progress: sqlite.prepare("update recompute_jobs set done = ?, heartbeat_at = ? where id = ? and claimed_by = ? and state = 'running'"),
    };
    prepared.set(sqlite, s);
  }
  const statements = s;
  const store = new SqliteBatchStore(sqlite);
  const toMap = (rows: unknown[][]) => {
    const map = new Map<number, number>();
    for (const [start, energy] of rows as [number, number][]) map.set(Number(start), energy);
    return map;
  };
  return {
    intervals: async (meterId, from, to) => ({
      quarters: statements.quarters!.all(from, meterId, from, to) as number[],
      energies: statements.energies!.all(meterId, from, to) as number[],
    }),
    estimates: async (meterId, from, to) => toMap(statements.estimates!.all(meterId, from, to) as unknown[][]),
    meterRows: async (meterId, energyType, hourFrom, hourTo, fromDay, toDay) =>
      statements.meterRows!.all(meterId, energyType, hourFrom, hourTo, meterId, energyType, fromDay, toDay) as StoredBand[],
    addBands: (rows) => store.addBands(rows),
    dropEmptyBands: (rows) => store.dropEmptyBands(rows),
    progress: async (jobId, workerId, done, now) => statements.progress!.run(done, now, jobId, workerId).changes === 1,
  };
}

function kyselyIO(trx: Transaction<Database>): ChunkIO {
  const store = new KyselyBatchStore(trx);
  const toMap = (rows: { start: number | string; energy: number }[]) => new Map(rows.map((r) => [Number(r.start), Number(r.energy)]));
  return {
    intervals: async (meterId, from, to) => {
      const rows = await trx
        .selectFrom('energy_intervals')
        .select(['start', 'energy'])
        .where('meter_id', '=', meterId)
        .where('start', '>=', from)
        .where('start', '<', to)
        .orderBy('start')
        .execute();
      return { quarters: rows.map((row) => Math.round((Number(row.start) - from) / QUARTER_MS)), energies: rows.map((row) => Number(row.energy)) };
    },
    estimates: async (meterId, from, to) =>
      toMap(
        await trx
          .selectFrom('interval_estimates')
          .select(['start', 'energy'])
          .where('meter_id', '=', meterId)
          .where('start', '>=', from)
          .where('start', '<', to)
          .execute(),
      ),
    meterRows: async (meterId, energyType, hourFrom, hourTo, fromDay, toDay) =>
      (
        await trx
          .selectFrom('band_rollups')
          .selectAll()
          .where('scope', '=', 'meter')
          .where('scope_id', '=', meterId)
          .where('energy_type', '=', energyType)
          .where((eb) =>
            eb.or([
              eb.and([eb('grain', '=', 'hour'), eb('period', '>=', hourFrom), eb('period', '<=', hourTo)]),
              eb.and([eb('grain', '=', 'day'), eb('period', '>=', fromDay), eb('period', '<=', toDay)]),
            ]),
          )
          .execute()
      ).map((row): StoredBand => [
        slotKey(row.grain, row.period, { versionId: row.version_id, season: row.season, band: row.band }),
        Number(row.energy),
        Number(row.estimated),
      ]),
    addBands: (rows) => store.addBands(rows),
    dropEmptyBands: (rows) => store.dropEmptyBands(rows),
    progress: async (jobId, workerId, done, now) => {
      const result = await trx
        .updateTable('recompute_jobs')
        .set({ done, heartbeat_at: now })
        .where('id', '=', jobId)
        .where('claimed_by', '=', workerId)
        .where('state', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
