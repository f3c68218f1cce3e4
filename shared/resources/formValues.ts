import type { z } from 'zod';
import type { FieldSpec, ResourceDefinition } from './defineResource';
import { ruleOfMessage, type RuleName } from './rules';

/** What a form widget hands over (null from an emptied number box, '' from a text box) → what the schema expects. */
export function normaliseField(field: FieldSpec, value: unknown): unknown {
  switch (field.kind) {
    case 'number':
      return value === null || value === '' ? undefined : value;
    case 'date':
      return value === undefined || value === '' ? null : value;
    case 'ref':
      return value === undefined ? null : value;
    case 'refs':
      return value ?? [];
    case 'flag':
      return Boolean(value);
    case 'text':
      return value ?? '';
    default:
      return value;
  }
}

/** A validation problem of one field: the catalogue rule when known, else the schema's text. */
export interface FieldProblem {
  field: string;
  rule: RuleName | undefined;
  message: string;
}

/** Checks one field with the same rule the server applies (the forms call it on blur). */
export function validateField(definition: ResourceDefinition, name: string, value: unknown): FieldProblem | undefined {
  const field = definition.fields.find((f) => f.name === name);
  const schema = definition.schema.shape[name] as z.ZodType | undefined;
  if (!field || !schema) return undefined;
  const result = schema.safeParse(normaliseField(field, value));
  const issue = result.success ? undefined : result.error.issues[0];
  return issue ? { field: name, rule: ruleOfMessage(issue.message), message: issue.message } : undefined;
}

/** The whole form: the body to send, or every field's problem. */
export function validateForm(
  definition: ResourceDefinition,
  values: Record<string, unknown>,
): { body: Record<string, unknown> } | { problems: FieldProblem[] } {
  const editable = definition.fields.filter((field) => !field.readOnly);
  const input = Object.fromEntries(editable.map((field) => [field.name, normaliseField(field, values[field.name])]));
  const result = definition.schema.safeParse(input);
  if (result.success) return { body: result.data as Record<string, unknown> };
  return {
    problems: result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), rule: ruleOfMessage(issue.message), message: issue.message })),
  };
}

/** A new record's starting values: the schema's defaults, written once there. */
export function formDefaults(definition: ResourceDefinition): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of definition.fields) {
    const schema = definition.schema.shape[field.name] as z.ZodType | undefined;
    const parsed = schema?.safeParse(undefined);
    if (parsed?.success) values[field.name] = parsed.data;
  }
  return values;
}

/** Fields a form must fill: the schema refuses them empty (and gives no default). */
export function requiredFields(definition: ResourceDefinition): Set<string> {
  const required = new Set<string>();
  for (const field of definition.fields) {
    const schema = definition.schema.shape[field.name] as z.ZodType | undefined;
    if (field.kind !== 'flag' && schema && !schema.safeParse(normaliseField(field, undefined)).success) required.add(field.name);
  }
  return required;
}
