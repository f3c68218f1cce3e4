import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { DbKind } from '../db/connect';
import { compactReadingPartitions, dropReadingPartitionsBefore, ensureReadingPartitions } from '../db/readingPartitions';
import type { Database } from '../db/schema';
import { localPeriods } from '../metering/calendar';
import { runOncePerPeriod, watchLapsedPeriods } from './jobClaims';
import type { SiteSettingsService } from './siteSettingsService';

export const RETENTION_JOB = 'reading-retention';
const DAY_MS = 86_400_000;
/** How often a process looks whether today's run is still to be done (a claimed day costs one write). */
export const RETENTION_CHECK_MS = 10 * 60_000;

/**
 * Deletes raw readings (`readings`) older than `cutoff`. On PostgreSQL every month partition entirely older goes
 * whole (detached and dropped: no row-wise delete, no dead rows to vacuum). What is left older than the cut-off
 * (SQLite's single table, the month the cut-off falls in, the default partition) goes one meter and one day of
 * readings per statement, so a long backlog never holds the SQLite writer for long; ingest gets its turn
 * between statements. The 15-minute energy, the rollups and each meter's last register (`meter_state`) are not
 * touched: every figure and chart but a meter's raw history stays as it was. Returns how many readings went.
 */
export async function purgeRawReadings(
  db: Kysely<Database>,
  cutoff: number,
  kind: DbKind = 'sqlite',
): Promise<{ deleted: number; droppedPartitions: string[] }> {
  let deleted = 0;
  let droppedPartitions: string[] = [];
  if (kind === 'postgres') {
    const dropped = await dropReadingPartitionsBefore(db, cutoff);
    deleted += dropped.readings;
    droppedPartitions = dropped.dropped;
  }
  const meters = await db.selectFrom('meters').select('id').orderBy('id').execute();
  for (const { id } of meters) {
    const oldest = await db
      .selectFrom('readings')
      .select((eb) => eb.fn.min('ts').as('ts'))
      .where('meter_id', '=', id)
      .executeTakeFirst();
    let from = oldest?.ts === null || oldest?.ts === undefined ? cutoff : Number(oldest.ts);
    while (from < cutoff) {
      const to = Math.min(from + DAY_MS, cutoff);
      const result = await db.deleteFrom('readings').where('meter_id', '=', id).where('ts', '<', to).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
      from = to;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return { deleted, droppedPartitions };
}

export interface RetentionRun {
  /** Whether this process ran today's deletion (false: not configured, or another process claimed the day). */
  ran: boolean;
  deleted: number;
  cutoff: number | null;
  /** PostgreSQL: the month partitions dropped whole (their readings are counted in `deleted`). */
  droppedPartitions?: string[];
}

/**
 * The daily raw-reading retention (and, on PostgreSQL, the month partitions' upkeep at every check: at start and
 * every RETENTION_CHECK_MS, whatever the retention). Every process checks every RETENTION_CHECK_MS; the first to claim the local
 * day (TIME_ZONE) in `job_claims` deletes, the others do nothing that day. A retention saved after today's run
 * applies from tomorrow's.
 */
export class ReadingRetention {
  /** Names this process in the claim row, so the log of who ran a day is readable. */
  readonly processName = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: SiteSettingsService,
    private readonly timeZone: string,
    private readonly kind: DbKind,
  ) {}

  /** PostgreSQL also: partitions ahead, compacted months that are over (whatever the retention), before the day's claim. */
  async runIfDue(now = Date.now()): Promise<RetentionRun> {
    const { readingRetentionDays } = await this.settings.fresh();
    const cutoff = readingRetentionDays === null ? null : now - readingRetentionDays * DAY_MS;
    // PostgreSQL: the coming months' partitions exist before their readings arrive (one catalogue read when they do).
    if (this.kind === 'postgres') {
      await ensureReadingPartitions(this.db, now, { keepFrom: cutoff });
      await compactReadingPartitions(this.db, now);
    }
    if (cutoff === null) return { ran: false, deleted: 0, cutoff: null };
    const run = await runOncePerPeriod(
      this.db,
      RETENTION_JOB,
      localPeriods(now, this.timeZone).day,
      this.processName,
      () => purgeRawReadings(this.db, cutoff, this.kind),
      now,
    );
    if (!run.ran) return { ran: false, deleted: 0, cutoff };
    const { deleted, droppedPartitions } = run.result;
    return { ran: true, deleted, cutoff, ...(droppedPartitions.length > 0 ? { droppedPartitions } : {}) };
  }

  /** Checks now and then every `everyMs`; returns the stop function, which waits for a deletion under way. */
  start(onRun: (run: RetentionRun) => void, onError: (error: unknown) => void, everyMs = RETENTION_CHECK_MS): () => Promise<void> {
    let running: Promise<void> | null = null;
    const tick = () => {
      running ??= this.runIfDue()
        .then(onRun, onError)
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, everyMs);
    timer.unref();
    // A day whose deletion stopped with its process is taken over within ~25 s, not at the next check.
    const unwatch = watchLapsedPeriods(this.db, [RETENTION_JOB], tick, onError);
    tick();
    return async () => {
      clearInterval(timer);
      unwatch();
      await running;
    };
  }
}
