import type { Kysely, Selectable } from 'kysely';
import { DAY_MS_REPORTS, fileNameOf } from './runFiles';
import type { ReportFormat, ReportLang, RunState } from '@shared/reports/constants';
import { resolvePeriod } from '@shared/reports/periods';
import { reportSpecSchema, type Paper, type ReportRunRequest, type ReportSpec } from '@shared/reports/spec';
import { REPORT_CONTENT_TYPES } from '@shared/reports/table';
import type { ReportRunView } from '@shared/reports/types';
import type { z } from 'zod';
import type { runListQuerySchema } from '@shared/reports/spec';
import type { Database } from '../../db/schema';
import type { ReportRunsTable } from '../../db/reportsSchema';
import { AppError, validationError } from '../../http/appError';
import { ownerIds, type OwnerScope } from '../../tenancy/ownerScope';
import type { ReportSettingsStore } from './reportSettings';

export type RunRow = Selectable<ReportRunsTable>;
export type RunListQuery = z.output<typeof runListQuerySchema>;

/** A run's columns without its spec (lists never read the spec). */
const VIEW_SELECT = [
  'r.id',
  'r.owner_user_id',
  'r.definition_id',
  'r.schedule_id',
  'r.name',
  'r.format',
  'r.lang',
  'r.period_from',
  'r.period_to',
  'r.paper',
  'r.state',
  'r.progress',
  'r.error',
  'r.file_name',
  'r.size_bytes',
  'r.downloads',
  'r.created_by',
  'r.created_at',
  'r.started_at',
  'r.finished_at',
  'u.username as user_name',
  'u.true_name as user_true_name',
  's.name as schedule_name',
] as const;

/** A definition's spec as stored, with the defaults of today's schema filled in. */
export const parseStoredSpec = (spec: string): ReportSpec => reportSpecSchema.parse(JSON.parse(spec));

/** What a new run row needs besides its owner and who asked. */
export interface RunSeed {
  definitionId: number;
  name: string;
  spec: ReportSpec;
  format: ReportFormat;
  period: { from: string; to: string };
  paper: Paper | null;
}

/** The run row a definition makes for one format: the spec snapshot in the run's language, the period resolved now. */
export function seedRun(
  definition: { id: number; name: string; spec: string },
  ask: { format: ReportFormat; period?: ReportRunRequest['period']; lang?: ReportLang | undefined; paper?: Paper | undefined },
  timeZone: string,
  now: number,
): RunSeed {
  const stored = parseStoredSpec(definition.spec);
  const spec: ReportSpec = { ...stored, lang: ask.lang ?? stored.lang, paper: ask.paper ?? stored.paper };
  return {
    definitionId: definition.id,
    name: definition.name,
    spec,
    format: ask.format,
    period: resolvePeriod(ask.period ?? stored.period, timeZone, now),
    paper: ask.format === 'pdf' ? spec.paper : null,
  };
}

/**
 * Generated reports (report_runs): a row is the job and, once done, the file (its bytes in report_files). Every
 * read and write is limited to the caller's tree; the ReportRunner of some process does the work.
 */
export class ReportRuns {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: ReportSettingsStore,
    private readonly timeZone: string,
    /** told of every new queued run, so this process's runner starts at once instead of at its next poll */
    private readonly nudge: () => void = () => undefined,
  ) {}

  /** Queues one file of a definition in the caller's tree (another tree's definition "does not exist"). */
  async create(scope: OwnerScope, userId: number, body: ReportRunRequest, now = Date.now()): Promise<ReportRunView> {
    const definition = await this.definitionInScope(scope, body.definitionId);
    if (!definition) throw validationError([{ field: 'definitionId', rule: 'exists', message: `report definition ${body.definitionId} does not exist` }]);
    const seed = seedRun(definition, body, this.timeZone, now);
    const id = await this.insert(seed, { ownerUserId: definition.owner_user_id, createdBy: userId, now });
    this.nudge();
    return this.view(id as number);
  }

  /**
   * Inserts a queued run; with `slot`, a scheduled run that a slot makes once per format however many processes
   * try (the unique (schedule_id, schedule_slot, format) index): null when another process inserted it first.
   */
  async insert(seed: RunSeed, by: { ownerUserId: number; createdBy: number | null; now: number; scheduleId?: number; slot?: number }): Promise<number | null> {
    const values = {
      owner_user_id: by.ownerUserId,
      definition_id: seed.definitionId,
      schedule_id: by.scheduleId ?? null,
      schedule_slot: by.slot ?? null,
      name: seed.name,
      spec: JSON.stringify(seed.spec),
      format: seed.format,
      lang: seed.spec.lang,
      period_from: seed.period.from,
      period_to: seed.period.to,
      paper: seed.paper ? JSON.stringify(seed.paper) : null,
      state: 'queued',
      created_by: by.createdBy,
      created_at: by.now,
    };
    const row = await this.db
      .insertInto('report_runs')
      .values(values)
      .onConflict((oc) => oc.columns(['schedule_id', 'schedule_slot', 'format']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) this.nudge();
    return row ? Number(row.id) : null;
  }

  async list(scope: OwnerScope, query: RunListQuery): Promise<{ total: number; rows: ReportRunView[] }> {
    let base = this.joined();
    const owners = ownerIds(scope);
    if (owners) base = base.where('r.owner_user_id', 'in', owners);
    if (query.definitionId) base = base.where('r.definition_id', '=', query.definitionId);
    if (query.scheduleId) base = base.where('r.schedule_id', '=', query.scheduleId);
    if (query.state) base = base.where('r.state', '=', query.state);
    if (query.format) base = base.where('r.format', '=', query.format);
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await base
      .select(VIEW_SELECT)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    const retentionDays = (await this.settings.get()).retentionDays;
    return { total: Number(counted?.n ?? 0), rows: rows.map((row) => toView(row, retentionDays)) };
  }

  /** One run (the route has checked its tree). */
  async view(id: number): Promise<ReportRunView> {
    const row = await this.joined().select(VIEW_SELECT).where('r.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { message: `Report ${id} was not found` });
    return toView(row, (await this.settings.get()).retentionDays);
  }

  /**
   * A queued run is cancelled at once; a running one is asked to stop (its runner sees the flag within a second
   * and marks it cancelled). A finished run stays as it is.
   */
  async cancel(id: number, now = Date.now()): Promise<ReportRunView> {
    const queued = await this.db
      .updateTable('report_runs')
      .set({ state: 'cancelled', cancel_requested: 1, finished_at: now })
      .where('id', '=', id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    if (Number(queued.numUpdatedRows) === 0)
      await this.db.updateTable('report_runs').set({ cancel_requested: 1 }).where('id', '=', id).where('state', '=', 'running').execute();
    return this.view(id);
  }

  /** Deletes a run with its file, deliveries and links (a running one's runner finds its row gone and stops). */
  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('report_runs').set({ cancel_requested: 1 }).where('id', '=', id).execute();
      await trx.deleteFrom('report_files').where('run_id', '=', id).execute();
      await trx.deleteFrom('report_deliveries').where('run_id', '=', id).execute();
      await trx.deleteFrom('report_links').where('run_id', '=', id).execute();
      await trx.deleteFrom('report_runs').where('id', '=', id).execute();
    });
  }

  /** A done run's file, counted as one download unless `count` is false (e-mail attachments are not downloads). */
  async file(id: number, count = true): Promise<{ fileName: string; contentType: string; bytes: Buffer }> {
    const run = await this.db.selectFrom('report_runs').select(['state', 'format', 'file_name']).where('id', '=', id).executeTakeFirst();
    if (!run) throw new AppError('NOT_FOUND', { message: `Report ${id} was not found` });
    if (run.state !== 'done') throw new AppError('REPORT_NOT_READY');
    const file = await this.db.selectFrom('report_files').select('content').where('run_id', '=', id).executeTakeFirst();
    if (!file) throw new AppError('REPORT_NOT_READY');
    if (count)
      await this.db
        .updateTable('report_runs')
        .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
        .where('id', '=', id)
        .execute();
    return { fileName: run.file_name, contentType: REPORT_CONTENT_TYPES[run.format as ReportFormat], bytes: Buffer.from(file.content) };
  }

  private async definitionInScope(scope: OwnerScope, id: number) {
    let query = this.db.selectFrom('report_definitions').select(['id', 'owner_user_id', 'name', 'spec']).where('id', '=', id);
    const owners = ownerIds(scope);
    if (owners) query = query.where('owner_user_id', 'in', owners);
    return query.executeTakeFirst();
  }

  /** Runs with who asked for them: the user, or the schedule. */
  private joined() {
    return this.db.selectFrom('report_runs as r').leftJoin('users as u', 'u.id', 'r.created_by').leftJoin('report_schedules as s', 's.id', 'r.schedule_id');
  }
}

type ViewRow = Omit<RunRow, 'spec' | 'schedule_slot' | 'cancel_requested' | 'claimed_by' | 'heartbeat_at'> & {
  user_name: string | null;
  user_true_name: string | null;
  schedule_name: string | null;
};

function toView(row: ViewRow, retentionDays: number): ReportRunView {
  const createdAt = Number(row.created_at);
  return {
    id: Number(row.id),
    definitionId: row.definition_id === null ? null : Number(row.definition_id),
    scheduleId: row.schedule_id === null ? null : Number(row.schedule_id),
    name: row.name,
    format: row.format as ReportFormat,
    lang: row.lang as ReportLang,
    period: { from: row.period_from, to: row.period_to },
    paper: row.paper ? (JSON.parse(row.paper) as Paper) : null,
    state: row.state as RunState,
    progress: Number(row.progress),
    error: row.error,
    fileName: row.file_name,
    sizeBytes: Number(row.size_bytes),
    downloads: Number(row.downloads),
    requestedBy: row.schedule_name !== null ? `schedule: ${row.schedule_name}` : row.user_true_name || row.user_name || '',
    createdAt,
    startedAt: row.started_at === null ? null : Number(row.started_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    expiresAt: createdAt + retentionDays * DAY_MS_REPORTS,
  };
}

export { fileNameOf };
