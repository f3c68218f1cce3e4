import {
  COMMON_VALUE_TEXTS,
  LIST_SEPARATOR,
  RESOURCE_LANGUAGES,
  normaliseField,
  type FieldSpec,
  type ResourceDefinition,
  type ResourceLanguage,
} from '@shared/resources';

/** Labels of referenced rows by API path: id → what people read (the picker's text). */
export type RefLabels = ReadonlyMap<string, ReadonlyMap<number, string>>;

const flagWords = (field: FieldSpec, lang: ResourceLanguage): [string, string] => {
  const words = COMMON_VALUE_TEXTS[lang];
  return field.name === 'online' ? [words.online, words.offline] : [words.yes, words.no];
};

/** A field's label in one language; the field name when the texts lack it. */
export const labelOf = (definition: ResourceDefinition, field: FieldSpec, lang: ResourceLanguage): string =>
  definition.texts[lang].fields[field.name] ?? field.name;

/** One stored value as people read it, in `lang`: references by name, enum and flag labels, times in ISO 8601. */
export function exportCell(definition: ResourceDefinition, field: FieldSpec, value: unknown, lang: ResourceLanguage, refs: RefLabels): string | number {
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'flag': {
      const [yes, no] = flagWords(field, lang);
      return value ? yes : no;
    }
    case 'enum':
      return definition.texts[lang].values?.[String(value)] ?? String(value);
    case 'time':
      return new Date(Number(value)).toISOString();
    case 'ref':
      return refs.get(field.ref ?? '')?.get(Number(value)) ?? String(value);
    case 'refs':
      return (value as number[]).map((id) => refs.get(field.ref ?? '')?.get(id) ?? String(id)).join(LIST_SEPARATOR);
    case 'number':
      return typeof value === 'number' ? value : String(value);
    default:
      return String(value);
  }
}

const fold = (text: string): string => text.trim().toLowerCase();

/** The header cell → the field it names: its name or its label in any language, case and spaces aside. */
export function headerField(definition: ResourceDefinition, header: string): FieldSpec | undefined {
  const wanted = fold(header);
  if (!wanted) return undefined;
  return definition.fields.find((field) => fold(field.name) === wanted || RESOURCE_LANGUAGES.some((lang) => fold(labelOf(definition, field, lang)) === wanted));
}

/** Finds a referenced row by what an export writes (its label), its code or its name. */
export interface RefFinder {
  find(path: string, text: string): { id: number } | { reason: string };
}

export type CellOutcome = { value: unknown } | { reason: string };

/**
 * One cell of an import → the value the schema checks, read the way the form reads its widgets
 * (normaliseField): an empty number is left to its default, a number that is not one stays text so the
 * schema says "Must be a number", enum and flag labels of every language are understood.
 */
export function importCell(definition: ResourceDefinition, field: FieldSpec, cell: string, refs: RefFinder): CellOutcome {
  const text = cell.trim();
  switch (field.kind) {
    case 'number': {
      if (text === '') return { value: normaliseField(field, '') };
      const number = Number(text);
      return { value: Number.isFinite(number) ? number : text };
    }
    case 'enum': {
      const value = (field.values ?? []).find(
        (candidate) =>
          fold(candidate) === fold(text) || RESOURCE_LANGUAGES.some((lang) => fold(definition.texts[lang].values?.[candidate] ?? '') === fold(text)),
      );
      return { value: value ?? (text === '' ? undefined : text) };
    }
    case 'flag': {
      if (text === '') return { value: false };
      const truthy = ['true', '1', ...RESOURCE_LANGUAGES.flatMap((lang) => flagWords(field, lang)[0])].map(fold);
      const falsy = ['false', '0', ...RESOURCE_LANGUAGES.flatMap((lang) => flagWords(field, lang)[1])].map(fold);
      if (truthy.includes(fold(text))) return { value: true };
      if (falsy.includes(fold(text))) return { value: false };
      return { reason: `${field.name}: "${text}" is neither yes nor no` };
    }
    case 'ref': {
      if (text === '') return { value: null };
      const found = refs.find(field.ref ?? '', text);
      return 'id' in found ? { value: found.id } : { reason: `${field.name}: ${found.reason}` };
    }
    case 'refs': {
      const ids: number[] = [];
      for (const part of text
        .split(LIST_SEPARATOR.trim())
        .map((piece) => piece.trim())
        .filter(Boolean)) {
        const found = refs.find(field.ref ?? '', part);
        if (!('id' in found)) return { reason: `${field.name}: ${found.reason}` };
        ids.push(found.id);
      }
      return { value: ids };
    }
    case 'date':
      return { value: normaliseField(field, text) };
    default:
      return { value: normaliseField(field, cell) };
  }
}
