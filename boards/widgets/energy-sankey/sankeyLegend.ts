import { ellipsize, textWidth } from '../../charts/svg/textFit';

/** A node that has no room for a label beside it: a swatch and "name  figure" in rows under the flow. */
export interface SankeyLegendEntry {
  /** Top-left of the swatch; the text follows it on the same middle line. */
  x: number;
  y: number;
  swatch: number;
  fill: string;
  text: string;
}

export interface LegendItem {
  text: string;
  fill: string;
}

/**
 * Lays entries left to right in rows `lineHeight` apart from `top`, wrapping at `width`; an entry wider than
 * the tile is shortened with an ellipsis. Returns the entries and the height they take.
 */
export function legendRows(
  items: readonly LegendItem[],
  { left, top, width, fontSize, lineHeight, gap }: { left: number; top: number; width: number; fontSize: number; lineHeight: number; gap: number },
): { entries: SankeyLegendEntry[]; height: number } {
  const swatch = Math.round(fontSize * 0.8);
  const entries: SankeyLegendEntry[] = [];
  let x = left;
  let row = 0;
  for (const item of items) {
    const text = ellipsize(item.text, width - swatch - gap, fontSize) || item.text.slice(0, 1);
    const entryWidth = swatch + gap / 2 + textWidth(text, fontSize);
    if (x > left && x + entryWidth > left + width) {
      x = left;
      row += 1;
    }
    entries.push({ x, y: top + row * lineHeight + (lineHeight - swatch) / 2, swatch, fill: item.fill, text });
    x += entryWidth + gap * 2;
  }
  return { entries, height: items.length === 0 ? 0 : (row + 1) * lineHeight };
}

/** Rows the items would take in `width` (to reserve room before the layout that decides them). */
export const legendHeight = (items: readonly LegendItem[], width: number, fontSize: number, lineHeight: number, gap: number): number =>
  legendRows(items, { left: 0, top: 0, width, fontSize, lineHeight, gap }).height;
