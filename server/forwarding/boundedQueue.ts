/**
 * A queue that never grows past `limit`: pushing into a full queue drops the oldest items and counts
 * them. Listeners on the ingest path only push here, so a slow or dead endpoint costs memory up to the
 * limit and nothing else.
 */
export class BoundedQueue<T> {
  private items: T[] = [];
  /** Index of the first item still queued (shifting an array per item would cost O(n)). */
  private head = 0;
  /** Dropped since the counter was last taken (`takeDropped`). */
  private droppedSince = 0;
  /** When each item arrived: the batch interval runs from the oldest one waiting. */
  private arrivals: number[] = [];

  constructor(public limit: number) {}

  get length(): number {
    return this.items.length - this.head;
  }

  get oldestArrival(): number | null {
    return this.arrivals[this.head] ?? null;
  }

  push(item: T, now = Date.now()): void {
    this.items.push(item);
    this.arrivals.push(now);
    const over = this.length - this.limit;
    if (over > 0) {
      this.head += over;
      this.droppedSince += over;
    }
    this.compact();
  }

  /** Up to `count` items from the front. */
  take(count: number): T[] {
    const end = Math.min(this.items.length, this.head + count);
    const taken = this.items.slice(this.head, end);
    this.head = end;
    this.compact();
    return taken;
  }

  /** The drops counted since the last call, reset to zero (they are added to the stored total). */
  takeDropped(): number {
    const dropped = this.droppedSince;
    this.droppedSince = 0;
    return dropped;
  }

  clear(): void {
    this.items = [];
    this.arrivals = [];
    this.head = 0;
  }

  private compact(): void {
    if (this.head === this.items.length) this.clear();
    else if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.arrivals = this.arrivals.slice(this.head);
      this.head = 0;
    }
  }
}
