/**
 * Runs `flush(key)` at most once per `intervalMs` per key: the first touch after a quiet period
 * flushes at once (low latency for a single alarm), touches within the interval fold into one
 * trailing flush.
 */
export class Coalescer {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly lastFlush = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly flush: (key: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  touch(key: string): void {
    if (this.timers.has(key)) return;
    const wait = Math.max(0, (this.lastFlush.get(key) ?? -Infinity) + this.intervalMs - this.now());
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.lastFlush.set(key, this.now());
      this.flush(key);
    }, wait);
    this.timers.set(key, timer);
  }

  /** The key's room is gone: drop its pending flush and history. */
  forget(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.lastFlush.delete(key);
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.lastFlush.clear();
  }
}
