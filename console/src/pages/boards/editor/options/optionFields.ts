import { z } from 'zod';
import type { ResourceList } from '../binding/resourceChoices';

/**
 * The form model of a widget's options: one field per option, read from the zod schema's JSON Schema
 * (`z.toJSONSchema(schema, { io: 'input' })`). JSON Schema is zod's documented, stable view of a schema:
 * defaults, bounds, enums, items and patterns are there; refinements are not (validateOptions checks those).
 * Anything the form cannot edit field by field (records, unions) becomes a `json` field, never a throw.
 */

/** Pickers fed by the resource option lists (the same the binding picker uses). */
export type ResourceRef = ResourceList;

interface FieldBase {
  /** The option's key in its object (the dotted path adds parents and item indexes). */
  name: string;
  /** No default and required by the schema: the form shows it empty until chosen. */
  required: boolean;
  default?: unknown;
}

export type OptionField =
  | (FieldBase & { kind: 'text'; maxLength?: number; multiline: boolean })
  /** A `#rrggbb` colour; `optional` when the pattern also takes '' (the theme's colour). */
  | (FieldBase & { kind: 'colour'; optional: boolean })
  | (FieldBase & { kind: 'number'; integer: boolean; min?: number; max?: number; nullable: boolean })
  | (FieldBase & { kind: 'switch' })
  | (FieldBase & { kind: 'choice'; values: readonly string[] })
  /** Several of a fixed list, in the order chosen (alarm kinds). */
  | (FieldBase & { kind: 'choices'; values: readonly string[]; minItems?: number; maxItems?: number })
  | (FieldBase & { kind: 'ref'; ref: ResourceRef })
  | (FieldBase & { kind: 'refs'; ref: ResourceRef; maxItems?: number })
  /** A list of plain values, each edited with `item` (its name is ''). */
  | (FieldBase & { kind: 'list'; item: OptionField; minItems?: number; maxItems?: number })
  /** A list of objects (mimic icons), each edited with `fields`. */
  | (FieldBase & { kind: 'records'; fields: readonly OptionField[]; maxItems?: number })
  | (FieldBase & { kind: 'group'; fields: readonly OptionField[] })
  | (FieldBase & { kind: 'json' });

export type OptionFieldKind = OptionField['kind'];

/** The part of JSON Schema zod emits for option schemas. */
interface JsonNode {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxLength?: number;
  pattern?: string;
  items?: JsonNode;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonNode>;
  required?: string[];
  anyOf?: JsonNode[];
}

/** Option names that hold ids of a resource: edited with its picker, not as bare numbers. */
const REF_BY_NAME: Readonly<Record<string, ResourceRef>> = {
  meterId: 'meters',
  meterIds: 'meters',
  departmentId: 'departments',
  departmentIds: 'departments',
  subitemId: 'subitems',
  subitemIds: 'subitems',
  // The report-table widget's definition, from the caller's report definitions.
  definitionId: 'report-definitions',
};

/** Bounds past this say "any integer" (zod's .int() adds ±MAX_SAFE_INTEGER): no use as a form limit. */
const boundOf = (value: number | undefined): number | undefined => (value === undefined || Math.abs(value) >= Number.MAX_SAFE_INTEGER ? undefined : value);

/** The colour pattern the widgets use (`#rrggbb`, optionally empty). */
const COLOUR_PATTERN = '#[0-9a-fA-F]{6}';
const COLOUR_WITH_EMPTY = /^\^\(#\[0-9a-fA-F\]\{6\}\)\?\$$/;

/** Texts allowed beyond an address's 1000 characters are prose (a paragraph): a text area. */
const MULTILINE_FROM = 1001;

const typesOf = (node: JsonNode): string[] => {
  if (Array.isArray(node.type)) return node.type;
  if (node.type) return [node.type];
  // A nullable emitted as anyOf [X, null].
  return (node.anyOf ?? []).flatMap(typesOf);
};

/** Folds `anyOf: [X, {type: null}]` into X with 'null' in its types. */
function withoutNull(node: JsonNode): { node: JsonNode; nullable: boolean } {
  const types = typesOf(node);
  const nullable = types.includes('null');
  if (!node.anyOf) return { node, nullable };
  const others = node.anyOf.filter((option) => !typesOf(option).every((type) => type === 'null'));
  if (others.length !== 1) return { node, nullable };
  return { node: { ...others[0], ...(node.default === undefined ? {} : { default: node.default }) }, nullable };
}

function fieldOf(name: string, raw: JsonNode, required: boolean): OptionField {
  const { node, nullable } = withoutNull(raw);
  const base: FieldBase = { name, required: required && node.default === undefined, ...(node.default === undefined ? {} : { default: node.default }) };
  const types = typesOf(node).filter((type) => type !== 'null');
  const type = types.length === 1 ? types[0] : undefined;
  const ref = REF_BY_NAME[name];
  const bounded = (value: number | undefined, key: 'min' | 'max' | 'maxLength' | 'minItems' | 'maxItems') =>
    boundOf(value) === undefined ? {} : { [key]: boundOf(value) };

  if (node.enum && node.enum.every((value) => typeof value === 'string')) return { ...base, kind: 'choice', values: node.enum as string[] };
  if (typeof node.const === 'string') return { ...base, kind: 'choice', values: [node.const] };
  switch (type) {
    case 'boolean':
      return { ...base, kind: 'switch' };
    case 'integer':
    case 'number': {
      if (ref && type === 'integer' && !nullable) return { ...base, kind: 'ref', ref };
      const min = node.minimum ?? (node.exclusiveMinimum === undefined ? undefined : type === 'integer' ? node.exclusiveMinimum + 1 : node.exclusiveMinimum);
      const max = node.maximum ?? (node.exclusiveMaximum === undefined ? undefined : type === 'integer' ? node.exclusiveMaximum - 1 : node.exclusiveMaximum);
      return { ...base, kind: 'number', integer: type === 'integer', ...bounded(min, 'min'), ...bounded(max, 'max'), nullable };
    }
    case 'string':
      if (node.pattern?.includes(COLOUR_PATTERN)) return { ...base, kind: 'colour', optional: COLOUR_WITH_EMPTY.test(node.pattern) };
      return { ...base, kind: 'text', ...bounded(node.maxLength, 'maxLength'), multiline: (node.maxLength ?? 0) >= MULTILINE_FROM };
    case 'array':
      return arrayField(base, node);
    case 'object':
      if (node.properties) return { ...base, kind: 'group', fields: fieldsOf(node) };
      return { ...base, kind: 'json' };
    default:
      return { ...base, kind: 'json' };
  }
}

function arrayField(base: FieldBase, node: JsonNode): OptionField {
  const item = node.items ? fieldOf('', node.items, true) : undefined;
  const limits = {
    ...(node.minItems === undefined ? {} : { minItems: node.minItems }),
    ...(boundOf(node.maxItems) === undefined ? {} : { maxItems: node.maxItems }),
  };
  const ref = REF_BY_NAME[base.name];
  if (!item) return { ...base, kind: 'json' };
  if (item.kind === 'choice') return { ...base, kind: 'choices', values: item.values, ...limits };
  if (ref && item.kind === 'number' && item.integer)
    return { ...base, kind: 'refs', ref, ...(limits.maxItems === undefined ? {} : { maxItems: limits.maxItems }) };
  if (item.kind === 'group') return { ...base, kind: 'records', fields: item.fields, ...(limits.maxItems === undefined ? {} : { maxItems: limits.maxItems }) };
  if (item.kind === 'text' || item.kind === 'number' || item.kind === 'colour') return { ...base, kind: 'list', item, ...limits };
  return { ...base, kind: 'json' };
}

function fieldsOf(node: JsonNode): OptionField[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).map(([name, property]) => fieldOf(name, property, required.has(name)));
}

/**
 * The form fields of an options schema, in the schema's key order. A schema that is not an object, or that
 * JSON Schema cannot express at all, has none: the editor then offers no form rather than failing.
 */
export function optionFields(schema: z.ZodType): OptionField[] {
  let json: JsonNode;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonNode;
  } catch {
    return [];
  }
  return typesOf(json).includes('object') ? fieldsOf(json) : [];
}

/** The resource lists a form's pickers need (mimic icons' meters, the 3D scene's departments). */
export function refsOf(fields: readonly OptionField[]): ResourceRef[] {
  const refs = fields.flatMap((field): ResourceRef[] => {
    if (field.kind === 'ref' || field.kind === 'refs') return [field.ref];
    if (field.kind === 'records' || field.kind === 'group') return refsOf(field.fields);
    return [];
  });
  return [...new Set(refs)];
}
