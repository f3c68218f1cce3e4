import type { Binding, BoardDocument, BoardElement, GridItem } from '@shared/board/document';
import { addElement } from '../../boards/editor/documentEdits';

/** What a screen hands over to be put on a board: a widget type with its options and binding. */
export interface NewBoardElement {
  type: string;
  version: number;
  title: string;
  options: Record<string, unknown>;
  binding: Binding;
  /** The widget's default grid size (its descriptor's defaultSize, on a 24-column board). */
  size: { w: number; h: number };
}

export interface Placement {
  document: BoardDocument;
  elementId: string;
  item: GridItem;
}

/** The first row below everything already on the board (0 on an empty board). */
export function firstFreeRow(items: readonly Pick<GridItem, 'y' | 'h'>[]): number {
  return items.reduce((row, item) => Math.max(row, item.y + item.h), 0);
}

/** `<type>-<n>` with the smallest n not used yet, within the 40-character element id rule. */
export function uniqueElementId(type: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const stem = type.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 30) || 'widget';
  for (let n = 1; ; n += 1) {
    const id = `${stem}-${n}`;
    if (!used.has(id)) return id;
  }
}

/**
 * The board with one more element: a fresh id, at the left edge of the first free row below the existing
 * items, at the widget's default size (no wider than the board's columns). The original is not changed.
 */
export function placeOnBoard(document: BoardDocument, element: NewBoardElement): Placement {
  const elementId = uniqueElementId(element.type, Object.keys(document.elements));
  const added: BoardElement = { type: element.type, version: element.version, title: element.title, options: element.options, binding: element.binding };
  // The editor's own edit, pinned to the left edge of the first free row (it clamps the width to the columns).
  const placed = addElement(document, elementId, added, element.size, { x: 0, y: firstFreeRow(document.layout.spec.items) });
  return { elementId, item: placed.layout.spec.items.at(-1)!, document: placed };
}
