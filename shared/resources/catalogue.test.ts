import { describe, expect, it } from 'vitest';
import { en } from '../i18n/locales/en';
import { RESOURCES } from './catalogue';
import type { ResourceDefinition } from './defineResource';
import { RESOURCE_LANGUAGES } from './resourceTexts';
import { RULE_MESSAGES } from './rules';

const definitions = RESOURCES as readonly ResourceDefinition[];

describe('resource texts', () => {
  it('has an English text for every rule, equal to what the API sends', () => {
    expect(en.resources.validation).toEqual(RULE_MESSAGES);
  });

  it('has, in every language, a name, a label for every field and filter and one for every enum value', () => {
    for (const definition of definitions) {
      for (const lang of RESOURCE_LANGUAGES) {
        const texts = definition.texts[lang];
        expect(texts.name.trim(), `${definition.name} ${lang}`).not.toBe('');
        for (const field of [...definition.fields, ...definition.listFilters]) {
          expect(texts.fields[field.name], `${definition.name}.${field.name} ${lang}`).toBeTypeOf('string');
          for (const value of field.values ?? []) expect(texts.values?.[value], `${definition.name} ${value} ${lang}`).toBeTypeOf('string');
        }
      }
    }
  });

  it('reaches the console catalogue under resources.items.<name>', () => {
    expect(en.resources.items.meter?.fields.ctRatio).toBe('CT ratio');
    expect(Object.keys(en.resources.items)).toEqual(definitions.map((definition) => definition.name));
  });
});

describe('the catalogue', () => {
  it('names each API path, table and name once, and every reference points at a resource listed before it or itself', () => {
    for (const key of ['path', 'table', 'name'] as const) expect(new Set(definitions.map((d) => d[key])).size).toBe(definitions.length);
    definitions.forEach((definition, index) => {
      for (const field of definition.fields.filter((f) => f.ref)) {
        const target = definitions.findIndex((d) => d.path === field.ref);
        expect(target, `${definition.name}.${field.name} → ${field.ref}`).toBeGreaterThanOrEqual(0);
        expect(target, `${definition.name}.${field.name} → ${field.ref}`).toBeLessThanOrEqual(index);
      }
    });
  });

  it('gives samples the schema accepts', () => {
    for (const definition of definitions) {
      const sample = definition.sample({ mark: 'TEST', idOf: () => 1, owner: 1 });
      expect(definition.schema.safeParse(sample).success, definition.name).toBe(true);
    }
  });
});
