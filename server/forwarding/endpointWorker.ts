import type { Kysely } from 'kysely';
import type { ForwardItem } from '@shared/schemas/forwarding';
import type { Database } from '../db/schema';
import { INTERVAL_MS } from '../metering/spreadEnergy';
import { BoundedQueue } from './boundedQueue';
import type { CallRecords } from './callRecords';
import { headersOf, type EndpointRepository, type EndpointRow } from './endpointRepository';
import { newDelivery, sendBatch, type CallOutcome, type EndpointTarget } from './httpSender';
import type { EndpointSelection } from './meterSelection';

/** A closed quarter hour of a meter (handed by the lease holder's pass), resolved to its energy when its batch is sent. */
export interface EnergyDue {
  type: 'energy-due';
  meterId: number;
  meter: string;
  energyType: string;
  start: number;
}
export type QueuedItem = ForwardItem | EnergyDue;

interface PendingBatch {
  delivery: string;
  items: ForwardItem[];
  /** The attempt this batch is waiting for. */
  attempt: number;
  dueAt: number;
}

export interface WorkerDeps {
  db: Kysely<Database>;
  endpoints: EndpointRepository;
  calls: CallRecords;
  timeoutMs: number;
  /** Longest wait between two attempts, however many attempts were made. */
  maxBackoffMs: number;
  /** Aborted when the server stops: calls on their way end at once instead of holding the shutdown. */
  stop: AbortSignal;
}

/** The backoff before attempt `next` (2, 3, …): the endpoint's delay, doubled for each further attempt. */
export const backoffMs = (backoffSeconds: number, next: number, maxMs: number): number => Math.min(maxMs, backoffSeconds * 1000 * 2 ** (next - 2));

/**
 * One endpoint in this process: its bounded queue, the batch on its way (with its retries) and the
 * sending. `step` is called by the forwarding loop and runs one call at most; the loop never runs two
 * steps of one endpoint at once, so batches arrive in order.
 */
export class EndpointWorker {
  readonly queue: BoundedQueue<QueuedItem>;
  private pending: PendingBatch | null = null;
  busy = false;

  constructor(
    public row: EndpointRow,
    public selection: EndpointSelection,
    queueLimit: number,
    private readonly deps: WorkerDeps,
  ) {
    this.queue = new BoundedQueue(queueLimit);
  }

  get paused(): boolean {
    return this.row.paused === 1;
  }

  /** Items waiting here: the queue and a batch waiting for its retry. */
  get waiting(): number {
    return this.queue.length + (this.pending?.items.length ?? 0);
  }

  get target(): EndpointTarget {
    return {
      name: this.row.name,
      url: this.row.url,
      method: this.row.method as EndpointTarget['method'],
      headers: headersOf(this.row),
      secret: this.row.secret,
    };
  }

  /** Paused endpoints collect nothing: resuming forwards what arrives from then on. */
  offer(item: QueuedItem, now: number): void {
    if (!this.paused) this.queue.push(item, now);
  }

  /** Whether a call is due now: a retry whose time came, a full batch, or the oldest item waited the interval. */
  due(now: number): boolean {
    if (this.paused || this.busy) return false;
    if (this.pending) return this.pending.dueAt <= now;
    const length = this.queue.length;
    if (length === 0) return false;
    if (length >= Math.min(this.row.batch_size, this.queue.limit)) return true;
    return now - (this.queue.oldestArrival ?? now) >= this.row.interval_s * 1000;
  }

  async step(now = Date.now()): Promise<void> {
    if (!this.pending) {
      const taken = this.queue.take(this.row.batch_size);
      if (taken.length === 0) return;
      this.pending = { delivery: newDelivery(), items: await this.resolveEnergy(taken), attempt: 1, dueAt: now };
    }
    const batch = this.pending;
    const outcome = await sendBatch(this.target, batch.delivery, batch.items, batch.attempt, this.deps.timeoutMs, now, this.deps.stop);
    const last = !outcome.ok && batch.attempt >= this.row.max_attempts;
    const recorded: CallOutcome = last
      ? { ...outcome, error: `${outcome.error ?? 'failed'} (gave up after ${batch.attempt} attempts: ${batch.items.length} items dropped)` }
      : outcome;
    await this.deps.calls.record(this.row.id, now, batch.items.length, batch.attempt, recorded);
    await this.deps.endpoints.setLastCall(this.row.id, now, outcome.status, outcome.ok ? null : recorded.error);
    this.row = { ...this.row, last_call_at: now, last_status: outcome.status, last_error: outcome.ok ? null : recorded.error };
    if (outcome.ok || last) {
      this.pending = null;
      await this.energyTaken(batch.items);
    } else
      this.pending = { ...batch, attempt: batch.attempt + 1, dueAt: Date.now() + backoffMs(this.row.backoff_s, batch.attempt + 1, this.deps.maxBackoffMs) };
  }

  /**
   * The stored cursors of the batch's quarter hours move past them (taken, or given up after the last attempt):
   * until then another lease holder would send them again. Only forward, and only rows the holder created.
   */
  private async energyTaken(items: ForwardItem[]): Promise<void> {
    const newest = new Map<number, number>();
    for (const item of items) if (item.type === 'energy') newest.set(item.meterId, Math.max(newest.get(item.meterId) ?? 0, item.end));
    const byEnd = new Map<number, number[]>();
    for (const [meterId, end] of newest) byEnd.set(end, [...(byEnd.get(end) ?? []), meterId]);
    for (const [end, meterIds] of byEnd)
      await this.deps.db
        .updateTable('forward_energy_cursors')
        .set({ sent_through: end })
        .where('endpoint_id', '=', this.row.id)
        .where('meter_id', 'in', meterIds)
        .where('sent_through', '<', end)
        .execute();
  }

  /** One call with a test item, outside the queue and its order; recorded as a test. */
  async test(now = Date.now()): Promise<CallOutcome> {
    const outcome = await sendBatch(
      this.target,
      newDelivery(),
      [{ type: 'test', message: `Test from the energy console to "${this.row.name}"` }],
      1,
      this.deps.timeoutMs,
      now,
      this.deps.stop,
    );
    await this.deps.calls.record(this.row.id, now, 1, 1, outcome, true);
    await this.deps.endpoints.setLastCall(this.row.id, now, outcome.status, outcome.error);
    return outcome;
  }

  /** Quarter hours queued as "due" become energy items with the summed energy of the interval. */
  private async resolveEnergy(items: QueuedItem[]): Promise<ForwardItem[]> {
    const due = items.filter((item): item is EnergyDue => item.type === 'energy-due');
    const energyOf = new Map<string, number>();
    if (due.length > 0) {
      const rows = await this.deps.db
        .selectFrom('energy_intervals')
        .select(['meter_id', 'start', 'energy'])
        .where('meter_id', 'in', [...new Set(due.map((d) => d.meterId))])
        .where('start', 'in', [...new Set(due.map((d) => d.start))])
        .execute();
      for (const row of rows) energyOf.set(`${row.meter_id}:${Number(row.start)}`, Number(row.energy));
    }
    return items.map((item) => {
      if (item.type !== 'energy-due') return item;
      // No row: the meter reported past the interval and measured nothing in it.
      const energy = energyOf.get(`${item.meterId}:${item.start}`) ?? 0;
      return {
        type: 'energy',
        meter: item.meter,
        meterId: item.meterId,
        energyType: item.energyType,
        start: item.start,
        end: item.start + INTERVAL_MS,
        energy: Math.round(energy * 1e6) / 1e6,
      };
    });
  }
}
