/**
 * A bounded, time-ordered buffer of live values for sparklines and live trends. Walls run for weeks at
 * several updates a second, so the buffer never grows past `capacity` points (two Float64Arrays, no
 * allocation per push) and keeps points at least `minSpacingMs` apart, except the newest: while the newest
 * is closer than that to the point before it, a new reading replaces it, so the newest point is always the
 * latest reading and the others are a steady sample of the past.
 * Pushing is idempotent per timestamp (a reading at or before the newest is ignored), so calling it while
 * rendering is safe even when React renders twice.
 */
export class RingBuffer {
  readonly capacity: number;
  readonly minSpacingMs: number;
  private readonly times: Float64Array;
  private readonly values: Float64Array;
  /** Index of the oldest point. */
  private start = 0;
  private count = 0;
  /** Goes up on every change, so a memoised chart option can depend on it. */
  version = 0;

  constructor(capacity: number, minSpacingMs = 0) {
    if (!Number.isInteger(capacity) || capacity < 2) throw new RangeError(`A ring buffer holds at least 2 points, not ${capacity}`);
    this.capacity = capacity;
    this.minSpacingMs = Math.max(0, minSpacingMs);
    this.times = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  private slot(index: number): number {
    return (this.start + index) % this.capacity;
  }

  /** Adds a reading; returns whether the buffer changed. Non-finite values and old timestamps are ignored. */
  push(ts: number, value: number): boolean {
    if (!Number.isFinite(ts) || !Number.isFinite(value)) return false;
    if (this.count > 0) {
      const newest = this.slot(this.count - 1);
      if (ts <= this.times[newest]!) return false;
      const before = this.count > 1 ? this.times[this.slot(this.count - 2)]! : -Infinity;
      // The newest point is provisional while it is closer than the spacing to the one before: replace it.
      if (this.times[newest]! - before < this.minSpacingMs) {
        this.times[newest] = ts;
        this.values[newest] = value;
        this.version += 1;
        return true;
      }
    }
    if (this.count < this.capacity) {
      const slot = this.slot(this.count);
      this.times[slot] = ts;
      this.values[slot] = value;
      this.count += 1;
    } else {
      // Full: the new point takes the oldest slot.
      this.times[this.start] = ts;
      this.values[this.start] = value;
      this.start = (this.start + 1) % this.capacity;
    }
    this.version += 1;
    return true;
  }

  /** The newest point, or undefined when empty. */
  newest(): [number, number] | undefined {
    if (this.count === 0) return undefined;
    const slot = this.slot(this.count - 1);
    return [this.times[slot]!, this.values[slot]!];
  }

  /** The newest point measured at or before `ts` (the value "N minutes ago"), or undefined when none is that old. */
  at(ts: number): [number, number] | undefined {
    for (let index = this.count - 1; index >= 0; index--) {
      const slot = this.slot(index);
      if (this.times[slot]! <= ts) return [this.times[slot]!, this.values[slot]!];
    }
    return undefined;
  }

  /**
   * Points from `since` on (all when omitted), oldest first, as [ts, value] pairs. With `leadIn`, also the
   * newest point before `since`, so a chart can draw its line from the window's edge (see clipToWindow).
   */
  points(since = -Infinity, leadIn = false): [number, number][] {
    const out: [number, number][] = [];
    for (let index = 0; index < this.count; index++) {
      const slot = this.slot(index);
      if (this.times[slot]! >= since) {
        if (leadIn && out.length === 0 && index > 0) {
          const before = this.slot(index - 1);
          out.push([this.times[before]!, this.values[before]!]);
        }
        out.push([this.times[slot]!, this.values[slot]!]);
      }
    }
    return out;
  }

  /**
   * Folds stored points (a history answer: on mount, again after a reconnection) into what the buffer
   * holds: one time-ordered sequence, a timestamp that is in both kept once (the live value wins), then
   * thinned and bounded exactly as if every point had been pushed in order. Returns whether it changed.
   */
  merge(stored: readonly (readonly [number, number])[]): boolean {
    const held = this.points();
    const merged: [number, number][] = [];
    let i = 0;
    let j = 0;
    while (i < held.length || j < stored.length) {
      const live = held[i];
      const past = stored[j];
      if (past && (!Number.isFinite(past[0]) || !Number.isFinite(past[1]))) j++;
      else if (live && (!past || live[0] <= past[0])) {
        if (past && past[0] === live[0]) j++;
        merged.push(live);
        i++;
      } else {
        // Stored points come oldest first; one out of order (or repeated) is skipped rather than reordering the line.
        if (merged.length === 0 || past![0] > merged.at(-1)![0]) merged.push([past![0], past![1]]);
        j++;
      }
    }
    const before = this.version;
    this.start = 0;
    this.count = 0;
    for (const [ts, value] of merged) this.push(ts, value);
    const after = this.points();
    const same = after.length === held.length && after.every(([ts, value], k) => ts === held[k]![0] && value === held[k]![1]);
    this.version = same ? before : before + 1;
    return !same;
  }

  clear(): void {
    this.start = 0;
    this.count = 0;
    this.version += 1;
  }
}

/**
 * Capacity and spacing for a window of `windowMs` sampled at `points` steps: points + 1 kept points span the
 * whole window (so the value a window ago is still there), plus the provisional newest one.
 */
export function bufferShape(windowMs: number, points: number): { capacity: number; minSpacingMs: number } {
  return { capacity: points + 2, minSpacingMs: windowMs / points };
}
