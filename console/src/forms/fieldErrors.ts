import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';

/**
 * The one translator from a refused save or a contract check to the text under form fields. The server
 * answers code 40000 with `data.issues` ({field, message}); route validation names fields
 * `body.<path>`, a handler's own check names them bare. The contract's zod schema gives the same issues
 * in the browser. Both become FieldIssues (path without `body.`), then one text per form field.
 */

/** One problem with one field: its dotted path (`name`, `entries.2.seconds`) and the rule's message. */
export interface FieldIssue {
  field: string;
  message: string;
  /** The zod issue when the browser found it, for wording by code and limit (`too_small`, minimum 3). */
  issue?: z.core.$ZodIssue;
}

/** Form field → the text under it. */
export type FieldErrors = Partial<Record<string, string>>;

/** How an issue path names the form's field (`body.` is already gone), and how its message reads. */
export interface FieldWording {
  /** The form field an issue belongs to; undefined drops the issue (a field the form does not show). Default: the whole path. */
  field?(path: string): string | undefined;
  /** The text shown; default: the message as sent. */
  text?(issue: FieldIssue, field: string): string;
}

/** A path's first segment: `pushPhones.2` is about the pushPhones field. */
export const topField = (path: string): string => path.split('.')[0] ?? '';

/** antd's name path for a dotted field: `entries.2.seconds` → ['entries', 2, 'seconds']. */
export const namePath = (field: string): (string | number)[] => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** A message from the contract or the server: a catalogue key in the reader's language, anything else as sent. */
export const keyText = (t: TFunction, message: string): string => t(message, { defaultValue: message });

/** The issues of a refused save (code 40000); none for any other failure (the api toast spoke). */
export function serverIssues(error: unknown): FieldIssue[] {
  if (!isApiError(error) || error.code !== ErrorCode.VALIDATION_FAILED) return [];
  const issues = (error.data as { issues?: { field: string; message: string }[] } | null)?.issues ?? [];
  return issues.map((issue) => ({ field: issue.field.replace(/^body(\.|$)/, ''), message: issue.message }));
}

/** The issues the contract's schema finds with a body, named as the server names them. */
export function schemaIssues(schema: z.ZodType, body: unknown): FieldIssue[] {
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message, issue }));
}

/** One text per form field, the first issue's. */
export function fieldErrors(issues: readonly FieldIssue[], wording: FieldWording = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = wording.field ? wording.field(issue.field) : issue.field;
    if (field === undefined) continue;
    errors[field] ??= wording.text ? wording.text(issue, field) : issue.message;
  }
  return errors;
}

/** A refused save's texts per field: serverIssues then fieldErrors. */
export const serverFieldErrors = (error: unknown, wording?: FieldWording): FieldErrors => fieldErrors(serverIssues(error), wording);

/** The contract's texts per field for a body: schemaIssues then fieldErrors. */
export const schemaFieldErrors = (schema: z.ZodType, body: unknown, wording?: FieldWording): FieldErrors => fieldErrors(schemaIssues(schema, body), wording);

/** antd `form.setFields` entries: each field's text, or a cleared field where the text is empty. */
export function formFields(errors: FieldErrors): { name: (string | number)[]; errors: string[] }[] {
  return Object.entries(errors).map(([field, text]) => ({ name: namePath(field), errors: text ? [text] : [] }));
}
