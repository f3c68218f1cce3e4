import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely, Selectable } from 'kysely';
import nodemailer from 'nodemailer';
import { ATTACH_MAX_BYTES, DELIVERY_ATTEMPTS, type DeliveryState } from '@shared/reports/constants';
import type { ReportDeliveryView } from '@shared/reports/types';
import type { Database } from '../../db/schema';
import type { ReportDeliveriesTable } from '../../db/reportsSchema';
import type { ChannelSettingsStore } from '../../pushes/channelSettings';
import { ownerIds, type OwnerScope } from '../../tenancy/ownerScope';
import type { ReportRuns } from '../runs/reportRuns';
import { PollingLoop } from '../../jobs/pollingLoop';
import { ROW_CLAIM_MS, whileClaimed } from '../../jobs/heartbeat';

type DeliveryRow = Selectable<ReportDeliveriesTable>;

/** Waits after the 1st, 2nd and 3rd failed attempt; the DELIVERY_ATTEMPTS-th failure is final. */
export const DELIVERY_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
/**
 * A claimed delivery is one process's for this long past the last renewal (renewed every 5 s while the mail is
 * built and sent), so a process dying mid-send leaves it to another process within ~25 s (this plus one poll).
 */
export const DELIVERY_LEASE_MS = ROW_CLAIM_MS;
/** Connection, greeting and idle-socket limits, as for alarm e-mails: a dead server fails the attempt instead of hanging it. */
const SMTP_TIMEOUT_MS = 10_000;
const MAX_DETAIL_CHARS = 500;

/** Makes a public link to a run's file for `days` (the report links' part, server/reports/links). */
export type LinkForRun = (args: { ownerUserId: number; runId: number; days: number; createdBy: number | null }) => Promise<{ url: string }>;

export interface DeliveryWorkerOptions {
  /** how often due deliveries are looked for besides kick() (default 5 s; 0: only when kicked) */
  pollMs?: number;
  now?: () => number;
  processId?: string;
  /** absent: a file too large to attach fails its deliveries (no links part in this process) */
  linkForRun?: () => LinkForRun | undefined;
  onError?: (error: unknown) => void;
}

/** "250 2.0.0 Ok: queued" → 250. */
const replyCode = (response: unknown): number | null => {
  const match = typeof response === 'string' ? /^(\d{3})/.exec(response) : null;
  return match ? Number(match[1]) : null;
};
const clip = (text: string) => (text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS - 1)}…` : text);

/**
 * E-mails of scheduled reports: one delivery per run and recipient (unique), sent by a worker in every process.
 * A delivery is claimed with a conditional update before it is sent, so each attempt happens once; a failure is
 * tried again after 1, 5 and 30 minutes, each attempt's SMTP reply code and text recorded.
 */
export class ReportDeliveries {
  readonly processId: string;
  private readonly now: () => number;
  private readonly pollMs: number;
  private readonly onError: (error: unknown) => void;
  private readonly polling: PollingLoop;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly runs: ReportRuns,
    private readonly channels: ChannelSettingsStore,
    private readonly options: DeliveryWorkerOptions = {},
  ) {
    this.processId = options.processId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.now = options.now ?? Date.now;
    this.pollMs = options.pollMs ?? 5000;
    this.onError = options.onError ?? (() => undefined);
    this.polling = new PollingLoop(() => this.runDue().then(() => undefined, this.onError), this.pollMs);
  }

  /** After a scheduled run is done: one pending delivery per recipient of its schedule (none for a run asked by hand). */
  async createForRun(runId: number): Promise<number> {
    const run = await this.db
      .selectFrom('report_runs as r')
      .innerJoin('report_schedules as s', 's.id', 'r.schedule_id')
      .select(['r.id', 'r.owner_user_id', 'r.schedule_id', 'r.size_bytes', 's.recipients'])
      .where('r.id', '=', runId)
      .executeTakeFirst();
    if (!run) return 0;
    const recipients = [...new Set(JSON.parse(run.recipients) as string[])];
    if (recipients.length === 0) return 0;
    const now = this.now();
    const mode = Number(run.size_bytes) > ATTACH_MAX_BYTES ? 'link' : 'attachment';
    const result = await this.db
      .insertInto('report_deliveries')
      .values(
        recipients.map((recipient) => ({
          owner_user_id: run.owner_user_id,
          run_id: Number(run.id),
          schedule_id: run.schedule_id,
          recipient,
          mode,
          state: 'pending',
          next_attempt_at: now,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['run_id', 'recipient']).doNothing())
      .executeTakeFirst();
    this.kick();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  async list(scope: OwnerScope, query: { runId?: number | undefined; scheduleId?: number | undefined; page: number; size: number }) {
    let base = this.db.selectFrom('report_deliveries');
    const owners = ownerIds(scope);
    if (owners) base = base.where('owner_user_id', 'in', owners);
    if (query.runId) base = base.where('run_id', '=', query.runId);
    if (query.scheduleId) base = base.where('schedule_id', '=', query.scheduleId);
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { total: Number(counted?.n ?? 0), rows: rows.map(toView) };
  }

  start(): void {
    this.polling.start();
  }

  kick(): void {
    this.polling.nudge();
  }

  async idle(): Promise<void> {
    await this.polling.idle();
  }

  async stop(): Promise<void> {
    this.polling.halt();
    await this.polling.idle();
  }

  /** Attempts every delivery due by the worker's clock, one after another; returns how many it attempted. */
  async runDue(): Promise<number> {
    let attempted = 0;
    for (let round = 0; round < 50 && !this.polling.stopped; round++) {
      const now = this.now();
      const due = await this.db
        .selectFrom('report_deliveries')
        .select(['id', 'attempts'])
        .where('state', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(10)
        .execute();
      for (const delivery of due)
        if (await this.attempt(Number(delivery.id), Number(delivery.attempts), now).catch((e: unknown) => (this.onError(e), false))) attempted++;
      if (due.length < 10) break;
    }
    return attempted;
  }

  /** One attempt of one delivery, if this worker claims it first. */
  private async attempt(id: number, attempts: number, now: number): Promise<boolean> {
    const claimed = await this.db
      .updateTable('report_deliveries')
      .set({ attempts: attempts + 1, claimed_by: this.processId, claimed_at: now, next_attempt_at: now + DELIVERY_LEASE_MS })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('attempts', '=', attempts)
      .where('next_attempt_at', '<=', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    const delivery = await this.db.selectFrom('report_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const renew = () =>
      this.db
        .updateTable('report_deliveries')
        .set({ next_attempt_at: this.now() + DELIVERY_LEASE_MS })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .where('claimed_by', '=', this.processId)
        .execute();
    const outcome = await whileClaimed(() => this.send(delivery), renew, this.onError).catch((error: unknown) => {
      const failure = error as { responseCode?: number; message?: string };
      return {
        ok: false,
        final: false,
        status: typeof failure.responseCode === 'number' ? failure.responseCode : null,
        detail: failure.message ?? String(error),
      };
    });
    const at = this.now();
    if (outcome.ok) {
      await this.settle(id, { state: 'sent', sent_at: at, next_attempt_at: null, last_status: outcome.status, last_detail: clip(outcome.detail) });
      return true;
    }
    const delay = outcome.final ? undefined : DELIVERY_RETRY_DELAYS_MS[delivery.attempts - 1];
    const last = delivery.attempts >= DELIVERY_ATTEMPTS || delay === undefined;
    await this.settle(id, {
      ...(last ? { state: 'failed', next_attempt_at: null } : { next_attempt_at: at + delay }),
      last_status: outcome.status,
      last_detail: clip(outcome.detail),
    });
    return true;
  }

  private async settle(id: number, fields: Partial<Pick<DeliveryRow, 'state' | 'sent_at' | 'next_attempt_at' | 'last_status' | 'last_detail'>>): Promise<void> {
    await this.db
      .updateTable('report_deliveries')
      .set({ ...fields, claimed_by: null, claimed_at: null })
      .where('id', '=', id)
      .where('claimed_by', '=', this.processId)
      .execute();
  }

  /** Sends the e-mail: text only (never HTML), the file attached or, when too large, a public link to it. */
  private async send(delivery: DeliveryRow): Promise<{ ok: boolean; final: boolean; status: number | null; detail: string }> {
    const config = await this.channels.config('email');
    if (!config || !config.enabled)
      return { ok: false, final: true, status: null, detail: `e-mail channel is ${config ? 'disabled' : 'not configured'} (Settings › Push channels)` };
    const run = await this.db
      .selectFrom('report_runs')
      .select(['id', 'owner_user_id', 'name', 'period_from', 'period_to', 'finished_at', 'format', 'state'])
      .where('id', '=', delivery.run_id)
      .executeTakeFirst();
    if (!run || run.state !== 'done') return { ok: false, final: true, status: null, detail: 'the report file is gone' };
    const lines = [
      `Report: ${run.name}`,
      `Period: ${run.period_from} – ${run.period_to}`,
      `Generated: ${new Date(Number(run.finished_at ?? this.now())).toISOString().replace('T', ' ').slice(0, 16)} UTC`,
      '',
    ];
    let attachments: { filename: string; content: Buffer; contentType: string }[] = [];
    if (delivery.mode === 'link') {
      const makeLink = this.options.linkForRun?.();
      if (!makeLink) return { ok: false, final: true, status: null, detail: 'the file is too large to attach and report links are not available' };
      const { url } = await makeLink({ ownerUserId: run.owner_user_id, runId: Number(run.id), days: 7, createdBy: null });
      lines.push('The file is too large to attach. Download it within 7 days here:', url);
    } else {
      const file = await this.runs.file(Number(run.id), false);
      attachments = [{ filename: file.fileName, content: file.bytes, contentType: file.contentType }];
      lines.push(`The report is attached (${file.fileName}).`);
    }
    const transport = nodemailer.createTransport({
      host: config.host,
      port: config.port,
      secure: config.secure,
      ...(config.username ? { auth: { user: config.username, pass: config.password ?? '' } } : {}),
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    try {
      const info = await transport.sendMail({
        from: config.from,
        to: delivery.recipient,
        subject: `${run.name} ${run.period_from} – ${run.period_to}`,
        text: lines.join('\n'),
        attachments,
      });
      return { ok: true, final: false, status: replyCode(info.response) ?? 250, detail: String(info.response ?? '') };
    } finally {
      transport.close();
    }
  }
}

function toView(row: DeliveryRow): ReportDeliveryView {
  return {
    id: Number(row.id),
    runId: Number(row.run_id),
    scheduleId: row.schedule_id === null ? null : Number(row.schedule_id),
    recipient: row.recipient,
    mode: row.mode === 'link' ? 'link' : 'attachment',
    state: row.state as DeliveryState,
    attempts: Number(row.attempts),
    lastStatus: row.last_status === null ? null : Number(row.last_status),
    lastDetail: row.last_detail,
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    createdAt: Number(row.created_at),
  };
}
