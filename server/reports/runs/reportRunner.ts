import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import type { ReportFormat } from '@shared/reports/constants';
import type { Paper, ReportSpec } from '@shared/reports/spec';
import type { RenderControl, RenderedReport, ReportTable } from '@shared/reports/table';
import type { Database } from '../../db/schema';
import type { DbKind } from '../../db/connect';
import { isAdministrator, ownerTreeOf } from '../../tenancy/ownerScope';
import type { ReportContext } from '../engine/reportContext';
import { fileNameOf } from './runFiles';
import { parseStoredSpec, type RunRow } from './reportRuns';
import { PollingLoop } from '../../jobs/pollingLoop';
import { ROW_CLAIM_MS, ROW_RENEW_MS } from '../../jobs/heartbeat';

/** What computes a run's table: the engine (server/reports/engine/buildReportTable.ts) unless a test gives another. */
export type TableBuilder = (
  context: ReportContext,
  spec: ReportSpec,
  /** the run's local days, inclusive */
  period: { from: string; to: string },
  options: { title: string; now: number; signal: AbortSignal; onProgress: (fraction: number) => void },
) => Promise<ReportTable>;
/** What turns the table into the file: render/index.ts unless a test gives another. */
export type TableRenderer = (table: ReportTable, format: ReportFormat, control: RenderControl, paper: Paper | null) => Promise<RenderedReport>;

export interface ReportRunnerOptions {
  db: Kysely<Database>;
  dbKind: DbKind;
  sqlite?: SqliteDatabase.Database | undefined;
  timeZone: string;
  /** names this process in claimed_by; unique per runner */
  processId?: string;
  /** how often queued runs are looked for besides nudge() (default 1 s; 0: only when nudged) */
  pollMs?: number;
  /** how often a running run's heartbeat is written (default 5 s) */
  heartbeatMs?: number;
  /** a running run whose heartbeat is older than this is taken back (its process died; default 20 s: four missed beats) */
  staleMs?: number;
  /** how often cancel_requested is read during a run (default 1 s) */
  cancelPollMs?: number;
  /** progress is written at most this often (default 500 ms) */
  progressMs?: number;
  now?: () => number;
  build?: TableBuilder;
  render?: TableRenderer;
  /** a run finished with its file (scheduled runs make their deliveries here) */
  onDone?: (runId: number) => Promise<void>;
  onError?: (error: unknown) => void;
}

/** The engine's share of a run's progress; the renderer has the rest. */
const BUILD_SHARE = 0.5;
const MAX_ERROR_CHARS = 500;

class RunStopped extends Error {}

const defaultBuild: TableBuilder = async (context, spec, period, options) =>
  (await import('../engine/buildReportTable')).buildReportTable(context, spec, period, options);
const defaultRender: TableRenderer = async (table, format, control, paper) => (await import('../render')).renderReport(table, format, control, paper);

/**
 * Works off queued report runs, one at a time per process. A run is claimed by a conditional update (queued →
 * running with claimed_by), so any number of processes share the queue and each run is done once. While a run
 * works, its heartbeat is written every few seconds; a running run whose heartbeat is older than `staleMs` was
 * left by a dead process and goes back to the queue. A cancel is a flag on the row, read during the run and
 * turned into the AbortSignal the engine and renderers watch.
 */
export class ReportRunner {
  readonly processId: string;
  private readonly o: Required<Omit<ReportRunnerOptions, 'sqlite' | 'onDone'>> & Pick<ReportRunnerOptions, 'sqlite' | 'onDone'>;
  private readonly polling: PollingLoop;
  private current: AbortController | null = null;

  constructor(options: ReportRunnerOptions) {
    this.processId = options.processId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.o = {
      pollMs: 1000,
      heartbeatMs: ROW_RENEW_MS,
      staleMs: ROW_CLAIM_MS,
      cancelPollMs: 1000,
      progressMs: 500,
      now: Date.now,
      build: defaultBuild,
      render: defaultRender,
      onError: () => undefined,
      ...options,
      processId: this.processId,
    };
    this.polling = new PollingLoop(() => this.drain(), this.o.pollMs);
  }

  start(): void {
    this.polling.start();
  }

  /** Look for queued runs now (a new run starts at once). */
  nudge(): void {
    this.polling.nudge();
  }

  /** Resolves when this runner has nothing in progress. */
  async idle(): Promise<void> {
    await this.polling.idle();
  }

  /** No more runs; the one in progress is stopped and left to be taken back by another process. */
  async stop(): Promise<void> {
    this.polling.halt();
    this.current?.abort(new RunStopped('server stopping'));
    await this.polling.idle();
  }

  /** One pass: run after run until the queue is empty. */
  private async drain(): Promise<void> {
    try {
      while (!this.polling.stopped && (await this.runNext())) {
        // one run after another until the queue is empty
      }
    } catch (error) {
      this.o.onError(error);
    }
  }

  /** Takes back stale runs, then claims and does the oldest queued run; false when there was none. */
  async runNext(): Promise<boolean> {
    await this.reclaimStale();
    const id = await this.claim();
    if (id === null) return false;
    await this.execute(id);
    return true;
  }

  /** Runs whose process stopped writing their heartbeat go back to the queue (progress starts again). */
  async reclaimStale(): Promise<number> {
    const result = await this.o.db
      .updateTable('report_runs')
      .set({ state: 'queued', claimed_by: null, heartbeat_at: null, progress: 0 })
      .where('state', '=', 'running')
      .where('heartbeat_at', '<', this.o.now() - this.o.staleMs)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The oldest queued run, claimed by this runner; null when none is left (or others took each one first). */
  async claim(): Promise<number | null> {
    for (let tries = 0; tries < 5; tries++) {
      const next = await this.o.db
        .selectFrom('report_runs')
        .select('id')
        .where('state', '=', 'queued')
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!next) return null;
      const now = this.o.now();
      const result = await this.o.db
        .updateTable('report_runs')
        .set({ state: 'running', claimed_by: this.processId, heartbeat_at: now, started_at: now, progress: 0 })
        .where('id', '=', next.id)
        .where('state', '=', 'queued')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return Number(next.id);
    }
    return null;
  }

  private async execute(id: number): Promise<void> {
    const run = await this.o.db.selectFrom('report_runs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!run) return;
    const controller = new AbortController();
    this.current = controller;
    const mine = (query: ReturnType<typeof this.updateRun>) => query.where('claimed_by', '=', this.processId).where('state', '=', 'running');
    let lastHeartbeat = this.o.now();
    let lastProgress = 0;
    let pending: number | null = null;
    const writeProgress = async (fraction: number) => {
      const now = this.o.now();
      await mine(this.updateRun(id).set({ progress: Math.min(1, Math.max(0, fraction)), heartbeat_at: now })).execute();
      lastHeartbeat = now;
      lastProgress = now;
    };
    const progress = (fraction: number) => {
      pending = fraction;
      if (this.o.now() - lastProgress < this.o.progressMs) return;
      pending = null;
      void writeProgress(fraction).catch(this.o.onError);
    };
    // Reads the cancel flag (and whether the row still exists) and keeps the heartbeat fresh.
    const watch = setInterval(
      () => {
        void (async () => {
          const row = await this.o.db.selectFrom('report_runs').select(['cancel_requested', 'claimed_by']).where('id', '=', id).executeTakeFirst();
          if (!row || row.claimed_by !== this.processId) controller.abort(new RunStopped('gone'));
          else if (Number(row.cancel_requested) === 1) controller.abort(new RunStopped('cancelled'));
          else if (this.o.now() - lastHeartbeat >= this.o.heartbeatMs) {
            if (pending !== null) await writeProgress(pending);
            else {
              lastHeartbeat = this.o.now();
              await mine(this.updateRun(id).set({ heartbeat_at: lastHeartbeat })).execute();
            }
          }
        })().catch(this.o.onError);
      },
      Math.min(this.o.cancelPollMs, this.o.heartbeatMs),
    );
    try {
      if (Number(run.cancel_requested) === 1) throw new RunStopped('cancelled');
      const spec = parseStoredSpec(run.spec);
      const context = await this.contextOf(run);
      const table = await this.o.build(
        context,
        spec,
        { from: run.period_from, to: run.period_to },
        { title: run.name, now: this.o.now(), signal: controller.signal, onProgress: (f) => progress(f * BUILD_SHARE) },
      );
      controller.signal.throwIfAborted();
      const paper = run.paper ? (JSON.parse(run.paper) as Paper) : null;
      const rendered = await this.o.render(
        table,
        run.format as ReportFormat,
        { signal: controller.signal, progress: (f) => progress(BUILD_SHARE + f * (1 - BUILD_SHARE)) },
        paper,
      );
      controller.signal.throwIfAborted();
      clearInterval(watch);
      const stored = await this.store(run, rendered.bytes);
      if (stored && this.o.onDone) await this.o.onDone(id).catch(this.o.onError);
    } catch (error) {
      clearInterval(watch);
      await this.settleFailure(id, controller.signal, error);
    } finally {
      clearInterval(watch);
      this.current = null;
    }
  }

  /** Saves the file and marks the run done, unless it was deleted, cancelled or taken back meanwhile. */
  private async store(run: RunRow, bytes: Buffer): Promise<boolean> {
    return this.o.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('report_runs')
        .set({
          state: 'done',
          progress: 1,
          size_bytes: bytes.length,
          file_name: fileNameOf(run.name, { from: run.period_from, to: run.period_to }, run.format as ReportFormat),
          finished_at: this.o.now(),
          error: null,
        })
        .where('id', '=', run.id)
        .where('claimed_by', '=', this.processId)
        .where('state', '=', 'running')
        .where('cancel_requested', '=', 0)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await trx.insertInto('report_files').values({ run_id: run.id, content: bytes }).execute();
      return true;
    });
  }

  private async settleFailure(id: number, signal: AbortSignal, error: unknown): Promise<void> {
    const reason: unknown = signal.aborted ? signal.reason : error;
    const finished = this.o.now();
    if (reason instanceof RunStopped && reason.message === 'server stopping') {
      // Left for another process (or this one after a restart): back to the queue.
      await this.updateRun(id).set({ state: 'queued', claimed_by: null, heartbeat_at: null, progress: 0 }).where('claimed_by', '=', this.processId).execute();
      return;
    }
    if (reason instanceof RunStopped) {
      await this.updateRun(id)
        .set({ state: 'cancelled', finished_at: finished })
        .where('claimed_by', '=', this.processId)
        .where('state', '=', 'running')
        .execute();
      return;
    }
    const row = await this.o.db.selectFrom('report_runs').select('cancel_requested').where('id', '=', id).executeTakeFirst();
    const cancelled = Number(row?.cancel_requested ?? 0) === 1;
    const message = error instanceof Error ? error.message : String(error);
    await this.updateRun(id)
      .set(cancelled ? { state: 'cancelled', finished_at: finished } : { state: 'failed', error: message.slice(0, MAX_ERROR_CHARS), finished_at: finished })
      .where('claimed_by', '=', this.processId)
      .where('state', '=', 'running')
      .execute();
    if (!cancelled) this.o.onError(error);
  }

  private updateRun(id: number) {
    return this.o.db.updateTable('report_runs').where('id', '=', id);
  }

  /**
   * The trees a run reads: everything when whoever asked for it is an administrator (as their preview showed),
   * else the tree of the run's owner.
   */
  private async contextOf(run: RunRow): Promise<ReportContext> {
    const all = run.created_by !== null && (await isAdministrator(this.o.db, Number(run.created_by)));
    const owners = all ? 'all' : [...(await ownerTreeOf(this.o.db, Number(run.owner_user_id))).owners];
    return { db: this.o.db, dbKind: this.o.dbKind, sqlite: this.o.sqlite, owners, timeZone: this.o.timeZone };
  }
}
