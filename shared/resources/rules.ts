import { z } from 'zod';

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
  choose: 'Please choose a value',
} as const;

export type RuleName = keyof typeof RULE_MESSAGES;

export function ruleOfMessage(message: string): RuleName | undefined {
  return (Object.keys(RULE_MESSAGES) as RuleName[]).find((rule) => RULE_MESSAGES[rule] === message);
}

const m = RULE_MESSAGES;

export const requiredText = (max = 50) => z.string({ error: m.required }).trim().min(1, m.required).max(max, m.tooLong);
export const sortNumber = () => z.number({ error: m.number }).int(m.integer).default(0);
export const positiveNumber = (fallback: number) => z.number({ error: m.number }).gt(0, m.positive).default(fallback);
/** An optional link to another record: a positive id, or null for none. */
export const optionalRef = () => z.number({ error: m.choose }).int().positive().nullable().default(null);
export const requiredRef = () => z.number({ error: m.choose }).int().positive(m.choose);
export const colour = () => z.string({ error: m.required }).regex(/^#[0-9A-Fa-f]{6}$/, m.colour);
/** A calendar date that exists: 2024-02-30 is refused. */
export const isoDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.date)
    .refine((value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
    }, m.date);
