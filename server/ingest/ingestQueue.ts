import type { ResolvedReading } from './readingWriter';

interface Pending {
  readings: ResolvedReading[];
  resolve(accepted: boolean[]): void;
  reject(error: unknown): void;
}

export interface QueueOptions {
  /** Readings per transaction at most. */
  maxBatch: number;
  /** How long the first waiting submission may wait for company. */
  maxWaitMs: number;
  /** Readings queued for writing at most; beyond it submissions wait for room or are refused. */
  maxQueued: number;
  /**
   * Readings of submissions parked while waiting for room at most; beyond it even waiting submissions
   * are refused, so memory stays bounded whatever the publishers do.
   */
  maxParked: number;
}

/**
 * 1,000 readings per transaction: measured on SQLite (bench/ingestThroughput.ts), smaller batches cut the
 * p99 commit latency at 50,000 readings/s from 646 ms (5,000) and 291 ms (2,000) to 172 ms, and the
 * closed-loop maximum did not drop (86,000/s): per-transaction costs are small once checkpoints run apart.
 */
export const DEFAULT_QUEUE: QueueOptions = { maxBatch: 1_000, maxWaitMs: 10, maxQueued: 200_000, maxParked: 400_000 };

/**
 * PostgreSQL (PostgresBatchStore): 2,000 readings per transaction. A batch costs five round trips whatever its size
 * (it was about 25, which is why batches there were 5,000), so a smaller one gives up little throughput and cuts the
 * wait behind a batch being written: measured at 15,000 readings/s on a busy machine, p99 commit 115 ms against
 * 934 ms with 5,000 (bench/README.md).
 */
export const POSTGRES_QUEUE: QueueOptions = { ...DEFAULT_QUEUE, maxBatch: 2_000 };

/**
 * What a submission does when the queue is full. `wait` (MQTT): hold it, and with it the connection's
 * PUBACK and the reading of its next packets, so TCP slows the publisher down without a resend.
 * `refuse` (HTTP): answer "busy" at once; the caller retries after a moment.
 */
/** Queued transactions' worth of readings beyond which the queue reports congestion. */
const CONGESTED_BATCHES = 10;

export type WhenFull = 'wait' | 'refuse';

export class QueueFullError extends Error {
  constructor() {
    super('ingestion is busy: the queue is full, retry shortly');
  }
}

/**
 * Gathers submissions into batches written one transaction at a time (one writer keeps each meter's
 * register state consistent). Each submission resolves after the transaction holding it commits.
 */
export class IngestQueue {
  private waiting: Pending[] = [];
  private queued = 0;
  /** Submissions waiting for room, oldest first. */
  private parked: Pending[] = [];
  private parkedCount = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly write: (readings: ResolvedReading[]) => Promise<boolean[]>,
    private readonly options: QueueOptions = DEFAULT_QUEUE,
  ) {}

  push(readings: ResolvedReading[], whenFull: WhenFull = 'refuse'): Promise<boolean[]> {
    if (readings.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      const pending: Pending = { readings, resolve, reject };
      // Parked submissions go first: a newcomer may not overtake them.
      if (this.parked.length === 0 && this.hasRoom(readings.length)) return this.enqueue(pending);
      if (whenFull === 'refuse' || this.parkedCount + readings.length > this.options.maxParked) return reject(new QueueFullError());
      this.parked.push(pending);
      this.parkedCount += readings.length;
    });
  }

  /**
   * More waiting than a few transactions' worth: senders that can be slowed down (MQTT connections)
   * should stop sending until it clears, so the backlog stays small and its latency short.
   */
  get congested(): boolean {
    return this.parked.length > 0 || this.queued >= this.options.maxBatch * CONGESTED_BATCHES;
  }

  /** Readings held back waiting for room (MQTT submissions). */
  get parkedReadings(): number {
    return this.parkedCount;
  }

  /** Resolves when everything queued so far is written (graceful shutdown). */
  async drain(): Promise<void> {
    while (this.waiting.length > 0 || this.parked.length > 0 || this.running) {
      this.admitParked();
      this.kick();
      await this.running;
    }
  }

  private hasRoom(size: number): boolean {
    // An oversized submission still gets in once the queue is empty, or it would wait forever.
    return this.queued === 0 || this.queued + size <= this.options.maxQueued;
  }

  private enqueue(pending: Pending): void {
    this.waiting.push(pending);
    this.queued += pending.readings.length;
    if (this.queued >= this.options.maxBatch) this.kick();
    else this.timer ??= setTimeout(() => this.kick(), this.options.maxWaitMs);
  }

  /**
   * Lets parked submissions in, oldest first, while there is room. It does not start a transaction:
   * it runs when one is taken or finished, and the queue kicks the next one when that one ends.
   */
  private admitParked(): void {
    while (this.parked.length > 0 && this.hasRoom(this.parked[0]!.readings.length)) {
      const next = this.parked.shift()!;
      this.parkedCount -= next.readings.length;
      this.waiting.push(next);
      this.queued += next.readings.length;
    }
  }

  private kick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running || this.waiting.length === 0) return;
    this.running = this.flush().finally(() => {
      this.running = undefined;
      this.admitParked();
      if (this.waiting.length > 0) this.kick();
    });
  }

  private async flush(): Promise<void> {
    const batch: Pending[] = [];
    let size = 0;
    while (this.waiting.length > 0 && (batch.length === 0 || size + (this.waiting[0]?.readings.length ?? 0) <= this.options.maxBatch)) {
      const next = this.waiting.shift() as Pending;
      batch.push(next);
      size += next.readings.length;
    }
    this.queued -= size;
    // Taking a batch makes room: parked submissions join the next one while this one is written.
    this.admitParked();
    try {
      const accepted = await this.write(batch.flatMap((p) => p.readings));
      let offset = 0;
      for (const pending of batch) {
        pending.resolve(accepted.slice(offset, offset + pending.readings.length));
        offset += pending.readings.length;
      }
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }
}
