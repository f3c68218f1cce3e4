import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { ROW_CLAIM_MS, ROW_RENEW_MS } from '../jobs/heartbeat';
import { inScope, type OwnerScope } from '../tenancy/ownerScope';

/** A finished file is kept this long for its download, then deleted (by whichever process sweeps first). */
export const EXPORT_KEEP_MS = 60 * 60_000;
/** The writing process touches its running job this often; */
export const EXPORT_HEARTBEAT_MS = ROW_RENEW_MS;
/** a running job untouched this long lost its process (killed, crashed): it reads as failed (within 20 s of the death). */
export const EXPORT_STALE_MS = ROW_CLAIM_MS;
export const EXPORT_LOST_MESSAGE = 'The server process making this export stopped; start the export again';

export type ExportKind = 'meterHistory' | 'settlement';
export type ExportFormat = 'csv' | 'xlsx';

/** A job as the store keeps it; each kind shows the fields its API has. */
export interface ExportRow {
  id: string;
  state: 'running' | 'done' | 'failed';
  format: ExportFormat;
  fileName: string;
  rowsWritten: number;
  totalRows: number;
  progress: number;
  error: string | null;
}

export interface ExportBytes {
  fileName: string;
  format: ExportFormat;
  bytes: Buffer;
}

/**
 * Export jobs of one kind in the database (`export_files`): the row is the job any process reads for its progress,
 * and once done it holds the file's bytes, so a file started through one process downloads through any. The file is
 * written page by page to a scratch file of this process's DATA_DIR (never whole in memory) and moved into the row
 * when complete. A running job is touched every EXPORT_HEARTBEAT_MS; one its process stopped touching reads as failed.
 */
export class ExportFiles {
  readonly scratch: string;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: ExportKind,
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.scratch = join(dataDir, `${kind}-exports`);
    rmSync(this.scratch, { recursive: true, force: true });
    mkdirSync(this.scratch, { recursive: true });
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), 60_000).unref();
  }

  /** The scratch file a job writes to before `finish` stores it. */
  pathOf(id: string, format: ExportFormat): string {
    return join(this.scratch, `${id}.${format}`);
  }

  async create(job: { id: string; ownerId: number; format: ExportFormat; fileName: string; totalRows?: number }): Promise<void> {
    const now = this.now();
    await this.db
      .insertInto('export_files')
      .values({
        id: job.id,
        kind: this.kind,
        owner_user_id: job.ownerId,
        state: 'running',
        format: job.format,
        file_name: job.fileName,
        total_rows: job.totalRows ?? 0,
        error: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  /** Runs `work` as job `id`'s writer: heartbeats meanwhile, then stores the scratch file, or the failure. */
  async run(id: string, format: ExportFormat, work: () => Promise<{ totalRows?: number } | void>): Promise<void> {
    const heartbeat = setInterval(() => void this.touch(id).catch(() => undefined), EXPORT_HEARTBEAT_MS).unref();
    const path = this.pathOf(id, format);
    try {
      const done = await work();
      const content = readFileSync(path);
      await this.db
        .updateTable('export_files')
        .set({
          state: 'done',
          progress: 1,
          content,
          updated_at: this.now(),
          ...(done && done.totalRows !== undefined ? { total_rows: done.totalRows } : {}),
        })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.db.updateTable('export_files').set({ state: 'failed', error: message, updated_at: this.now() }).where('id', '=', id).execute();
    } finally {
      clearInterval(heartbeat);
      rmSync(path, { force: true });
    }
  }

  async progress(id: string, values: { progress: number; rowsWritten?: number; totalRows?: number }): Promise<void> {
    await this.db
      .updateTable('export_files')
      .set({
        progress: values.progress,
        updated_at: this.now(),
        ...(values.rowsWritten !== undefined ? { rows_written: values.rowsWritten } : {}),
        ...(values.totalRows !== undefined ? { total_rows: values.totalRows } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /** The job when it exists, is of this kind, and its starter is in the caller's tree (`scope`). */
  async find(id: string, scope: OwnerScope): Promise<ExportRow | undefined> {
    const row = await this.db
      .selectFrom('export_files')
      .select(['id', 'owner_user_id', 'state', 'format', 'file_name', 'rows_written', 'total_rows', 'progress', 'error', 'updated_at'])
      .where('id', '=', id)
      .where('kind', '=', this.kind)
      .executeTakeFirst();
    if (!row || !inScope(scope, row.owner_user_id)) return undefined;
    const lost = row.state === 'running' && this.now() - Number(row.updated_at) > EXPORT_STALE_MS;
    return {
      id: row.id,
      state: lost ? 'failed' : (row.state as ExportRow['state']),
      format: row.format as ExportFormat,
      fileName: row.file_name,
      rowsWritten: Number(row.rows_written),
      totalRows: Number(row.total_rows),
      progress: Number(row.progress),
      error: lost ? EXPORT_LOST_MESSAGE : row.error,
    };
  }

  /** The bytes of a finished job of the caller's tree; running, failed or unknown jobs have none. */
  async file(id: string, scope: OwnerScope): Promise<ExportBytes> {
    const job = await this.find(id, scope);
    const row = job?.state === 'done' ? await this.db.selectFrom('export_files').select('content').where('id', '=', id).executeTakeFirst() : undefined;
    if (!job || !row?.content) throw new AppError('NOT_FOUND', { message: 'No finished export with this id' });
    return { fileName: job.fileName, format: job.format, bytes: Buffer.from(row.content) };
  }

  /** Deletes files past EXPORT_KEEP_MS and jobs whose process was lost long ago; any process may sweep. */
  async sweep(now = this.now()): Promise<void> {
    await this.db
      .deleteFrom('export_files')
      .where('kind', '=', this.kind)
      .where('created_at', '<', now - EXPORT_KEEP_MS)
      .where((eb) => eb.or([eb('state', '!=', 'running'), eb('updated_at', '<', now - EXPORT_STALE_MS)]))
      .execute();
  }

  close(): void {
    clearInterval(this.sweeper);
    rmSync(this.scratch, { recursive: true, force: true });
  }

  private async touch(id: string): Promise<void> {
    await this.db.updateTable('export_files').set({ updated_at: this.now() }).where('id', '=', id).where('state', '=', 'running').execute();
  }
}
