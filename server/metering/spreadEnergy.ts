/** Interval length for stored energy: 15 minutes, a divisor of every real UTC offset, so local hours align. */
export const INTERVAL_MS = 15 * 60_000;

export interface IntervalEnergy {
  /** Start of the 15-minute interval (epoch ms, aligned to the UTC grid). */
  start: number;
  energy: number;
}

/**
 * Spreads energy measured between two instants over the intervals it covers, in proportion to the
 * time spent in each: a data gap yields a flat profile across the gap, never one giant interval.
 */
export function spreadEnergy(from: number, to: number, energy: number, intervalMs = INTERVAL_MS): IntervalEnergy[] {
  if (!(to > from)) throw new RangeError('spreadEnergy needs to > from');
  const span = to - from;
  const parts: IntervalEnergy[] = [];
  let distributed = 0;
  for (let start = Math.floor(from / intervalMs) * intervalMs; start < to; start += intervalMs) {
    const overlap = Math.min(to, start + intervalMs) - Math.max(from, start);
    if (overlap <= 0) continue;
    const share = (energy * overlap) / span;
    parts.push({ start, energy: share });
    distributed += share;
  }
  // Put floating-point dust on the last interval so the parts add up to exactly the measured energy.
  const last = parts[parts.length - 1];
  if (last) last.energy += energy - distributed;
  return parts;
}
