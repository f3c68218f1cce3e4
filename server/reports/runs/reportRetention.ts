import type { Kysely } from 'kysely';
import { localToday } from '@shared/reports/periods';
import type { Database } from '../../db/schema';
import { runOncePerPeriod, watchLapsedPeriods } from '../../siteSettings/jobClaims';
import type { ReportSettingsStore } from './reportSettings';
import { DAY_MS_REPORTS } from './runFiles';

export const REPORT_RETENTION_JOB = 'report-retention';
/** How often a process looks whether today's deletion is still to be done. */
export const REPORT_RETENTION_CHECK_MS = 10 * 60_000;

/**
 * Deletes generated reports older than the retention setting, with their files, deliveries and links. Runs not
 * yet finished are kept whatever their age (a queue that old is a fault to see, not to hide).
 */
export async function purgeOldRuns(db: Kysely<Database>, retentionDays: number, now: number): Promise<number> {
  const cutoff = now - retentionDays * DAY_MS_REPORTS;
  const old = await db.selectFrom('report_runs').select('id').where('created_at', '<', cutoff).where('state', 'in', ['done', 'failed', 'cancelled']).execute();
  const ids = old.map((row) => Number(row.id));
  // A few hundred at a time: each statement is short, so the API keeps its turn on SQLite.
  for (let at = 0; at < ids.length; at += 200) {
    const chunk = ids.slice(at, at + 200);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('report_files').where('run_id', 'in', chunk).execute();
      await trx.deleteFrom('report_deliveries').where('run_id', 'in', chunk).execute();
      await trx.deleteFrom('report_links').where('run_id', 'in', chunk).execute();
      await trx.deleteFrom('report_runs').where('id', 'in', chunk).execute();
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return ids.length;
}

/**
 * The daily report retention: every process checks every REPORT_RETENTION_CHECK_MS; the one that claims the local
 * day (TIME_ZONE) in job_claims deletes, the others do nothing that day unless its claim lapses unfinished.
 */
export class ReportRetention {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: ReportSettingsStore,
    private readonly timeZone: string,
    private readonly processId: string,
  ) {}

  /** Today's deletion if no process has done it yet: how many runs went, or null when another process has the day. */
  async runIfDue(now = Date.now()): Promise<number | null> {
    const run = await runOncePerPeriod(
      this.db,
      REPORT_RETENTION_JOB,
      localToday(this.timeZone, now),
      this.processId,
      async () => purgeOldRuns(this.db, (await this.settings.get()).retentionDays, now),
      now,
    );
    return run.ran ? run.result : null;
  }

  start(onError: (error: unknown) => void): () => void {
    const tick = () => void this.runIfDue().catch(onError);
    const timer = setInterval(tick, REPORT_RETENTION_CHECK_MS);
    timer.unref();
    const first = setTimeout(tick, 5_000);
    first.unref();
    // A day whose deletion stopped with its process is taken over within ~25 s, not at the next check.
    const unwatch = watchLapsedPeriods(this.db, [REPORT_RETENTION_JOB], tick, onError);
    return () => {
      clearInterval(timer);
      unwatch();
      clearTimeout(first);
    };
  }
}
