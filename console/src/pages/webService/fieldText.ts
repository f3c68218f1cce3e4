import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import { CONTROL_CHARACTERS_MESSAGE } from '@shared/schemas/text';
import { KINDS_MESSAGE, URL_MESSAGE } from '@shared/schemas/forwarding';

/** The contract's and the server's English rule texts → this screen's catalogue keys. */
const KEYS: Record<string, string> = {
  required: 'required',
  [URL_MESSAGE]: 'url',
  [KINDS_MESSAGE]: 'kinds',
  'must be at least 16 characters': 'secret',
  'is set by the server and cannot be configured': 'reservedHeader',
  'is not a valid HTTP header name': 'headerName',
  'each header name only once': 'headerTwice',
  [CONTROL_CHARACTERS_MESSAGE]: 'controls',
};

/** One rule text in the reader's language; a text the catalogue does not know is shown as sent. */
export function ruleText(t: TFunction, message: string, issue?: Pick<z.core.$ZodIssue, 'code'> & { minimum?: unknown; maximum?: unknown }): string {
  const key = KEYS[message];
  if (key) return t(`webService.errors.${key}`);
  if (/^(meter|department) \d+ does not exist$/.test(message)) return t('webService.errors.missing');
  if (issue?.code === 'too_small' && issue.minimum !== undefined) return t('webService.errors.min', { minimum: String(issue.minimum) });
  if (issue?.code === 'too_big' && issue.maximum !== undefined) return t('webService.errors.max', { maximum: String(issue.maximum) });
  return message;
}

/** An antd field name from a dotted path: `headers.1.name` → ['headers', 1, 'name']; `body.` dropped. */
export const fieldPath = (field: string): (string | number)[] =>
  field
    .replace(/^body\./, '')
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/** The contract's issues with a body, one per field, in the reader's language. */
export function schemaFieldErrors(t: TFunction, schema: z.ZodType, body: unknown): FieldError[] {
  const result = schema.safeParse(body);
  if (result.success) return [];
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ name: issue.path.map((p) => (typeof p === 'number' ? p : String(p))), errors: [ruleText(t, issue.message, issue as never)] });
  }
  return errors;
}

/** A refused save's field issues (code 40000), in the reader's language; empty for any other failure. */
export function serverFieldErrors(t: TFunction, error: unknown): FieldError[] {
  if (!isApiError(error) || error.code !== ErrorCode.VALIDATION_FAILED) return [];
  const issues = (error.data as { issues?: { field: string; message: string }[] } | null)?.issues ?? [];
  return issues.map((issue) => ({ name: fieldPath(issue.field), errors: [ruleText(t, issue.message)] }));
}
