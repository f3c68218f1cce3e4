import { INTERVAL_MS } from '../metering/spreadEnergy';

/** At most this many quarter hours are announced for one meter at once (a week), after a long silence. */
export const MAX_CLOSED_AT_ONCE = 7 * 96;

/**
 * Which 15-minute intervals of a meter are closed. Energy up to a register reading's time is final:
 * ingest spreads a step over the intervals it covers and an older reading changes no energy, so an
 * interval is closed once the meter's newest register reading is at or past its end. Each call with the
 * newest register time of a committed batch answers the intervals that closed since the previous one.
 */
export class QuarterHourClock {
  private readonly newest = new Map<number, number>();

  /** Interval starts that closed for `meterId` with a register reading at `ts`, oldest first. */
  advance(meterId: number, ts: number): number[] {
    const before = this.newest.get(meterId);
    if (before !== undefined && ts <= before) return [];
    this.newest.set(meterId, ts);
    // Intervals ending in (before, ts]; the first reading this process sees closes the one interval
    // that ended last (it may have been sent before a restart: receivers key energy by meter and start).
    const lastEnd = Math.floor(ts / INTERVAL_MS) * INTERVAL_MS;
    const firstEnd = before === undefined ? lastEnd : Math.floor(before / INTERVAL_MS) * INTERVAL_MS + INTERVAL_MS;
    const starts: number[] = [];
    for (let end = Math.max(firstEnd, lastEnd - (MAX_CLOSED_AT_ONCE - 1) * INTERVAL_MS); end <= lastEnd; end += INTERVAL_MS) starts.push(end - INTERVAL_MS);
    return starts;
  }

  forget(meterId: number): void {
    this.newest.delete(meterId);
  }
}
