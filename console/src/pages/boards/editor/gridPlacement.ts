import { MAX_GRID_ROWS, type GridItem } from '@shared/board/document';

/** Descriptor default sizes are written for the sample grid: 24 columns of 40 px rows with a 12 px gap. */
export const REFERENCE_GRID = { cols: 24, rowHeight: 40, gap: 12 } as const;

export interface GridShape {
  cols: number;
  rowHeight: number;
  gap: number;
}

type Box = Pick<GridItem, 'x' | 'y' | 'w' | 'h'>;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A descriptor's default size on this board: the same share of the width (w scaled by cols / 24) and
 * the same height in design pixels (h converted from 52 px row pitches to this grid's pitch).
 */
export function scaledDefaultSize(size: { w: number; h: number }, grid: GridShape): { w: number; h: number } {
  const w = clamp(Math.round((size.w * grid.cols) / REFERENCE_GRID.cols), 1, grid.cols);
  const designHeight = size.h * REFERENCE_GRID.rowHeight + (size.h - 1) * REFERENCE_GRID.gap;
  const h = clamp(Math.round((designHeight + grid.gap) / (grid.rowHeight + grid.gap)), 1, MAX_GRID_ROWS);
  return { w, h };
}

export const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * The first spot, reading row by row from the top left, where a w×h box touches no placed item: the
 * palette drops a new widget there. A full board puts it under everything.
 */
export function firstFreeSpot(items: readonly Box[], size: { w: number; h: number }, cols: number): { x: number; y: number } {
  const w = Math.min(size.w, cols);
  const bottom = items.reduce((max, item) => Math.max(max, item.y + item.h), 0);
  for (let y = 0; y <= bottom; y += 1) {
    for (let x = 0; x + w <= cols; x += 1) {
      const box = { x, y, w, h: size.h };
      if (!items.some((item) => overlaps(item, box))) return { x, y };
    }
  }
  return { x: 0, y: bottom };
}

/**
 * Items re-spread over a new column count so the board keeps its look: x and w scale by the ratio
 * (at least one column wide, never past the right edge).
 */
export function respreadColumns<T extends Box>(items: readonly T[], from: number, to: number): T[] {
  if (from === to) return [...items];
  return items.map((item) => {
    const w = clamp(Math.round((item.w * to) / from), 1, to);
    const x = clamp(Math.round((item.x * to) / from), 0, to - w);
    return { ...item, x, w };
  });
}
