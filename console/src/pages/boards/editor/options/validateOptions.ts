import type { z } from 'zod';
import { boardFieldsEn } from '@shared/i18n/locales/boardFields/en';

const WORDS = boardFieldsEn.messages;

/** `{{name}}` → value: the English text a catalogue template stands for. */
const fill = (template: string, params: Record<string, unknown> = {}): string => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

type Issue = { code?: string; origin?: string; expected?: string; input?: unknown; minimum?: unknown; maximum?: unknown; inclusive?: boolean };

/**
 * zod's own wording ("Too big: expected number to be <=6") in the catalogue's English words, so the form
 * can show every message in the reader's language. Messages a descriptor words itself take precedence
 * (zod ranks a schema's own message above the parse-time map).
 */
function catalogueWords(issue: Issue): string {
  const { minimum, maximum } = issue;
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return fill(WORDS.atLeastCharacters, { minimum });
      if (issue.origin === 'array' || issue.origin === 'set') return fill(WORDS.atLeastEntries, { minimum });
      return fill(issue.inclusive === false ? WORDS.above : WORDS.atLeast, { minimum });
    case 'too_big':
      if (issue.origin === 'string') return fill(WORDS.atMostCharacters, { maximum });
      if (issue.origin === 'array' || issue.origin === 'set') return fill(WORDS.atMostEntries, { maximum });
      return fill(issue.inclusive === false ? WORDS.below : WORDS.atMost, { maximum });
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return WORDS.required;
      if (issue.expected === 'int') return WORDS.wholeNumber;
      if (issue.expected === 'number') return WORDS.number;
      if (issue.expected === 'boolean') return WORDS.onOff;
      if (issue.expected === 'string') return WORDS.text;
      if (issue.expected === 'array') return WORDS.list;
      return WORDS.invalid;
    case 'invalid_value':
      return WORDS.choose;
    case 'invalid_format':
      return WORDS.format;
    default:
      return WORDS.invalid;
  }
}

/**
 * The problems of an options value, one message per dotted option path ('icons.0.meterId'; '' for the
 * whole object), the first the schema reports. Empty when the options are valid. Messages are English;
 * the form shows them through optionMessage().
 */
export function validateOptions(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value, { error: (issue) => catalogueWords(issue as Issue) });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
