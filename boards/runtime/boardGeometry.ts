import type { ScaleMode } from '@shared/board/document';

/**
 * Where each grid item lands on a real screen. Pure: the kiosk computes it on every resize and hands each
 * widget its rect in real CSS pixels (charts draw at native resolution: no CSS transform on the board).
 *
 * The design grid (same formula as the editor): columns share the design width after `gap` around and
 * between them; an item at (x, y, w, h) starts at gap + x·(colWidth + gap), gap + y·(rowHeight + gap) and
 * is w·colWidth + (w − 1)·gap wide, h·rowHeight + (h − 1)·gap tall.
 */
export interface CanvasSpec {
  designWidth: number;
  designHeight: number;
  scaleMode: ScaleMode;
}

export interface GridSpec {
  cols: number;
  rowHeight: number;
  gap: number;
  items: readonly { element: string; x: number; y: number; w: number; h: number }[];
}

export interface Viewport {
  width: number;
  height: number;
}

export interface ItemRect {
  element: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface BoardGeometry {
  /** The board's box inside the viewport (letterboxed for fit; may be taller than the viewport for fit-width). */
  left: number;
  top: number;
  width: number;
  height: number;
  /** Screen pixels per design pixel, horizontally and vertically (equal except for fill). */
  scaleX: number;
  scaleY: number;
  /** For text and strokes: min(scaleX, scaleY), so letters never stretch. */
  scale: number;
  /** fit-width boards taller than the screen scroll vertically. */
  scrolls: boolean;
  items: ItemRect[];
}

/** The design-pixel box of a grid item. */
export function designRect(grid: GridSpec, designWidth: number, item: GridSpec['items'][number]): { x0: number; y0: number; x1: number; y1: number } {
  const colWidth = Math.max(0, (designWidth - grid.gap * (grid.cols + 1)) / grid.cols);
  const x0 = grid.gap + item.x * (colWidth + grid.gap);
  const y0 = grid.gap + item.y * (grid.rowHeight + grid.gap);
  return { x0, y0, x1: x0 + item.w * colWidth + (item.w - 1) * grid.gap, y1: y0 + item.h * grid.rowHeight + (item.h - 1) * grid.gap };
}

export function computeBoardGeometry(canvas: CanvasSpec, grid: GridSpec, viewport: Viewport): BoardGeometry {
  const { designWidth, designHeight } = canvas;
  const sx = viewport.width / designWidth;
  const sy = viewport.height / designHeight;
  let scaleX: number;
  let scaleY: number;
  if (canvas.scaleMode === 'fill') {
    scaleX = sx;
    scaleY = sy;
  } else if (canvas.scaleMode === 'fit-width') {
    scaleX = sx;
    scaleY = sx;
  } else {
    scaleX = Math.min(sx, sy);
    scaleY = scaleX;
  }
  // fit-width scrolls, so a grid that runs below the design height is shown whole.
  const bottom =
    canvas.scaleMode === 'fit-width' ? Math.max(designHeight, ...grid.items.map((item) => designRect(grid, designWidth, item).y1 + grid.gap)) : designHeight;
  const width = Math.round(designWidth * scaleX);
  const height = Math.round(bottom * scaleY);
  const left = canvas.scaleMode === 'fit' ? Math.round((viewport.width - width) / 2) : 0;
  const top = canvas.scaleMode === 'fit' ? Math.round((viewport.height - height) / 2) : 0;
  // Edges are rounded, not sizes, so neighbouring tiles keep exactly the gap between them.
  const items = grid.items.map((item) => {
    const box = designRect(grid, designWidth, item);
    const x0 = Math.round(box.x0 * scaleX);
    const y0 = Math.round(box.y0 * scaleY);
    return { element: item.element, left: x0, top: y0, width: Math.round(box.x1 * scaleX) - x0, height: Math.round(box.y1 * scaleY) - y0 };
  });
  return {
    left,
    top,
    width,
    height,
    scaleX,
    scaleY,
    scale: Math.min(scaleX, scaleY),
    scrolls: canvas.scaleMode === 'fit-width' && height > viewport.height,
    items,
  };
}
