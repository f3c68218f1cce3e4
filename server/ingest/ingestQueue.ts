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
  /** Readings waiting at most; beyond it submissions are refused (backpressure, memory stays bounded). */
  maxQueued: number;
}

export const DEFAULT_QUEUE: QueueOptions = { maxBatch: 5_000, maxWaitMs: 10, maxQueued: 200_000 };

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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly write: (readings: ResolvedReading[]) => Promise<boolean[]>,
    private readonly options: QueueOptions = DEFAULT_QUEUE,
  ) {}

  push(readings: ResolvedReading[]): Promise<boolean[]> {
    if (readings.length === 0) return Promise.resolve([]);
    if (this.queued + readings.length > this.options.maxQueued) return Promise.reject(new QueueFullError());
    return new Promise((resolve, reject) => {
      this.waiting.push({ readings, resolve, reject });
      this.queued += readings.length;
      if (this.queued >= this.options.maxBatch) this.kick();
      else this.timer ??= setTimeout(() => this.kick(), this.options.maxWaitMs);
    });
  }

  /** Resolves when everything queued so far is written (graceful shutdown). */
  async drain(): Promise<void> {
    while (this.waiting.length > 0 || this.running) {
      this.kick();
      await this.running;
    }
  }

  private kick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running || this.waiting.length === 0) return;
    this.running = this.flush().finally(() => {
      this.running = undefined;
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
