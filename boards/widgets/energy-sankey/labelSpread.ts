/**
 * One column of side labels: each wants to sit level with its node, but a node thinner than a line of text
 * would put its label on its neighbour's. The labels keep their order and are pushed apart to at least one
 * line each, down first, then back up from the bottom edge. Pure (unit-tested).
 */

/**
 * Centres (same order as `ideals`, which must be sorted ascending) at least `step` apart inside [min, max],
 * each as near its ideal as that allows; null when the column cannot hold them all.
 */
export function spreadLabels(ideals: readonly number[], min: number, max: number, step: number): number[] | null {
  if (ideals.length === 0) return [];
  if ((ideals.length - 1) * step > max - min) return null;
  const placed: number[] = [];
  ideals.forEach((ideal, index) => placed.push(Math.max(ideal, min, index === 0 ? -Infinity : placed[index - 1]! + step)));
  for (let index = placed.length - 1; index >= 0; index -= 1) {
    placed[index] = Math.min(placed[index]!, index === placed.length - 1 ? max : placed[index + 1]! - step);
  }
  return placed;
}

/**
 * Which labels a column keeps: all when they fit, else the biggest nodes' (by value), so the smallest are
 * the ones left to the legend. Returns the kept indices (ascending) and their centres.
 */
export function fitColumn(items: readonly { ideal: number; value: number }[], min: number, max: number, step: number): { kept: number[]; centres: number[] } {
  const byPosition = items.map((_, index) => index).sort((a, b) => items[a]!.ideal - items[b]!.ideal);
  const dropOrder = [...byPosition].sort((a, b) => items[a]!.value - items[b]!.value);
  const dropped = new Set<number>();
  for (;;) {
    const kept = byPosition.filter((index) => !dropped.has(index));
    const centres = spreadLabels(
      kept.map((index) => items[index]!.ideal),
      min,
      max,
      step,
    );
    if (centres) return { kept, centres };
    dropped.add(dropOrder[dropped.size]!);
  }
}
