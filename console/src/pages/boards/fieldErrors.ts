import type { TFunction } from 'i18next';
import type { z } from 'zod';
import * as forms from '../../forms/fieldErrors';
import { ruleText } from './ruleText';

/** Dotted field path (`name`, `entries`, `entries.2.seconds`) → the message shown under that field. */
export type FieldErrors = forms.FieldErrors;

/** Renames a contract path to the form's field (the display form has no `scope` object). */
export type FieldRename = (path: string) => string;
const same: FieldRename = (path) => path;

const lastSegment = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

/** The boards' wording: the form's field by `rename`, the contract's texts by their catalogue key. */
const wording = (t: TFunction, rename: FieldRename): forms.FieldWording => ({
  field: rename,
  text: (issue, field) => ruleText(t, issue.message, lastSegment(field)),
});

/** Every problem the contract finds, the first one per field. */
export const schemaErrors = (t: TFunction, schema: z.ZodType, body: unknown, rename: FieldRename = same): FieldErrors =>
  forms.schemaFieldErrors(schema, body, wording(t, rename));

/** The field messages of a refused save (VALIDATION_FAILED, `data.issues`). */
export const serverFieldErrors = (t: TFunction, error: unknown, rename: FieldRename = same): FieldErrors => forms.serverFieldErrors(error, wording(t, rename));

export const namePath = forms.namePath;
