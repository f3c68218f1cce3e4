/**
 * Spec §9 threshold helper: "sorts the non-zero h_value entries and finds a knee point, with a
 * neighbour-growth factor of 1+0.5/n capped at 10 steps and stopping 20 from the end".
 *
 * The spec gives no more than that sentence; this is the reading implemented (and tested by hand):
 * 1. Keep the finite, non-zero values and sort them ascending: v[0] ≤ … ≤ v[N-1].
 * 2. An upper limit sits at the top of the normal body, below isolated peaks. Walk down from the top
 *    one step at a time, n = 1, 2, …: step n compares v[N-n] with its lower neighbour v[N-n-1].
 * 3. When v[N-n] > v[N-n-1] × (1 + 0.5/n), the values from v[N-n] up stand clear of the rest: the knee
 *    is v[N-n-1] and the walk ends. (A first step needs a +50 % jump, the tenth +5 %.)
 * 4. At most 10 steps (n ≤ 10): no more than 10 peaks are ever discarded. The walk also stops 20 from
 *    the end of the sorted list: a neighbour below index 20 is never looked at, so the knee always has
 *    at least 20 values at or below it.
 * 5. No jump within those steps: the knee is the maximum v[N-1] (the history has no peaks to discard).
 * Fewer than 21 values (one above the 20 kept): no suggestion (null).
 */
export const KNEE_MAX_STEPS = 10;
export const KNEE_KEEP_AT_END = 20;

export interface KneePoint {
  /** The suggested limit, null when there are too few values. */
  knee: number | null;
  /** Non-zero values looked at. */
  sampleSize: number;
}

export function thresholdKnee(values: readonly number[]): KneePoint {
  const sorted = values.filter((v) => Number.isFinite(v) && v !== 0).sort((a, b) => a - b);
  const count = sorted.length;
  if (count <= KNEE_KEEP_AT_END) return { knee: null, sampleSize: count };
  for (let n = 1; n <= KNEE_MAX_STEPS; n++) {
    const upper = count - n;
    const lower = upper - 1;
    if (lower < KNEE_KEEP_AT_END) break;
    if (sorted[upper]! > sorted[lower]! * (1 + 0.5 / n)) return { knee: sorted[lower]!, sampleSize: count };
  }
  return { knee: sorted[count - 1]!, sampleSize: count };
}
