/**
 * A window's points for drawing: a leading point before `from` (the lead-in a history answer or
 * RingBuffer.points(since, true) adds) is moved onto `from` at the value the straight line between it and
 * the next point has there, so the line starts at the window's left edge instead of outside the plot.
 * A lone point before `from` (nothing inside the window yet) is dropped.
 */
export function clipToWindow(points: readonly (readonly [number, number])[], from: number): [number, number][] {
  const out = points.map(([ts, value]): [number, number] => [ts, value]);
  while (out.length > 0 && out[0]![0] < from) {
    const [t0, v0] = out[0]!;
    const next = out[1];
    if (!next) return [];
    if (next[0] <= from) {
      out.shift();
      continue;
    }
    out[0] = [from, v0 + ((next[1] - v0) * (from - t0)) / (next[0] - t0)];
  }
  return out;
}
