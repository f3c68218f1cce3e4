import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE } from '@shared/schemas/text';
import { KINDS_MESSAGE, URL_MESSAGE } from '@shared/schemas/forwarding';
import { fieldErrors, formFields, schemaIssues, serverIssues, type FieldWording } from '../../forms/fieldErrors';

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

/** How this screen words an issue: the rule text in the reader's language (zod's own issue gives the limits). */
const wording = (t: TFunction): FieldWording => ({ text: (issue) => ruleText(t, issue.message, issue.issue as never) });

/** The contract's issues with a body, one per field, in the reader's language (through the forms' one translator). */
export const schemaFieldErrors = (t: TFunction, schema: z.ZodType, body: unknown) => formFields(fieldErrors(schemaIssues(schema, body), wording(t)));

/** A refused save's field issues (code 40000), in the reader's language; empty for any other failure. */
export const serverFieldErrors = (t: TFunction, error: unknown) => formFields(fieldErrors(serverIssues(error), wording(t)));
