import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { keepClaimed } from '../jobs/heartbeat';

/** How long a period claim lasts past its last renewal: a holder that dies mid-period is replaced after at most this plus one takeover check. */
export const CLAIM_TTL_MS = 20_000;
/** How often the holder renews its claim while the period's work runs. */
export const CLAIM_RENEW_MS = 5_000;
/** How often every process looks for unfinished claims that lapsed (one select of the job's row). */
export const CLAIM_TAKEOVER_CHECK_MS = 5_000;
/** A period whose work threw is tried again by any process after this (not at once: a failing job would otherwise spin). */
export const CLAIM_RETRY_AFTER_ERROR_MS = 60_000;

/**
 * Work that must run once per period (a day, a month, an hour) however many server processes share the database:
 * each process tries to move the job's row to the period with one conditional upsert, and only the one whose write
 * changed the row runs it. The row is taken when its period differs, or when it is the same period, not done, and
 * its `claim_until` has passed (the holder stopped renewing: it died). The same SQL on SQLite and PostgreSQL; when
 * the claim is not due, nothing is written. Prefer `runOncePerPeriod`, which renews and finishes the claim.
 */
export async function claimPeriod(
  db: Kysely<Database>,
  job: string,
  period: string,
  claimedBy: string,
  now = Date.now(),
  ttlMs = CLAIM_TTL_MS,
): Promise<boolean> {
  const fields = { period, claimed_at: now, claimed_by: claimedBy, claim_until: now + ttlMs, done_at: null };
  const result = await db
    .insertInto('job_claims')
    .values({ job, ...fields })
    .onConflict((oc) =>
      oc
        .column('job')
        .doUpdateSet(fields)
        .where((eb) => eb.or([eb('job_claims.period', '<>', period), eb.and([eb('job_claims.done_at', 'is', null), eb('job_claims.claim_until', '<', now)])])),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Moves the claim's end to `until` while this process still holds the period unfinished; false when it lost it. */
export async function renewPeriod(db: Kysely<Database>, job: string, period: string, claimedBy: string, until: number): Promise<boolean> {
  const result = await db
    .updateTable('job_claims')
    .set({ claim_until: until })
    .where('job', '=', job)
    .where('period', '=', period)
    .where('claimed_by', '=', claimedBy)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the period done (no process takes it again); false when another process had taken it over meanwhile. */
export async function finishPeriod(db: Kysely<Database>, job: string, period: string, claimedBy: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('job_claims')
    .set({ done_at: at, claim_until: at })
    .where('job', '=', job)
    .where('period', '=', period)
    .where('claimed_by', '=', claimedBy)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The jobs among `jobs` whose claim is unfinished and lapsed at `now` (their holder died): one select. */
export async function lapsedPeriods(db: Kysely<Database>, jobs: readonly string[], now = Date.now()): Promise<string[]> {
  if (jobs.length === 0) return [];
  const rows = await db.selectFrom('job_claims').select('job').where('job', 'in', jobs).where('done_at', 'is', null).where('claim_until', '<', now).execute();
  return rows.map((row) => row.job);
}

export type PeriodRun<T> = { ran: true; result: T } | { ran: false };

export interface PeriodRunOptions {
  ttlMs?: number;
  renewMs?: number;
  retryAfterErrorMs?: number;
  /** a renewal that failed (the database was away); the work goes on */
  onError?: (error: unknown) => void;
}

/**
 * Runs `work` for `period` on this process if it claims the period (see claimPeriod): while the work runs the claim
 * is renewed every `renewMs` to `ttlMs` ahead, at the end the period is marked done. If the work throws, the claim
 * is left to lapse `retryAfterErrorMs` later, so a later pass (of any process) tries the period again, and the error
 * is thrown on. `now` is the pass's clock (tests pass a fixed one); the renewals advance it by the time elapsed.
 */
export async function runOncePerPeriod<T>(
  db: Kysely<Database>,
  job: string,
  period: string,
  processName: string,
  work: () => Promise<T>,
  now = Date.now(),
  options: PeriodRunOptions = {},
): Promise<PeriodRun<T>> {
  const ttlMs = options.ttlMs ?? CLAIM_TTL_MS;
  if (!(await claimPeriod(db, job, period, processName, now, ttlMs))) return { ran: false };
  const started = Date.now();
  const clock = () => now + (Date.now() - started);
  const stopRenewing = keepClaimed(
    () => renewPeriod(db, job, period, processName, clock() + ttlMs),
    options.onError ?? (() => undefined),
    options.renewMs ?? CLAIM_RENEW_MS,
  );
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await stopRenewing();
    const retryAt = clock() + (options.retryAfterErrorMs ?? CLAIM_RETRY_AFTER_ERROR_MS);
    await renewPeriod(db, job, period, processName, retryAt).catch(() => undefined);
    throw error;
  }
  await stopRenewing();
  await finishPeriod(db, job, period, processName, clock());
  return { ran: true, result };
}

/**
 * Every `everyMs`, one select of the `jobs`' rows: when one of them is unfinished and lapsed (its holder died
 * mid-period), `onLapsed` runs the job's pass, which then claims the period. This is what moves a period to another
 * process within ~25 s without running a job whose own timer is minutes long any more often. Returns the stop.
 */
export function watchLapsedPeriods(
  db: Kysely<Database>,
  jobs: readonly string[],
  onLapsed: (jobs: string[]) => void,
  onError: (error: unknown) => void,
  everyMs = CLAIM_TAKEOVER_CHECK_MS,
): () => void {
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    lapsedPeriods(db, jobs)
      .then((lapsed) => {
        if (lapsed.length > 0) onLapsed(lapsed);
      }, onError)
      .finally(() => (checking = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
