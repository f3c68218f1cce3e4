import { describe, expect, it } from 'vitest';
import { widgetRegistry } from '@boards/widgets';
import { createI18n } from '@shared/i18n/createI18n';
import { LANGUAGES } from '@shared/i18n/language';
import type { BindingField } from '@boards/widgetDescriptor';
import { choiceLabel, fieldLabel, humanise } from './fieldLabels';
import { optionFields, type OptionField } from './optionFields';

/** Every named field of a model with the widget it belongs to (list items' fields share the list's widget). */
const named = (fields: readonly OptionField[]): OptionField[] =>
  fields.flatMap((field) => [...(field.name ? [field] : []), ...(field.kind === 'records' || field.kind === 'group' ? named(field.fields) : [])]);

const catalogue = widgetRegistry.list().flatMap((descriptor) => named(optionFields(descriptor.options)).map((field) => ({ widget: descriptor.id, field })));

describe('option labels', () => {
  it('prefers the widget’s own label, then the common one, then the humanised name', () => {
    const en = createI18n('en');
    expect(fieldLabel(en, 'share-pie', 'digits')).toBe('Decimals of the percentages');
    expect(fieldLabel(en, 'kpi', 'digits')).toBe('Decimals');
    expect(fieldLabel(en, 'kpi', 'sparklinePoints')).toBe('Sparkline points');
    expect(fieldLabel(en, 'future-widget', 'refreshSeconds')).toBe('Refresh seconds');
    expect(fieldLabel(en, 'kpi', 'a.b')).toBe('A b');
    expect(fieldLabel(createI18n('zh'), 'gauge', 'max')).toBe('最大值');
    expect(choiceLabel(createI18n('es'), 'fit', 'cover')).toBe('Llenar el recuadro');
    expect(choiceLabel(createI18n('en'), 'fit', 'stretch')).toBe('Stretch');
    expect(humanise('show_today')).toBe('Show today');
  });

  it.each(LANGUAGES)('%s labels every option of every widget from the catalogue (no humanised fallback)', (lng) => {
    const i18n = createI18n(lng);
    const missing = catalogue
      .filter(
        ({ widget, field }) =>
          ![`boardFields.${widget}.${field.name}`, `boardFields.common.${field.name}`].some((key) => i18n.exists(key, { fallbackLng: [] })),
      )
      .map(({ widget, field }) => `${widget}.${field.name}`);
    expect(missing).toEqual([]);
    expect(catalogue.length).toBeGreaterThan(60);
  });

  it.each(LANGUAGES)('%s labels every choice of every widget', (lng) => {
    const i18n = createI18n(lng);
    const missing = catalogue.flatMap(({ widget, field }) =>
      field.kind === 'choice' || field.kind === 'choices'
        ? field.values
            .filter((value) => !i18n.exists(`boardFields.choices.${field.name}.${value}`, { fallbackLng: [] }))
            .map((value) => `${widget}.${field.name}.${value}`)
        : [],
    );
    expect(missing).toEqual([]);
  });

  it('labels every binding field and no widget needs a label its options do not have', () => {
    const en = createI18n('en');
    const bindingFields = new Set<BindingField>(widgetRegistry.list().flatMap((descriptor) => descriptor.bindingFields ?? []));
    expect([...bindingFields].filter((field) => !en.exists(`boardFields.binding.${field}`))).toEqual([]);
    // Widget sections hold only options the widget has: a renamed option cannot leave a stale label behind.
    const widgetSections = Object.entries(en.getResourceBundle('en', 'translation').boardFields as Record<string, Record<string, unknown>>).filter(
      ([section]) => widgetRegistry.has(section),
    );
    const stale = widgetSections.flatMap(([widget, labels]) =>
      Object.keys(labels)
        .filter((name) => !catalogue.some((entry) => entry.widget === widget && entry.field.name === name))
        .map((name) => `${widget}.${name}`),
    );
    expect(stale).toEqual([]);
    expect(widgetSections).toHaveLength(27);
  });
});
