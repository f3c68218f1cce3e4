import type { Kysely } from 'kysely';
import { PUSH_RETRY_DELAYS_MS, type PushChannel } from '@shared/schemas';
import type { Database } from '../db/schema';
import { ROW_CLAIM_MS, whileClaimed } from '../jobs/heartbeat';
import { channelWord } from './builtinTemplates';
import type { ChannelSettingsStore } from './channelSettings';
import { clip } from './channels/channelAdapter';
import { callProvider } from './providerCalls';
import { PushRecords, type PushRecordRow } from './pushRecords';

export interface DeliveryWorkerOptions {
  /** How often due records are looked for besides `kick()`; 0: only when kicked or run (default 2000). */
  pollMs?: number;
  /** The worker's clock: tests drive retries through it instead of waiting. */
  now?: () => number;
  /** Records attempted at once. */
  batchSize?: number;
  onError?: (error: unknown) => void;
}

/**
 * A claimed record is someone's for this long past the last renewal (renewed every 5 s while the send runs), so a
 * process dying mid-send leaves it retried by another within ~22 s (this plus one poll).
 */
export const CLAIM_LEASE_MS = ROW_CLAIM_MS;
/** Rounds of one run, so a flood of records cannot keep a run going forever. */
const MAX_ROUNDS = 50;

/**
 * Sends due pending push records through their channel's adapter. Each record is claimed with a
 * conditional UPDATE first, so several server processes may run workers on one database. A failure is
 * retried after PUSH_RETRY_DELAYS_MS; the 4th failure makes the record `failed`. A channel that is not
 * configured or disabled fails the record at once (retrying would not help).
 */
export class DeliveryWorker {
  private readonly records: PushRecords;
  private readonly now: () => number;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly onError: (error: unknown) => void;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: ChannelSettingsStore,
    options: DeliveryWorkerOptions = {},
  ) {
    this.records = new PushRecords(db);
    this.now = options.now ?? Date.now;
    this.pollMs = options.pollMs ?? 2000;
    this.batchSize = options.batchSize ?? 5;
    this.onError = options.onError ?? (() => undefined);
  }

  /** Polls from now on, beginning with the records left pending before a restart. */
  start(): void {
    if (this.timer || this.stopped) return;
    if (this.pollMs > 0) {
      this.timer = setInterval(() => this.kick(), this.pollMs);
      this.timer.unref();
    }
    this.kick();
  }

  /** Look for due records now (a new record goes out at once). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when no run is in progress. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** No more runs; waits for the one in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      await this.runDue().catch(this.onError);
    } while (this.again && !this.stopped);
  }

  /** Attempts every record due by the worker's clock; returns how many it attempted. */
  async runDue(): Promise<number> {
    let attempted = 0;
    for (let round = 0; round < MAX_ROUNDS && !this.stopped; round++) {
      const now = this.now();
      const due = await this.records.due(now, this.batchSize);
      const outcomes = await Promise.all(
        due.map((record) => this.attempt(record.id, record.attempts, now).catch((error: unknown) => (this.onError(error), false))),
      );
      attempted += outcomes.filter(Boolean).length;
      if (due.length < this.batchSize) break;
    }
    return attempted;
  }

  private async attempt(id: number, attempts: number, now: number): Promise<boolean> {
    if (!(await this.records.claim(id, attempts, now, now + CLAIM_LEASE_MS))) return false;
    const record = await this.records.get(id);
    if (!record) return false;
    const channel = record.channel as PushChannel;
    const config = await this.settings.config(channel);
    if (!config || !config.enabled) {
      const reason = `${channelWord(channel)} channel is ${config ? 'disabled' : 'not configured'}`;
      await this.records.settle(id, { state: 'failed', next_attempt_at: null, last_error: reason });
      return true;
    }
    // A send can outlast the claim (SMTP's limits are per step, 10 s each): the claim is renewed while it runs.
    const answer = await whileClaimed(
      () => callProvider(this.db, channel, config, { address: record.address, subject: record.subject, body: record.body }, id, this.now),
      () =>
        this.db
          .updateTable('push_records')
          .set({ next_attempt_at: this.now() + CLAIM_LEASE_MS })
          .where('id', '=', id)
          .where('state', '=', 'pending')
          .where('attempts', '=', record.attempts)
          .execute(),
      this.onError,
    );
    await this.settleAfter(record, answer.ok, answer.status === null ? answer.detail : `${answer.status} ${answer.detail}`);
    return true;
  }

  private async settleAfter(record: PushRecordRow, ok: boolean, error: string): Promise<void> {
    const at = this.now();
    if (ok) {
      await this.records.settle(record.id, { state: 'sent', sent_at: at, next_attempt_at: null, last_error: null });
      return;
    }
    // record.attempts already counts this attempt (claimed).
    const delay = PUSH_RETRY_DELAYS_MS[record.attempts - 1];
    await this.records.settle(
      record.id,
      delay === undefined ? { state: 'failed', next_attempt_at: null, last_error: clip(error) } : { next_attempt_at: at + delay, last_error: clip(error) },
    );
  }
}
