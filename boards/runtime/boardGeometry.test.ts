import { describe, expect, it } from 'vitest';
import { computeBoardGeometry, designRect, type CanvasSpec, type GridSpec } from './boardGeometry';

// 24 columns on 1920 design pixels with a 12 px gap: columns are (1920 − 25·12) / 24 = 67.5 px wide.
const grid: GridSpec = {
  cols: 24,
  rowHeight: 40,
  gap: 12,
  items: [
    { element: 'kpi', x: 0, y: 0, w: 6, h: 4 },
    { element: 'trend', x: 6, y: 0, w: 18, h: 8 },
    { element: 'bottom', x: 0, y: 20, w: 24, h: 2 },
  ],
};
const canvas = (scaleMode: CanvasSpec['scaleMode']): CanvasSpec => ({ designWidth: 1920, designHeight: 1080, scaleMode });

describe('board geometry', () => {
  it('places items on the design grid', () => {
    expect(designRect(grid, 1920, grid.items[0]!)).toEqual({ x0: 12, y0: 12, x1: 12 + 6 * 67.5 + 5 * 12, y1: 12 + 160 + 36 });
    expect(designRect(grid, 1920, grid.items[1]!).x1).toBe(1908);
  });

  it('maps 1920×1080 one to one', () => {
    const geometry = computeBoardGeometry(canvas('fit'), grid, { width: 1920, height: 1080 });
    expect(geometry).toMatchObject({ left: 0, top: 0, width: 1920, height: 1080, scale: 1 });
    expect(geometry.items[0]).toEqual({ element: 'kpi', left: 12, top: 12, width: 465, height: 196 });
    expect(geometry.items[1]).toEqual({ element: 'trend', left: 489, top: 12, width: 1419, height: 404 });
  });

  it('doubles at 3840×2160 so charts draw at native resolution', () => {
    const geometry = computeBoardGeometry(canvas('fit'), grid, { width: 3840, height: 2160 });
    expect(geometry.scale).toBe(2);
    expect(geometry.items[0]).toEqual({ element: 'kpi', left: 24, top: 24, width: 930, height: 392 });
  });

  it('letterboxes fit at 1366×768 (not exactly 16:9) and centres the board', () => {
    const geometry = computeBoardGeometry(canvas('fit'), grid, { width: 1366, height: 768 });
    // 768 / 1080 < 1366 / 1920: the height decides, leaving a one-pixel bar on the left.
    expect(geometry.scale).toBeCloseTo(768 / 1080, 6);
    expect(geometry).toMatchObject({ left: 1, top: 0, width: 1365, height: 768 });
    expect(geometry.items[0]).toEqual({ element: 'kpi', left: 9, top: 9, width: 330, height: 139 });
  });

  it('letterboxes fit at 7680×2160 with bars left and right', () => {
    const geometry = computeBoardGeometry(canvas('fit'), grid, { width: 7680, height: 2160 });
    expect(geometry).toMatchObject({ left: 1920, top: 0, width: 3840, height: 2160, scale: 2 });
  });

  it('fills both edges of a 32:9 wall while text keeps min(sx, sy)', () => {
    const geometry = computeBoardGeometry(canvas('fill'), grid, { width: 7680, height: 2160 });
    expect(geometry).toMatchObject({ left: 0, top: 0, width: 7680, height: 2160, scaleX: 4, scaleY: 2, scale: 2 });
    expect(geometry.items[1]).toEqual({ element: 'trend', left: 1956, top: 24, width: 5676, height: 808 });
    expect(geometry.items[1]!.left + geometry.items[1]!.width).toBe(7680 - 48);
  });

  it('keeps exactly one scaled gap between neighbours at every size', () => {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
      { width: 3840, height: 2160 },
      { width: 7680, height: 2160 },
    ]) {
      const geometry = computeBoardGeometry(canvas('fill'), grid, viewport);
      const [kpi, trend] = geometry.items;
      expect(Math.abs(trend!.left - (kpi!.left + kpi!.width) - 12 * geometry.scaleX)).toBeLessThanOrEqual(1);
    }
  });

  it('fit-width uses the width scale and scrolls to the lowest item', () => {
    const geometry = computeBoardGeometry(canvas('fit-width'), grid, { width: 1366, height: 768 });
    const scale = 1366 / 1920;
    expect(geometry.scaleY).toBeCloseTo(scale, 6);
    expect(geometry.top).toBe(0);
    // The bottom item ends at 12 + 20·52 + 2·40 + 12 = 1144 design pixels, plus the gap below it.
    expect(geometry.height).toBe(Math.round(1156 * scale));
    expect(geometry.scrolls).toBe(true);
    const tall = computeBoardGeometry(canvas('fit-width'), { ...grid, items: [{ element: 'deep', x: 0, y: 30, w: 4, h: 4 }] }, { width: 1920, height: 1080 });
    expect(tall.height).toBe(12 + 30 * 52 + 4 * 40 + 3 * 12 + 12);
    expect(tall.scrolls).toBe(true);
    const fits = computeBoardGeometry(canvas('fit-width'), grid, { width: 1920, height: 1160 });
    expect(fits.scrolls).toBe(false);
  });
});
