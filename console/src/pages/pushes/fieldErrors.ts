import type { TFunction } from 'i18next';
import type { z } from 'zod';
import * as forms from '../../forms/fieldErrors';
import { issueText } from '../dataCheck/fieldIssue';

export type { FieldErrors } from '../../forms/fieldErrors';

const RULES = 'pushes.rules';

/** A schema issue in the reader's language; the contract's `required` marker gets the catalogue's words. */
export function ruleText(t: TFunction, issue: z.core.$ZodIssue): string {
  return issue.message === 'required' ? t(`${RULES}.required`) : issueText(t, RULES, issue);
}

/** Every problem the contract finds, first one per top-level field (`pushPhones.2` counts for `pushPhones`). */
export function schemaErrors(t: TFunction, schema: z.ZodType, body: unknown): forms.FieldErrors {
  return forms.schemaFieldErrors(schema, body, { field: forms.topField, text: (issue) => ruleText(t, issue.issue!) });
}

/** The field messages of a refused save (code 40000): the server's texts, its `required` marker in the catalogue's words. */
export function serverFieldErrors(t: TFunction, error: unknown): forms.FieldErrors {
  return forms.serverFieldErrors(error, { field: forms.topField, text: (issue) => (issue.message === 'required' ? t(`${RULES}.required`) : issue.message) });
}
