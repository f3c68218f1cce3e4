import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { localPeriods } from '../../metering/calendar';
import { runOncePerPeriod, watchLapsedPeriods } from '../../siteSettings/jobClaims';
import type { PrepaidEvents } from '../prepaidEvents';
import { Bills, type BillIssueOutcome } from './bills';
import { addMonths } from './localMonths';

/** The monthly issue, claimed once per month (the period is the month billed). */
export const BILL_ISSUE_JOB = 'prepaid-bills-issue';
/** The daily pass (invoices settled by top-ups other processes took, then overdue marking), claimed once per local day. */
export const BILL_DAILY_JOB = 'prepaid-bills-daily';
/** How often a process looks whether this month's issue or today's pass is still to be done (a claimed period costs one write). */
export const BILL_CHECK_EVERY_MS = 10 * 60_000;

export interface BillJobRun {
  /** the month this process issued (null: claimed by another process, or already done) */
  issued: BillIssueOutcome | null;
  /** whether this process ran today's pass */
  daily: boolean;
  paid: number;
  overdue: number;
}

/**
 * The bills' background work in one process. On the first check of a month (the 1st, or the first start after
 * it) the previous month is issued for every tree, claimed once across processes in `job_claims`; the unique
 * (account, month) would keep a second issue from writing twice anyway. Once a local day: invoices settled by
 * credits posted since, then unpaid invoices past their due day become overdue. After every balance change
 * that is not a charge (top-ups, refunds, adjustments) in this process, the account's invoices are settled.
 */
export class BillJob {
  readonly processName = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly bills: Bills;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly timeZone: string,
  ) {
    this.bills = new Bills(db, timeZone);
  }

  async runIfDue(now = Date.now()): Promise<BillJobRun> {
    const here = localPeriods(now, this.timeZone);
    const previous = addMonths(here.month, -1);
    const run: BillJobRun = { issued: null, daily: false, paid: 0, overdue: 0 };
    const issue = await runOncePerPeriod(this.db, BILL_ISSUE_JOB, previous, this.processName, () => this.bills.issue(null, previous, now), now);
    if (issue.ran) run.issued = issue.result;
    const daily = await runOncePerPeriod(
      this.db,
      BILL_DAILY_JOB,
      here.day,
      this.processName,
      async () => ({ paid: await this.bills.settleAll(now), overdue: await this.bills.markOverdue(here.day) }),
      now,
    );
    if (daily.ran) Object.assign(run, { daily: true }, daily.result);
    return run;
  }

  /** Settles the account's invoices after every balance change but charges; returns what unsubscribes. */
  listen(events: PrepaidEvents, onError: (error: unknown) => void): () => void {
    return events.onBalance((change) => {
      if (change.cause === 'charge' || change.cause === 'settings') return;
      return this.bills.settleInvoices(change.accountId, change.at).then(() => undefined, onError);
    });
  }

  /**
   * Checks now and then every `everyMs`, and at once when a period claimed by a process that died has lapsed (a
   * select every few seconds); returns the stop function, which waits for a pass under way.
   */
  start(onRun: (run: BillJobRun) => void, onError: (error: unknown) => void, everyMs = BILL_CHECK_EVERY_MS): () => Promise<void> {
    const tick = () => {
      this.running ??= this.runIfDue()
        .then(onRun, onError)
        .finally(() => {
          this.running = null;
        });
    };
    const timer = setInterval(tick, everyMs);
    timer.unref();
    const unwatch = watchLapsedPeriods(this.db, [BILL_ISSUE_JOB, BILL_DAILY_JOB], tick, onError);
    tick();
    return async () => {
      clearInterval(timer);
      unwatch();
      await this.running;
    };
  }

  /** Resolves when no check of start() is under way (tests wait for the one at start-up). */
  async whenIdle(): Promise<void> {
    await this.running;
  }

  private running: Promise<void> | null = null;
}
