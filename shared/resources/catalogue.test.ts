import { describe, expect, it } from 'vitest';
import { en } from '../i18n/locales/en';
import { RESOURCES } from './catalogue';
import { RULE_MESSAGES } from './rules';

describe('resource texts', () => {
  it('has an English text for every rule, equal to what the API sends', () => {
    expect(en.resources.validation).toEqual(RULE_MESSAGES);
  });

  it('has a label for every field, filter, enum value and resource name', () => {
    const fields = en.resources.fields as Record<string, string>;
    const values = en.resources.values as Record<string, string>;
    for (const definition of RESOURCES) {
      expect(en.resources.names).toHaveProperty(definition.name);
      for (const field of [...definition.fields, ...definition.listFilters]) {
        expect(fields[field.name], field.name).toBeTypeOf('string');
        for (const value of field.values ?? []) expect(values[value], value).toBeTypeOf('string');
      }
    }
  });
});
