import type { BoardDocument, BoardElement, GridItem } from '@shared/board/document';
import { firstFreeSpot, overlaps, respreadColumns, type GridShape } from './gridPlacement';

/**
 * Pure edits of a board document. Each returns a new document sharing the untouched parts (the undo
 * history keeps references), or the same document when nothing changed, so no empty undo steps.
 */

type Grid = BoardDocument['layout']['spec'];
export type LayoutBox = Pick<GridItem, 'x' | 'y' | 'w' | 'h'> & { i: string };

const withGrid = (document: BoardDocument, grid: Grid): BoardDocument => ({ ...document, layout: { ...document.layout, spec: grid } });

/** A fresh id for a widget of this type: `kpi-1`, `kpi-2` … (the document's id rule: 1–40 of [A-Za-z0-9_-]). */
export function newElementId(document: BoardDocument, type: string): string {
  const stem = type.slice(0, 32);
  for (let n = 1; ; n += 1) {
    const id = `${stem}-${n}`;
    if (!(id in document.elements)) return id;
  }
}

/** A new widget at `at` (a drop on the canvas), or else at the first free spot. */
export function addElement(
  document: BoardDocument,
  id: string,
  element: BoardElement,
  size: { w: number; h: number },
  at?: { x: number; y: number },
): BoardDocument {
  const grid = document.layout.spec;
  const w = Math.min(size.w, grid.cols);
  const spot = at ? { x: Math.min(Math.max(0, at.x), grid.cols - w), y: Math.max(0, at.y) } : firstFreeSpot(grid.items, { w, h: size.h }, grid.cols);
  return withGrid(
    { ...document, elements: { ...document.elements, [id]: element } },
    { ...grid, items: [...grid.items, { element: id, ...spot, w, h: size.h }] },
  );
}

export function removeElement(document: BoardDocument, id: string): BoardDocument {
  if (!(id in document.elements)) return document;
  const { [id]: _removed, ...elements } = document.elements;
  const grid = document.layout.spec;
  return withGrid({ ...document, elements }, { ...grid, items: grid.items.filter((item) => item.element !== id) });
}

/** A copy of a widget under a new id, placed right of the original when there is room, else at the first free spot. */
export function duplicateElement(document: BoardDocument, id: string, copyId: string): BoardDocument {
  const element = document.elements[id];
  const grid = document.layout.spec;
  const item = grid.items.find((placed) => placed.element === id);
  if (!element || !item) return document;
  const beside = { x: item.x + item.w, y: item.y, w: item.w, h: item.h };
  const fits = beside.x + beside.w <= grid.cols && !grid.items.some((placed) => overlaps(placed, beside));
  const spot = fits ? beside : { ...firstFreeSpot(grid.items, item, grid.cols), w: item.w, h: item.h };
  const copy: BoardElement = structuredClone(element);
  return withGrid({ ...document, elements: { ...document.elements, [copyId]: copy } }, { ...grid, items: [...grid.items, { element: copyId, ...spot }] });
}

/** Positions from the grid component after a drag or resize; unchanged items keep their objects. */
export function applyLayout(document: BoardDocument, boxes: readonly LayoutBox[]): BoardDocument {
  const byId = new Map(boxes.map((box) => [box.i, box]));
  const grid = document.layout.spec;
  let changed = false;
  const items = grid.items.map((item) => {
    const box = byId.get(item.element);
    if (!box || (box.x === item.x && box.y === item.y && box.w === item.w && box.h === item.h)) return item;
    changed = true;
    return { element: item.element, x: box.x, y: box.y, w: box.w, h: box.h };
  });
  return changed ? withGrid(document, { ...grid, items }) : document;
}

/** Moves one widget by whole cells (arrow keys), kept inside the columns and below row 0. */
export function nudgeElement(document: BoardDocument, id: string, dx: number, dy: number): BoardDocument {
  const grid = document.layout.spec;
  const item = grid.items.find((placed) => placed.element === id);
  if (!item) return document;
  const x = Math.min(grid.cols - item.w, Math.max(0, item.x + dx));
  const y = Math.max(0, item.y + dy);
  return applyLayout(document, [{ i: id, x, y, w: item.w, h: item.h }]);
}

export type ElementPatch = Partial<Pick<BoardElement, 'title' | 'options' | 'binding'>>;

export function patchElement(document: BoardDocument, id: string, patch: ElementPatch): BoardDocument {
  const element = document.elements[id];
  if (!element) return document;
  return { ...document, elements: { ...document.elements, [id]: { ...element, ...patch } } };
}

/** Grid settings; a new column count re-spreads the widgets so the board keeps its look. */
export function setGrid(document: BoardDocument, patch: Partial<GridShape>): BoardDocument {
  const grid = document.layout.spec;
  const cols = patch.cols ?? grid.cols;
  return withGrid(document, { ...grid, ...patch, items: respreadColumns(grid.items, grid.cols, cols) });
}

export const setMeta = (document: BoardDocument, patch: Partial<BoardDocument['meta']>): BoardDocument => ({
  ...document,
  meta: { ...document.meta, ...patch },
});
export const setCanvas = (document: BoardDocument, patch: Partial<BoardDocument['canvas']>): BoardDocument => ({
  ...document,
  canvas: { ...document.canvas, ...patch },
});
export const setTheme = (document: BoardDocument, patch: Partial<BoardDocument['theme']>): BoardDocument => ({
  ...document,
  theme: { ...document.theme, ...patch },
});
