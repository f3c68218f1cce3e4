import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import { issueText } from '../dataCheck/fieldIssue';

/** Field name → the message to show under it. */
export type FieldErrors = Partial<Record<string, string>>;

const RULES = 'pushes.rules';

/** A schema issue in the reader's language; the contract's `required` marker gets the catalogue's words. */
export function ruleText(t: TFunction, issue: z.core.$ZodIssue): string {
  return issue.message === 'required' ? t(`${RULES}.required`) : issueText(t, RULES, issue);
}

/** Every problem the contract finds, first one per top-level field (`pushPhones.2` counts for `pushPhones`). */
export function schemaErrors(t: TFunction, schema: z.ZodType, body: unknown): FieldErrors {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= ruleText(t, issue);
  }
  return errors;
}

/**
 * The field messages of a refused save (code 40000, `data.issues`). Route validation names fields
 * `body.<field>`, a handler's own check names them bare; either way the first segment after `body` is the field.
 */
export function serverFieldErrors(t: TFunction, error: unknown): FieldErrors {
  if (!isApiError(error) || error.code !== ErrorCode.VALIDATION_FAILED) return {};
  const issues = (error.data as { issues?: { field: string; message: string }[] } | null)?.issues ?? [];
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const [first = '', second] = issue.field.split('.');
    const field = first === 'body' && second !== undefined ? second : first;
    errors[field] ??= issue.message === 'required' ? t(`${RULES}.required`) : issue.message;
  }
  return errors;
}
