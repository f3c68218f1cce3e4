import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { widgetRegistry } from '@boards/widgets';
import { optionFields, refsOf, type OptionField } from './optionFields';

const fieldsOf = (id: string) => optionFields(widgetRegistry.get(id)!.options);

/** Every field in a model, list items' and groups' fields included. */
const flatten = (fields: readonly OptionField[]): OptionField[] =>
  fields.flatMap((field) => [
    field,
    ...(field.kind === 'records' || field.kind === 'group' ? flatten(field.fields) : field.kind === 'list' ? [field.item] : []),
  ]);

describe('optionFields', () => {
  it.each(widgetRegistry.list().map((d) => [d.id, d] as const))('%s: one field per option, each with a real control', (_id, descriptor) => {
    const fields = optionFields(descriptor.options);
    const parsed = descriptor.options.parse({}) as Record<string, unknown>;
    expect(fields.map((field) => field.name)).toEqual(Object.keys(parsed));
    // No built-in option falls back to raw JSON editing.
    expect(flatten(fields).filter((field) => field.kind === 'json')).toEqual([]);
    // Defaults are the schema's own.
    for (const field of fields) if (field.default !== undefined) expect(parsed[field.name]).toEqual(field.default);
  });

  it('models the gauge: plain and nullable numbers, a choice, bounded integers, a text', () => {
    expect(fieldsOf('gauge')).toEqual([
      { name: 'min', required: false, default: 0, kind: 'number', integer: false, nullable: false },
      { name: 'max', required: false, default: 100, kind: 'number', integer: false, nullable: false },
      { name: 'warning', required: false, default: null, kind: 'number', integer: false, nullable: true },
      { name: 'alarm', required: false, default: null, kind: 'number', integer: false, nullable: true },
      { name: 'direction', required: false, default: 'above', kind: 'choice', values: ['above', 'below'] },
      { name: 'digits', required: false, default: 1, kind: 'number', integer: true, min: 0, max: 6, nullable: false },
      { name: 'unit', required: false, default: '', kind: 'text', maxLength: 16, multiline: false },
    ]);
  });

  it('models the mimic: picture address, fit, and icons as records with a meter picker placed by percent', () => {
    expect(fieldsOf('mimic')).toEqual([
      { name: 'background', required: false, default: '', kind: 'text', maxLength: 1000, multiline: false },
      { name: 'fit', required: false, default: 'contain', kind: 'choice', values: ['contain', 'cover'] },
      {
        name: 'icons',
        required: false,
        default: [],
        kind: 'records',
        maxItems: 100,
        fields: [
          { name: 'meterId', required: true, kind: 'ref', ref: 'meters' },
          { name: 'x', required: true, kind: 'number', integer: false, min: 0, max: 100, nullable: false },
          { name: 'y', required: true, kind: 'number', integer: false, min: 0, max: 100, nullable: false },
          { name: 'label', required: false, default: '', kind: 'text', maxLength: 40, multiline: false },
          { name: 'metric', required: false, default: 'kw', kind: 'text', multiline: false },
          { name: 'digits', required: false, default: 1, kind: 'number', integer: true, min: 0, max: 4, nullable: false },
        ],
      },
    ]);
    expect(refsOf(fieldsOf('mimic'))).toEqual(['meters']);
  });

  it('models ordered alarm kinds, an optional colour, a paragraph and department ids', () => {
    expect(fieldsOf('alarm-counters')).toEqual([
      {
        name: 'kinds',
        required: false,
        default: ['total', 'device', 'error', 'trouble', 'offline'],
        kind: 'choices',
        values: ['total', 'device', 'error', 'trouble', 'offline'],
        minItems: 1,
        maxItems: 5,
      },
    ]);
    const text = fieldsOf('text');
    expect(text.find((field) => field.name === 'color')).toEqual({ name: 'color', required: false, default: '', kind: 'colour', optional: true });
    expect(text.find((field) => field.name === 'text')).toEqual({ name: 'text', required: false, default: '', kind: 'text', maxLength: 2000, multiline: true });
    expect(fieldsOf('scene-3d').find((field) => field.name === 'departmentIds')).toEqual({
      name: 'departmentIds',
      required: false,
      default: [],
      kind: 'refs',
      ref: 'departments',
      maxItems: 50,
    });
  });

  it('handles shapes no widget uses yet: nested objects, plain lists, a required colour, unions and records', () => {
    const schema = z.object({
      frame: z.object({ width: z.number().int().positive().default(2), colour: z.string().regex(/^#[0-9a-fA-F]{6}$/) }),
      thresholds: z.array(z.number().min(0)).max(5).default([]),
      either: z.union([z.string(), z.number()]).default(''),
      extras: z.record(z.string(), z.number()).default({}),
      stamp: z.date().optional(),
    });
    expect(optionFields(schema)).toEqual([
      {
        name: 'frame',
        required: true,
        kind: 'group',
        fields: [
          { name: 'width', required: false, default: 2, kind: 'number', integer: true, min: 1, nullable: false },
          { name: 'colour', required: true, kind: 'colour', optional: false },
        ],
      },
      {
        name: 'thresholds',
        required: false,
        default: [],
        kind: 'list',
        maxItems: 5,
        item: { name: '', required: true, kind: 'number', integer: false, min: 0, nullable: false },
      },
      { name: 'either', required: false, default: '', kind: 'json' },
      { name: 'extras', required: false, default: {}, kind: 'json' },
      { name: 'stamp', required: false, kind: 'json' },
    ]);
  });

  it('has no fields for a schema that is not an object', () => {
    expect(optionFields(z.string())).toEqual([]);
    expect(optionFields(z.object({}))).toEqual([]);
  });
});
