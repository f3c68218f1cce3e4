import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import { ruleText } from './ruleText';

/** Dotted field path (`name`, `entries`, `entries.2.seconds`) → the message shown under that field. */
export type FieldErrors = Partial<Record<string, string>>;

/** Renames a contract path to the form's field (the display form has no `scope` object). */
export type FieldRename = (path: string) => string;
const same: FieldRename = (path) => path;

const lastSegment = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

/** Every problem the contract finds, the first one per field. */
export function schemaErrors(t: TFunction, schema: z.ZodType, body: unknown, rename: FieldRename = same): FieldErrors {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = rename(issue.path.map(String).join('.'));
    errors[field] ??= ruleText(t, issue.message, lastSegment(field));
  }
  return errors;
}

/**
 * The field messages of a refused save (VALIDATION_FAILED, `data.issues`). Route validation names fields
 * `body.<path>`, a handler's own check names them bare; both land on the same form field.
 */
export function serverFieldErrors(t: TFunction, error: unknown, rename: FieldRename = same): FieldErrors {
  if (!isApiError(error) || error.code !== ErrorCode.VALIDATION_FAILED) return {};
  const issues = (error.data as { issues?: { field: string; message: string }[] } | null)?.issues ?? [];
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = rename(issue.field.replace(/^body\./, ''));
    errors[field] ??= ruleText(t, issue.message, lastSegment(field));
  }
  return errors;
}

/** antd's name path for a dotted field: `entries.2.seconds` → ['entries', 2, 'seconds']. */
export const namePath = (field: string): (string | number)[] => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
