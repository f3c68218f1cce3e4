import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import type { Database } from '../../db/schema';
import type { DbKind } from '../../db/connect';
import type { ReportLinksTable } from '../../db/reportsSchema';
import { AppError } from '../../http/appError';
import { KIND_RULES } from '../../tenancy/objectKinds';
import { inScope, ownerIds, ownerTreeOf, type OwnerScope } from '../../tenancy/ownerScope';
import { LINK_DEFAULT_DAYS, REPORT_SHEET_PATH, REPORT_SHEET_TOKEN_PARAM, type ReportFormat } from '@shared/reports/constants';
import { reportSpecSchema, type ReportPeriod, type ReportSpec } from '@shared/reports/spec';
import type { ReportLinkBody } from '@shared/reports/scheduleSchemas';
import type { ReportTable } from '@shared/reports/table';
import type { ReportLinkView, ReportSheetView } from '@shared/reports/types';
import { resolvePeriod } from '@shared/reports/periods';
import { REPORT_CONTENT_TYPES } from '@shared/reports/table';
import type { ReportContext } from '../engine/reportContext';

const DAY_MS = 86_400_000;

/** How a link stands now: revoked wins over expired. */
export type ReportLinkState = 'active' | 'expired' | 'revoked';
export type ReportLinkListItem = ReportLinkView & { state: ReportLinkState };

/**
 * What computes a sheet's table: the engine (engine/buildReportTable.ts) unless a test gives another. The period is
 * always the resolved days, written as a custom period, so it reads the same as a preset or as a day range.
 */
export type TableBuilder = (
  context: ReportContext,
  spec: ReportSpec,
  period: { preset: 'custom'; from: string; to: string },
  options: { title: string; now: number },
) => Promise<ReportTable>;

const engineBuild: TableBuilder = async (context, spec, period, options) =>
  (await import('../engine/buildReportTable')).buildReportTable(context, spec, period, options);

export interface ReportLinksOptions {
  db: Kysely<Database>;
  dbKind: DbKind;
  sqlite?: SqliteDatabase.Database | undefined;
  timeZone: string;
  /** app.serverConfig.publicUrl */
  publicUrl: string;
  buildTable?: TableBuilder;
  /** a failed rebuild of a run's table (the file stays downloadable) */
  onError?: (error: unknown) => void;
}

/** The file a run link serves. */
export interface ReportSheetFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/** 32 random bytes, base64url: the secret part of the address, shown once. */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');
/** Only this is stored, so a copy of the database opens no sheet. */
export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * PUBLIC_URL unset leaves the default http://localhost:<PORT>, which nobody outside can open: a link created from
 * the console then uses the address the console was reached at.
 */
const isDefaultPublicUrl = (url: string): boolean => /^http:\/\/localhost(:\d+)?$/.test(url);

export const stateOfLink = (row: { revoked_at: number | null; expires_at: number }, now: number): ReportLinkState =>
  row.revoked_at !== null ? 'revoked' : Number(row.expires_at) <= now ? 'expired' : 'active';

type LinkRow = Selectable<ReportLinksTable> & { name: string | null; created_name: string | null; revoked_name: string | null };

/**
 * Public, read-only, expiring report sheets. A link names one finished run (its file, and its table rebuilt from the
 * run's stored spec and period) or one definition with a fixed period (its live table). Whatever a link shows is
 * computed in the tree of the link's owner, which is the tree of the run or definition it names.
 */
export class ReportLinks {
  private readonly db: Kysely<Database>;
  private readonly buildTable: TableBuilder;

  constructor(private readonly options: ReportLinksOptions) {
    this.db = options.db;
    this.buildTable = options.buildTable ?? engineBuild;
  }

  /** The address a token opens. `origin` (the request's) stands in for an unset PUBLIC_URL. */
  urlOf(token: string, origin?: string): string {
    const base = isDefaultPublicUrl(this.options.publicUrl) && origin ? origin.replace(/\/+$/, '') : this.options.publicUrl;
    return `${base}${REPORT_SHEET_PATH}?${REPORT_SHEET_TOKEN_PARAM}=${encodeURIComponent(token)}`;
  }

  /** POST /api/report-links: the answer is the only place the address (its token) ever appears. */
  async create(scope: OwnerScope, body: ReportLinkBody, by: { userId: number | null; origin?: string }, now = Date.now()): Promise<ReportLinkListItem> {
    let owner: number;
    let period: ReportPeriod | null = null;
    if (body.target === 'run') {
      const runId = body.runId!;
      const run = await this.db.selectFrom('report_runs').select(['owner_user_id', 'state']).where('id', '=', runId).executeTakeFirst();
      if (!run || !inScope(scope, Number(run.owner_user_id))) throw KIND_RULES.report_runs.notFound(runId);
      if (run.state !== 'done') throw new AppError('REPORT_NOT_READY', { message: `Report ${runId} has no file yet (${run.state}); share it when it is done` });
      owner = Number(run.owner_user_id);
    } else {
      const definitionId = body.definitionId!;
      const definition = await this.db.selectFrom('report_definitions').select(['owner_user_id', 'spec']).where('id', '=', definitionId).executeTakeFirst();
      if (!definition || !inScope(scope, Number(definition.owner_user_id))) throw KIND_RULES.report_definitions.notFound(definitionId);
      owner = Number(definition.owner_user_id);
      // Fixed when shared: editing the definition's own period later does not move what the link shows.
      period = body.period ?? (JSON.parse(definition.spec) as ReportSpec).period;
    }
    const token = newLinkToken();
    const id = await this.insert({
      owner,
      token,
      target: body.target,
      runId: body.target === 'run' ? body.runId! : null,
      definitionId: body.target === 'definition' ? body.definitionId! : null,
      period,
      label: body.label,
      days: body.expiresInDays,
      createdBy: by.userId,
      now,
    });
    const view = await this.getView(id, now);
    return { ...view, url: this.urlOf(token, by.origin) };
  }

  /** A link for an e-mail whose file is too large to attach (scheduled deliveries): always on PUBLIC_URL. */
  async createForRun(
    input: { ownerUserId: number; runId: number; days?: number; createdBy: number | null; label?: string },
    now = Date.now(),
  ): Promise<{ id: number; url: string }> {
    const token = newLinkToken();
    const id = await this.insert({
      owner: input.ownerUserId,
      token,
      target: 'run',
      runId: input.runId,
      definitionId: null,
      period: null,
      label: input.label ?? '',
      days: input.days ?? LINK_DEFAULT_DAYS,
      createdBy: input.createdBy,
      now,
    });
    return { id, url: this.urlOf(token) };
  }

  /** GET /api/report-links: the caller's tree's links, newest first. */
  async list(scope: OwnerScope, filter: { runId?: number | undefined; definitionId?: number | undefined }, now = Date.now()): Promise<ReportLinkListItem[]> {
    let query = this.selectLinks();
    const owners = ownerIds(scope);
    if (owners) query = query.where('l.owner_user_id', 'in', owners);
    if (filter.runId !== undefined) query = query.where('l.run_id', '=', filter.runId);
    if (filter.definitionId !== undefined) query = query.where('l.definition_id', '=', filter.definitionId);
    const rows = await query.orderBy('l.id', 'desc').limit(500).execute();
    return rows.map((row) => this.viewOf(row, now));
  }

  /** POST /api/report-links/:id/revoke (the route checked the link is in the caller's tree). A second revoke keeps the first. */
  async revoke(id: number, by: number | null, now = Date.now()): Promise<ReportLinkListItem> {
    await this.db.updateTable('report_links').set({ revoked_at: now, revoked_by: by }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    return this.getView(id, now);
  }

  /** GET /api/report-sheets/:token: what the link shows, and one more view counted. */
  async resolve(token: string, now = Date.now()): Promise<ReportSheetView> {
    const link = await this.usable(token, now);
    await this.db
      .updateTable('report_links')
      .set((eb) => ({ views: eb('views', '+', 1), last_viewed_at: now }))
      .where('id', '=', link.id)
      .execute();
    const context = await this.contextOf(Number(link.owner_user_id));
    if (link.target === 'run') {
      const run = await this.db
        .selectFrom('report_runs')
        .select(['name', 'spec', 'lang', 'period_from', 'period_to', 'format', 'file_name', 'size_bytes'])
        .where('id', '=', link.run_id!)
        .executeTakeFirst();
      if (!run) throw unknownLink();
      let table: ReportTable | null = null;
      try {
        const spec = reportSpecSchema.parse({ ...(JSON.parse(run.spec) as object), lang: run.lang });
        table = await this.buildTable(context, spec, { preset: 'custom', from: run.period_from, to: run.period_to }, { title: run.name, now });
      } catch (error) {
        // The file is what was shared; a table that cannot be rebuilt (objects deleted since) leaves just the file.
        this.options.onError?.(error);
      }
      return {
        target: 'run',
        name: run.name,
        expiresAt: Number(link.expires_at),
        table,
        file: { fileName: run.file_name, format: run.format as ReportFormat, sizeBytes: Number(run.size_bytes) },
      };
    }
    const definition = await this.db.selectFrom('report_definitions').select(['name', 'spec']).where('id', '=', link.definition_id!).executeTakeFirst();
    if (!definition) throw unknownLink();
    const spec = reportSpecSchema.parse(JSON.parse(definition.spec));
    const fixed = link.period ? (JSON.parse(link.period) as ReportPeriod) : spec.period;
    const period = resolvePeriod(fixed, this.options.timeZone, now);
    const table = await this.buildTable(context, spec, { preset: 'custom', ...period }, { title: definition.name, now });
    return { target: 'definition', name: definition.name, expiresAt: Number(link.expires_at), table, file: null };
  }

  /** GET /api/report-sheets/:token/file: a run link's file (counted as a download of the run). */
  async file(token: string, now = Date.now()): Promise<ReportSheetFile> {
    const link = await this.usable(token, now);
    if (link.target !== 'run' || link.run_id === null) throw new AppError('NOT_FOUND', { message: 'This report link has no file' });
    const run = await this.db
      .selectFrom('report_runs')
      .innerJoin('report_files', 'report_files.run_id', 'report_runs.id')
      .select(['report_runs.format', 'report_runs.file_name', 'report_files.content'])
      .where('report_runs.id', '=', link.run_id)
      .executeTakeFirst();
    if (!run) throw unknownLink();
    await this.db
      .updateTable('report_runs')
      .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
      .where('id', '=', link.run_id)
      .execute();
    return {
      bytes: Buffer.from(run.content),
      contentType: REPORT_CONTENT_TYPES[run.format as ReportFormat] ?? 'application/octet-stream',
      fileName: run.file_name,
    };
  }

  private async usable(token: string, now: number): Promise<Selectable<ReportLinksTable>> {
    const link = await this.db.selectFrom('report_links').selectAll().where('token_hash', '=', hashLinkToken(token)).executeTakeFirst();
    if (!link) throw unknownLink();
    const state = stateOfLink(link, now);
    if (state === 'revoked') throw new AppError('REPORT_LINK_REVOKED');
    if (state === 'expired') throw new AppError('REPORT_LINK_EXPIRED');
    return link;
  }

  /** The link owner's tree and nothing more, even when an administrator made the link. */
  private async contextOf(ownerUserId: number): Promise<ReportContext> {
    const tree = await ownerTreeOf(this.db, ownerUserId);
    return {
      db: this.db,
      dbKind: this.options.dbKind,
      sqlite: this.options.sqlite,
      owners: [...tree.owners],
      timeZone: this.options.timeZone,
    };
  }

  private async insert(input: {
    owner: number;
    token: string;
    target: 'run' | 'definition';
    runId: number | null;
    definitionId: number | null;
    period: ReportPeriod | null;
    label: string;
    days: number;
    createdBy: number | null;
    now: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('report_links')
      .values({
        owner_user_id: input.owner,
        token_hash: hashLinkToken(input.token),
        target: input.target,
        run_id: input.runId,
        definition_id: input.definitionId,
        period: input.period ? JSON.stringify(input.period) : null,
        label: input.label,
        created_by: input.createdBy,
        created_at: input.now,
        expires_at: input.now + input.days * DAY_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  private selectLinks() {
    return this.db
      .selectFrom('report_links as l')
      .leftJoin('report_runs as r', 'r.id', 'l.run_id')
      .leftJoin('report_definitions as d', 'd.id', 'l.definition_id')
      .leftJoin('users as cu', 'cu.id', 'l.created_by')
      .leftJoin('users as ru', 'ru.id', 'l.revoked_by')
      .selectAll('l')
      .select((eb) => [eb.fn.coalesce('r.name', 'd.name').as('name'), 'cu.username as created_name', 'ru.username as revoked_name']);
  }

  private async getView(id: number, now: number): Promise<ReportLinkListItem> {
    const row = await this.selectLinks().where('l.id', '=', id).executeTakeFirst();
    if (!row) throw KIND_RULES.report_links.notFound(id);
    return this.viewOf(row, now);
  }

  private viewOf(row: LinkRow, now: number): ReportLinkListItem {
    return {
      id: Number(row.id),
      target: row.target === 'definition' ? 'definition' : 'run',
      runId: row.run_id === null ? null : Number(row.run_id),
      definitionId: row.definition_id === null ? null : Number(row.definition_id),
      name: row.name ?? '',
      label: row.label,
      period: row.period ? (JSON.parse(row.period) as ReportPeriod) : null,
      createdBy: row.created_name ?? '',
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
      revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
      revokedBy: row.revoked_name ?? null,
      views: Number(row.views),
      lastViewedAt: row.last_viewed_at === null ? null : Number(row.last_viewed_at),
      state: stateOfLink({ revoked_at: row.revoked_at === null ? null : Number(row.revoked_at), expires_at: Number(row.expires_at) }, now),
    };
  }
}

const unknownLink = () => new AppError('NOT_FOUND', { message: 'This report link does not exist' });
