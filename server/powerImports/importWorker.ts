import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { ImportKind } from '@shared/powerImports/constants';
import type { ImportMapping } from '@shared/powerImports/schemas';
import type { Database } from '../db/schema';
import { PollingLoop } from '../jobs/pollingLoop';
import { ownerTreeOf } from '../tenancy/ownerScope';
import type { FuelFactorStore } from './fuelFactorStore';
import { validateFile } from './importPipeline';
import type { ImportUploads } from './importUploads';
import { ROW_CLAIM_MS, whileClaimed } from '../jobs/heartbeat';

export interface ImportWorkerOptions {
  db: Kysely<Database>;
  uploads: ImportUploads;
  factors: FuelFactorStore;
  timeZone: string;
  processId?: string;
  /** how often queued batches are looked for besides nudge() (default 1 s; 0: only when nudged) */
  pollMs?: number;
  /** a running batch whose heartbeat is older than this was left by a dead process and starts again (default 20 s; beats every 5 s) */
  staleMs?: number;
  /** rows written per transaction; progress is written after each (default 500) */
  chunkRows?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
  /** told after a batch has landed, so whoever compares imported figures looks at once rather than on its next round */
  onBatchDone?: (batchId: number) => void;
}

const MAX_ERROR_CHARS = 500;

/**
 * Works off queued import batches, one at a time per process. A batch is claimed by a conditional update (queued
 * → running with claimed_by), so any number of processes share the queue; its progress (rows done of the total)
 * and heartbeat are written to the batch after each chunk (and every 5 s), so any process answers the progress route.
 * A batch left running by a dead process (heartbeat older than 20 s) has its rows removed and goes back to the queue.
 */
export class ImportWorker {
  readonly processId: string;
  private readonly o: Required<ImportWorkerOptions>;
  private readonly polling: PollingLoop;

  constructor(options: ImportWorkerOptions) {
    this.processId = options.processId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.o = {
      pollMs: 1000,
      staleMs: ROW_CLAIM_MS,
      chunkRows: 500,
      now: Date.now,
      onError: () => undefined,
      onBatchDone: () => undefined,
      ...options,
      processId: this.processId,
    };
    this.polling = new PollingLoop(() => this.drain(), this.o.pollMs);
  }

  start(): void {
    this.polling.start();
  }

  nudge(): void {
    this.polling.nudge();
  }

  async idle(): Promise<void> {
    await this.polling.idle();
  }

  async stop(): Promise<void> {
    this.polling.halt();
    await this.polling.idle();
  }

  private async drain(): Promise<void> {
    try {
      while (!this.polling.stopped && (await this.runNext())) {
        // batch after batch until the queue is empty
      }
    } catch (error) {
      this.o.onError(error);
    }
  }

  /** Takes back stale batches, then claims and does the oldest queued one; false when there was none. */
  async runNext(): Promise<boolean> {
    await this.reclaimStale();
    const id = await this.claim();
    if (id === null) return false;
    // Beats every 5 s besides each chunk's progress, so reading and validating a large file never looks stale.
    await whileClaimed(
      () => this.execute(id),
      () => this.mine(id).set({ heartbeat_at: this.o.now() }).execute(),
      this.o.onError,
    );
    return true;
  }

  private async clearRows(id: number, kind: string): Promise<void> {
    await this.o.db
      .deleteFrom(kind === 'fuel' ? 'imported_fuel' : 'imported_power')
      .where('batch_id', '=', id)
      .execute();
    await this.o.db.deleteFrom('import_row_errors').where('batch_id', '=', id).execute();
  }

  async reclaimStale(): Promise<void> {
    const stale = await this.o.db
      .selectFrom('import_batches')
      .select(['id', 'kind', 'claimed_by'])
      .where('state', '=', 'running')
      .where('heartbeat_at', '<', this.o.now() - this.o.staleMs)
      .execute();
    for (const batch of stale) {
      const result = await this.o.db
        .updateTable('import_batches')
        .set({ state: 'queued', claimed_by: null, heartbeat_at: null, rows_done: 0, imported_rows: 0, rejected_rows: 0 })
        .where('id', '=', batch.id)
        .where('state', '=', 'running')
        .where('claimed_by', '=', batch.claimed_by)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) await this.clearRows(Number(batch.id), batch.kind);
    }
  }

  async claim(): Promise<number | null> {
    for (let tries = 0; tries < 5; tries++) {
      const next = await this.o.db
        .selectFrom('import_batches')
        .select('id')
        .where('state', '=', 'queued')
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!next) return null;
      const now = this.o.now();
      const result = await this.o.db
        .updateTable('import_batches')
        .set({ state: 'running', claimed_by: this.processId, heartbeat_at: now, started_at: now })
        .where('id', '=', next.id)
        .where('state', '=', 'queued')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return Number(next.id);
    }
    return null;
  }

  /** Writes to the batch only while this process still holds it. */
  private mine(id: number) {
    return this.o.db.updateTable('import_batches').where('id', '=', id).where('claimed_by', '=', this.processId).where('state', '=', 'running');
  }

  private async execute(id: number): Promise<void> {
    const batch = await this.o.db.selectFrom('import_batches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const kind = batch.kind as ImportKind;
    try {
      const upload = batch.upload_id === null ? null : await this.o.uploads.forJob(Number(batch.upload_id));
      if (!upload) throw new Error('the uploaded file is no longer kept; upload it again');
      const owner = Number(batch.owner_user_id);
      const versions = (await this.o.factors.versionsOf([owner])).get(owner) ?? [];
      const validated = await validateFile(this.o.db, {
        kind,
        scope: await ownerTreeOf(this.o.db, owner),
        file: upload.file,
        mapping: JSON.parse(batch.mapping) as ImportMapping,
        versions,
        timeZone: this.o.timeZone,
      });
      const rejected = validated.errors.length;
      for (let start = 0; start < rejected; start += this.o.chunkRows) {
        await this.o.db
          .insertInto('import_row_errors')
          .values(
            validated.errors.slice(start, start + this.o.chunkRows).map((error) => ({
              batch_id: id,
              line: error.line,
              reason: error.reason,
              column_name: error.column,
              value: error.value.slice(0, 200),
              detail: error.detail.slice(0, 500),
              other_batch_id: error.otherBatchId,
            })),
          )
          .execute();
      }
      await this.mine(id).set({ total_rows: validated.total, rows_done: rejected, rejected_rows: rejected, heartbeat_at: this.o.now() }).execute();

      let done = 0;
      let totalValue = 0;
      let periodFrom: number | null = null;
      let periodTo: number | null = null;
      const rows = validated.good as { periodStart: number; periodEnd: number }[];
      for (let start = 0; start < rows.length; start += this.o.chunkRows) {
        const chunk = rows.slice(start, start + this.o.chunkRows);
        for (const row of chunk) {
          if (periodFrom === null || row.periodStart < periodFrom) periodFrom = row.periodStart;
          if (periodTo === null || row.periodEnd > periodTo) periodTo = row.periodEnd;
        }
        await this.o.db.transaction().execute(async (trx) => {
          if (validated.kind === 'power') {
            const power = validated.good.slice(start, start + this.o.chunkRows);
            totalValue += power.reduce((sum, row) => sum + row.kwh, 0);
            await trx
              .insertInto('imported_power')
              .values(
                power.map((row) => ({
                  owner_user_id: owner,
                  batch_id: id,
                  object_kind: row.object.objectKind,
                  object_id: row.object.objectId,
                  period_start: row.periodStart,
                  period_end: row.periodEnd,
                  kwh: row.kwh,
                  source_value: row.value,
                  source_unit: row.unit,
                  line: row.line,
                })),
              )
              .execute();
          } else {
            const fuel = validated.good.slice(start, start + this.o.chunkRows);
            totalValue += fuel.reduce((sum, row) => sum + row.quantity, 0);
            await trx
              .insertInto('imported_fuel')
              .values(
                fuel.map((row) => ({
                  owner_user_id: owner,
                  batch_id: id,
                  object_kind: row.object.objectKind,
                  object_id: row.object.objectId,
                  fuel: row.fuel,
                  period_start: row.periodStart,
                  period_end: row.periodEnd,
                  quantity: row.quantity,
                  unit: row.unit,
                  line: row.line,
                })),
              )
              .execute();
          }
          done += chunk.length;
          const progress = await trx
            .updateTable('import_batches')
            .set({ rows_done: rejected + done, imported_rows: done, heartbeat_at: this.o.now() })
            .where('id', '=', id)
            .where('claimed_by', '=', this.processId)
            .where('state', '=', 'running')
            .executeTakeFirst();
          // taken back meanwhile (this process looked dead): roll the chunk back and leave the batch to its new holder
          if (Number(progress.numUpdatedRows) !== 1) throw new Error('batch taken back');
        });
      }
      await this.mine(id)
        .set({ state: 'done', finished_at: this.o.now(), total_value: totalValue, period_from: periodFrom, period_to: periodTo, heartbeat_at: this.o.now() })
        .execute();
      this.o.onBatchDone(id);
    } catch (error) {
      const message = (error as Error).message;
      if (message === 'batch taken back') return;
      // a failed batch keeps nothing: its rows go, so the history never shows half an import
      const result = await this.mine(id)
        .set({ state: 'failed', error: message.slice(0, MAX_ERROR_CHARS), finished_at: this.o.now(), imported_rows: 0, total_value: 0 })
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) {
        await this.o.db
          .deleteFrom(kind === 'fuel' ? 'imported_fuel' : 'imported_power')
          .where('batch_id', '=', id)
          .execute();
      }
      this.o.onError(error);
    }
  }
}
