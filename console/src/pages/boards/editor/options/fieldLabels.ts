import type { i18n as I18n } from 'i18next';

type Catalogue = Pick<I18n, 't' | 'exists'>;

/** 'sparklinePoints' → 'Sparkline points', 'show_today' → 'Show today': the last resort, never a raw key. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A key i18next can look up: no separators of its own inside a segment. */
const plain = (segment: string): boolean => segment !== '' && !/[.:]/.test(segment);

/**
 * The label of an option: `boardFields.<widgetType>.<name>`, else `boardFields.common.<name>`, else the
 * name humanised. Items of a list share their field's labels (`icons.0.meterId` → `meterId`).
 */
export function fieldLabel(catalogue: Catalogue, widgetType: string, name: string): string {
  if (plain(name)) {
    for (const key of [`boardFields.${widgetType}.${name}`, `boardFields.common.${name}`]) {
      if (plain(widgetType) && catalogue.exists(key)) return catalogue.t(key);
    }
  }
  return humanise(name);
}

/** The label of one value of a choice: `boardFields.choices.<field>.<value>`, else the value humanised. */
export function choiceLabel(catalogue: Catalogue, field: string, value: string): string {
  const key = `boardFields.choices.${field}.${value}`;
  return plain(field) && plain(value) && catalogue.exists(key) ? catalogue.t(key) : humanise(value);
}
