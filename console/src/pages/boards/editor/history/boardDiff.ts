import type { BoardDocument, BoardElement, GridItem } from '@shared/board/document';

/**
 * One difference between two versions of a board. `element` names the widget (its id) for widget changes;
 * board-level changes have none. `path` is dotted: 'meta.name', 'layout.spec.cols' for the board;
 * 'options.max', 'options.icons.0.x', 'binding.meterIds', 'title', 'version', 'layout' within a widget.
 */
export interface BoardChange {
  kind: 'added' | 'removed' | 'changed' | 'moved';
  element?: string;
  path: string;
  before?: unknown;
  after?: unknown;
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Structural equality of JSON values; an absent key equals undefined. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isRecord(a) && isRecord(b)) return unionKeys(a, b).every((key) => sameValue(a[key], b[key]));
  return false;
}

/** Keys of `a` in their order, then those only `b` has, in theirs: the documents' own reading order. */
const unionKeys = (a: Json, b: Json): string[] => [...Object.keys(a), ...Object.keys(b).filter((key) => !(key in a))];

/**
 * The changed leaves under two values: objects by key, lists holding objects (mimic icons) by index; a
 * list of plain values (meter ids, alarm kinds) is one leaf, read whole. A side that is missing gives
 * the other side's whole value.
 */
function leafChanges(before: unknown, after: unknown, path: string): { path: string; before: unknown; after: unknown }[] {
  if (sameValue(before, after)) return [];
  const join = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (isRecord(before) && isRecord(after)) return unionKeys(before, after).flatMap((key) => leafChanges(before[key], after[key], join(key)));
  const holdsObjects = (list: unknown[]) => list.some((item) => isRecord(item) || Array.isArray(item));
  if (Array.isArray(before) && Array.isArray(after) && (holdsObjects(before) || holdsObjects(after))) {
    return Array.from({ length: Math.max(before.length, after.length) }, (_, index) => leafChanges(before[index], after[index], join(index))).flat();
  }
  return [{ path, before, after }];
}

const change = (kind: BoardChange['kind'], path: string, before: unknown, after: unknown, element?: string): BoardChange => ({
  kind,
  ...(element === undefined ? {} : { element }),
  path,
  ...(before === undefined ? {} : { before }),
  ...(after === undefined ? {} : { after }),
});

const placement = (item: GridItem | undefined) => (item ? { x: item.x, y: item.y, w: item.w, h: item.h } : undefined);
const summary = (element: BoardElement) => ({ type: element.type, title: element.title });

/** The grid settings of a board: its layout without the items (those are per widget). */
const gridSettings = (board: BoardDocument): Json => {
  const { items: _items, ...spec } = board.layout.spec;
  return { kind: board.layout.kind, spec };
};

function elementChanges(
  id: string,
  from: BoardElement | undefined,
  to: BoardElement | undefined,
  fromItem: GridItem | undefined,
  toItem: GridItem | undefined,
): BoardChange[] {
  if (!to) return from ? [change('removed', '', summary(from), undefined, id)] : [];
  if (!from) return [change('added', '', undefined, summary(to), id)];
  if (from.type !== to.type) return [change('removed', '', summary(from), undefined, id), change('added', '', undefined, summary(to), id)];
  const changes: BoardChange[] = [];
  if (!sameValue(placement(fromItem), placement(toItem))) changes.push(change('moved', 'layout', placement(fromItem), placement(toItem), id));
  for (const key of ['title', 'version', 'options', 'binding'] as const) {
    for (const leaf of leafChanges(from[key], to[key], key)) changes.push(change('changed', leaf.path, leaf.before, leaf.after, id));
  }
  return changes;
}

/**
 * What changed from one version of a board to another, in a fixed order: the board's meta, theme, canvas
 * and grid settings (document order within each), then each widget in id order: removed/added (with its
 * type and title), moved or resized (grid x, y, w, h), then its title, options version, options and
 * binding per leaf. A widget whose type changed under the same id is removed and added.
 * Added and removed changes carry `path: ''`.
 */
export function diffBoards(from: BoardDocument, to: BoardDocument): BoardChange[] {
  const board: BoardChange[] = [
    ...leafChanges(from.meta, to.meta, 'meta'),
    ...leafChanges(from.theme, to.theme, 'theme'),
    ...leafChanges(from.canvas, to.canvas, 'canvas'),
    ...leafChanges(gridSettings(from), gridSettings(to), 'layout'),
  ].map((leaf) => change('changed', leaf.path, leaf.before, leaf.after));

  const itemsOf = (doc: BoardDocument) => new Map(doc.layout.spec.items.map((item) => [item.element, item]));
  const fromItems = itemsOf(from);
  const toItems = itemsOf(to);
  const ids = [...new Set([...Object.keys(from.elements), ...Object.keys(to.elements)])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const widgets = ids.flatMap((id) => elementChanges(id, from.elements[id], to.elements[id], fromItems.get(id), toItems.get(id)));
  return [...board, ...widgets];
}
