import type { TFunction } from 'i18next';
import type { z } from 'zod';

export type SchemaIssue = z.core.$ZodIssue;

/**
 * The first problem the contract's schema finds with one field of a body. The whole body is parsed so
 * object-level rules (a required-when refine, "not in the future") count too, exactly as on the server.
 */
export function fieldIssue(schema: z.ZodType, body: unknown, field: string): SchemaIssue | undefined {
  const result = schema.safeParse(body);
  return result.success ? undefined : result.error.issues.find((issue) => String(issue.path[0] ?? '') === field);
}

/**
 * A schema issue in the reader's language: `<prefix>.<field>.<code>` (field-specific wording, e.g. a
 * regex or a refine), else `<prefix>.<code>_<origin>` (too_small_string), else `<prefix>.<code>`; the
 * schema's English text only when the catalogue has none of them.
 */
export function issueText(t: TFunction, prefix: string, issue: SchemaIssue): string {
  const field = String(issue.path[0] ?? '');
  const origin = 'origin' in issue ? String(issue.origin) : '';
  const keys = [`${prefix}.${field}.${issue.code}`, ...(origin ? [`${prefix}.${issue.code}_${origin}`] : []), `${prefix}.${issue.code}`];
  const values = {
    minimum: 'minimum' in issue ? String(issue.minimum) : '',
    maximum: 'maximum' in issue ? String(issue.maximum) : '',
  };
  return t(keys, { ...values, defaultValue: issue.message });
}

/** An antd Form rule that checks one field with the contract's schema, the rest of the form as context. */
export function schemaRule(t: TFunction, prefix: string, schema: z.ZodType, field: string, bodyOf: (value: unknown) => unknown) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const issue = fieldIssue(schema, bodyOf(value), field);
      if (issue) throw new Error(issueText(t, prefix, issue));
    },
  };
}
