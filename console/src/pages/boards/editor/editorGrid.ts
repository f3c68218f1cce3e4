import type { BoardDocument } from '@shared/board/document';

/** 'fit': the design width fills the canvas area; a number: that many screen pixels per design pixel. */
export type EditorZoom = 'fit' | number;
export const ZOOM_STEPS: readonly number[] = [0.25, 0.5, 0.75, 1];

/** The board as the editor draws it: the design grid scaled by one factor (the wall's fit-width). */
export interface EditorGridMetrics {
  scale: number;
  /** The board's box on screen. */
  width: number;
  height: number;
  cols: number;
  rowHeight: number;
  gap: number;
  colWidth: number;
}

/** Never smaller than this: a grid cell below a few pixels cannot be grabbed. */
const MIN_SCALE = 0.1;

export function editorGridMetrics(document: Pick<BoardDocument, 'canvas' | 'layout'>, availableWidth: number, zoom: EditorZoom): EditorGridMetrics {
  const { designWidth, designHeight } = document.canvas;
  const { cols, rowHeight, gap } = document.layout.spec;
  const scale = Math.max(MIN_SCALE, zoom === 'fit' ? availableWidth / designWidth : zoom);
  const width = Math.floor(designWidth * scale);
  const scaledGap = gap * scale;
  return {
    scale,
    width,
    height: Math.round(designHeight * scale),
    cols,
    rowHeight: rowHeight * scale,
    gap: scaledGap,
    colWidth: (width - scaledGap * (cols + 1)) / cols,
  };
}

/**
 * A grid item's size in screen pixels, rounded as react-grid-layout rounds its cells, so the live widget
 * inside fills its cell exactly. Same formula as the wall's boardGeometry: w·colWidth + (w − 1)·gap.
 */
export function cellSize(metrics: EditorGridMetrics, w: number, h: number): { width: number; height: number } {
  return {
    width: Math.round(metrics.colWidth * w + Math.max(0, w - 1) * metrics.gap),
    height: Math.round(metrics.rowHeight * h + Math.max(0, h - 1) * metrics.gap),
  };
}
