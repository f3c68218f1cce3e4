import type { i18n as I18n } from 'i18next';
import type { BoardDocument } from '@shared/board/document';
import { widgetRegistry } from '@boards/widgets';
import { fieldLabel, humanise } from '../options/fieldLabels';
import type { BoardChange } from './boardDiff';

type Catalogue = Pick<I18n, 't' | 'exists'>;

/** One line of the compare list, all plain text (React renders it as text nodes, never HTML). */
export interface ChangeLine {
  /** What changed: "Added Gauge “Boiler load”", "Gauge “Boiler load”: Maximum", "Board: Name". */
  text: string;
  before?: string;
  after?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A widget as people know it: its catalogue name and its title (else its id); an unknown type by its type. */
export function widgetText(catalogue: Catalogue, type: string, title: string, id: string): string {
  const nameKey = widgetRegistry.get(type)?.nameKey;
  const name = nameKey && catalogue.exists(nameKey) ? catalogue.t(nameKey) : type;
  return catalogue.t('boardFields.diff.widget', { name, title: title || id });
}

/** A value as text: on/off, lists joined, '' and null as "empty", a choice by its label when it has one. */
export function valueText(catalogue: Catalogue, value: unknown, field = ''): string {
  if (value === undefined || value === null || value === '') return catalogue.t('boardFields.diff.empty');
  if (typeof value === 'boolean') return catalogue.t(value ? 'boardFields.diff.on' : 'boardFields.diff.off');
  if (typeof value === 'string') {
    const key = `boardFields.choices.${field}.${value}`;
    return field && !/[.:]/.test(value) && catalogue.exists(key) ? catalogue.t(key) : value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => !isRecord(item) && !Array.isArray(item)))
    return value.length === 0 ? catalogue.t('boardFields.diff.empty') : value.map((item) => valueText(catalogue, item, field)).join(', ');
  return JSON.stringify(value);
}

/** 'options.icons.0.meterId' → "Device icons 1 › Meter"; binding and board paths by their own labels. */
function fieldText(catalogue: Catalogue, widgetType: string | undefined, path: string): string {
  const [head = '', ...rest] = path.split('.');
  if (widgetType !== undefined) {
    if (head === 'title') return catalogue.t('boardFields.diff.title');
    if (head === 'version') return catalogue.t('boardFields.diff.version');
    if (head === 'binding')
      return catalogue.exists(`boardFields.binding.${rest[0]}`) ? catalogue.t(`boardFields.binding.${rest[0]}`) : humanise(rest.join('.'));
    const parts: string[] = [];
    for (const segment of rest) {
      if (/^\d+$/.test(segment) && parts.length > 0) parts[parts.length - 1] += ` ${Number(segment) + 1}`;
      else parts.push(fieldLabel(catalogue, widgetType, segment));
    }
    return parts.join(' › ');
  }
  const leaf = path.split('.').at(-1) ?? path;
  return catalogue.exists(`boardFields.board.${leaf}`) ? catalogue.t(`boardFields.board.${leaf}`) : humanise(leaf);
}

const positionText = (catalogue: Catalogue, value: unknown): string =>
  isRecord(value) ? catalogue.t('boardFields.diff.position', { x: value.x, y: value.y, w: value.w, h: value.h }) : catalogue.t('boardFields.diff.notPlaced');

/** The readable line of a change; widgets are named from `to` (from `from` when removed). */
export function changeLine(catalogue: Catalogue, change: BoardChange, from: BoardDocument, to: BoardDocument): ChangeLine {
  if (change.element === undefined) {
    const leaf = change.path.split('.').at(-1) ?? '';
    return {
      text: catalogue.t('boardFields.diff.boardChanged', { field: fieldText(catalogue, undefined, change.path) }),
      before: valueText(catalogue, change.before, leaf),
      after: valueText(catalogue, change.after, leaf),
    };
  }
  const element = (change.kind === 'removed' ? from : to).elements[change.element] ?? from.elements[change.element];
  const shown = change.kind === 'removed' ? change.before : change.after;
  const type = isRecord(shown) && typeof shown.type === 'string' ? shown.type : (element?.type ?? '');
  const title = isRecord(shown) && typeof shown.title === 'string' ? shown.title : (element?.title ?? '');
  const widget = widgetText(catalogue, type, title, change.element);
  switch (change.kind) {
    case 'added':
      return { text: catalogue.t('boardFields.diff.added', { widget }) };
    case 'removed':
      return { text: catalogue.t('boardFields.diff.removed', { widget }) };
    case 'moved':
      return {
        text: catalogue.t('boardFields.diff.moved', { widget }),
        before: positionText(catalogue, change.before),
        after: positionText(catalogue, change.after),
      };
    default: {
      const leaf =
        change.path
          .split('.')
          .filter((segment) => !/^\d+$/.test(segment))
          .at(-1) ?? '';
      return {
        text: catalogue.t('boardFields.diff.changed', { widget, field: fieldText(catalogue, type, change.path) }),
        before: valueText(catalogue, change.before, leaf),
        after: valueText(catalogue, change.after, leaf),
      };
    }
  }
}

/** The server's note ('created', 'restored from 3', 'duplicated from 7') in the reader's language; other notes as sent. */
export function noteText(catalogue: Catalogue, note: string): string {
  const restored = /^restored from (\d+)$/.exec(note);
  if (restored) return catalogue.t('boardFields.history.notes.restored', { revision: restored[1] });
  const duplicated = /^duplicated from (\d+)$/.exec(note);
  if (duplicated) return catalogue.t('boardFields.history.notes.duplicated', { id: duplicated[1] });
  return ['created', 'saved', 'imported'].includes(note) ? catalogue.t(`boardFields.history.notes.${note}`) : note;
}
