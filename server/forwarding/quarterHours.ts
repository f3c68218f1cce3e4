import { INTERVAL_MS } from '../metering/spreadEnergy';

/** At most this many quarter hours of a meter are sent after a long silence (a week): older ones are skipped. */
export const MAX_CLOSED_AT_ONCE = 7 * 96;

/**
 * The end of the newest closed 15-minute interval of a meter whose newest register reading is at `registerTs`.
 * Energy up to a register reading's time is final: ingest spreads a step over the intervals it covers, so an
 * interval is closed once the meter's newest register reading is at or past its end.
 */
export const lastClosedEnd = (registerTs: number): number => Math.floor(registerTs / INTERVAL_MS) * INTERVAL_MS;

/**
 * The starts of the intervals closed after `sentThrough` (the end of the newest interval already sent), oldest
 * first: at most a week back from the newest closed one, and at most `limit` of them (the rest come next time).
 */
export function closedSince(sentThrough: number, registerTs: number, limit = MAX_CLOSED_AT_ONCE): number[] {
  const lastEnd = lastClosedEnd(registerTs);
  const starts: number[] = [];
  for (let start = Math.max(sentThrough, lastEnd - MAX_CLOSED_AT_ONCE * INTERVAL_MS); start < lastEnd && starts.length < limit; start += INTERVAL_MS)
    starts.push(start);
  return starts;
}
