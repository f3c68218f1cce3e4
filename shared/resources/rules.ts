import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, text } from '../schemas/text';
import { calendarDateIssue, DATE_RANGE } from '../schemas/dates';

/**
 * The validation texts the API sends (English). The console shows the catalogue's
 * `resources.validation.<rule>` instead, found by the text (see ruleOfMessage).
 */
export const RULE_MESSAGES = {
  required: 'Please fill in this field',
  tooLong: 'This is too long',
  number: 'Must be a number',
  integer: 'Must be a whole number',
  positive: 'Must be greater than 0',
  colour: 'Colour must be #RRGGBB, e.g. #409EFF',
  date: 'Date must be YYYY-MM-DD',
  calendarDate: 'Date must be a real calendar date',
  dateRange: `Date must be between ${DATE_RANGE.min} and ${DATE_RANGE.max}`,
  controlCharacters: CONTROL_CHARACTERS_MESSAGE,
  choose: 'Please choose a value',
  picture: 'Choose a picture uploaded here',
  audience: 'Choose at least one audience',
  dateOrder: 'The end date must not be before the start date',
} as const;

export type RuleName = keyof typeof RULE_MESSAGES;

export function ruleOfMessage(message: string): RuleName | undefined {
  return (Object.keys(RULE_MESSAGES) as RuleName[]).find((rule) => RULE_MESSAGES[rule] === message);
}

const m = RULE_MESSAGES;

export const requiredText = (max = 50) => text({ error: m.required }).trim().min(1, m.required).max(max, m.tooLong);
export const sortNumber = () => z.number({ error: m.number }).int(m.integer).default(0);
export const positiveNumber = (fallback: number) => z.number({ error: m.number }).gt(0, m.positive).default(fallback);
/** An optional link to another record: a positive id, or null for none. */
export const optionalRef = () => z.number({ error: m.choose }).int().positive().nullable().default(null);
export const requiredRef = () => z.number({ error: m.choose }).int().positive(m.choose);
export const colour = () => z.string({ error: m.required }).regex(/^#[0-9A-Fa-f]{6}$/, m.colour);
/** A calendar date that exists, within DATE_RANGE: 2024-02-30 and 9999-12-31 are refused, each with its own message. */
export const isoDate = () =>
  z.string({ error: m.date }).superRefine((value, context) => {
    const issue = calendarDateIssue(value);
    if (issue) context.addIssue({ code: 'custom', message: issue === 'shape' ? m.date : issue === 'calendar' ? m.calendarDate : m.dateRange });
  });
