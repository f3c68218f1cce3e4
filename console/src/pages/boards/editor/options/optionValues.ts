import type { OptionField } from './optionFields';

/** Where a value sits in the options: keys and list indexes ('icons', 0, 'meterId'). */
export type OptionPath = readonly (string | number)[];

/** The dotted form of a path ('icons.0.meterId'): how errors and test ids name a field. */
export const dotted = (path: OptionPath): string => path.join('.');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Defaults are JSON (they came through JSON Schema): a copy keeps the schema's own value untouched. */
const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

export function valueAt(value: unknown, path: OptionPath): unknown {
  let node = value;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === 'number') node = node[key];
    else if (isRecord(node)) node = node[String(key)];
    else return undefined;
  }
  return node;
}

/**
 * A copy of `value` with `next` at `path` (parents created as needed). `undefined` removes an object key,
 * so the schema's default applies again; list items are replaced in place.
 */
export function setAt(value: unknown, path: OptionPath, next: unknown): Record<string, unknown> {
  const put = (node: unknown, depth: number): unknown => {
    if (depth === path.length) return next;
    const key = path[depth]!;
    if (typeof key === 'number') {
      const list = Array.isArray(node) ? [...(node as unknown[])] : [];
      list[key] = put(list[key], depth + 1);
      return list;
    }
    const object: Record<string, unknown> = isRecord(node) ? { ...node } : {};
    const child = put(object[key], depth + 1);
    if (child === undefined) delete object[key];
    else object[key] = child;
    return object;
  };
  const result = put(value, 0);
  return isRecord(result) ? result : {};
}

/** The value with each absent option at its schema default, in groups and list items too; unknown keys are kept. */
export function withDefaults(fields: readonly OptionField[], value: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = isRecord(value) ? { ...value } : {};
  for (const field of fields) {
    const current = result[field.name];
    if (current === undefined) {
      if (field.default !== undefined) result[field.name] = copy(field.default);
      else if (field.kind === 'group') result[field.name] = withDefaults(field.fields, {});
    } else if (field.kind === 'group' && isRecord(current)) {
      result[field.name] = withDefaults(field.fields, current);
    } else if (field.kind === 'records' && Array.isArray(current)) {
      result[field.name] = current.map((item) => (isRecord(item) ? withDefaults(field.fields, item) : item));
    }
  }
  return result;
}

/**
 * A new list item: its defaults, and a bounded number without one in the middle of its range (a mimic
 * icon lands in the centre of the picture). A required pick (the icon's meter) stays empty to be chosen.
 */
export function newItem(fields: readonly OptionField[]): Record<string, unknown> {
  const item = withDefaults(fields, {});
  for (const field of fields) {
    if (item[field.name] === undefined && field.kind === 'number' && field.min !== undefined && field.max !== undefined) {
      const middle = (field.min + field.max) / 2;
      item[field.name] = field.integer ? Math.round(middle) : middle;
    }
  }
  return item;
}

/** A new value for a plain list: the item's default, else the lowest it allows, else empty text or 0. */
export function newListValue(item: OptionField): unknown {
  if (item.default !== undefined) return copy(item.default);
  if (item.kind === 'number') return item.min ?? 0;
  return '';
}
