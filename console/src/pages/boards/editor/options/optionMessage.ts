import type { TFunction } from 'i18next';
import { boardFieldsEn } from '@shared/i18n/locales/boardFields/en';

type MessageKey = keyof typeof boardFieldsEn.messages;

interface Pattern {
  key: MessageKey;
  regex: RegExp;
  /** Longer literal text first: 'At most 64 characters' is not 'At most {{maximum}}'. */
  weight: number;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each English message of the catalogue as a pattern: `{{name}}` captures that parameter. */
const PATTERNS: Pattern[] = (Object.entries(boardFieldsEn.messages) as [MessageKey, string][])
  .map(([key, template]) => {
    const parts = template.split(/(\{\{\w+\}\})/);
    const source = parts.map((part) => (/^\{\{\w+\}\}$/.test(part) ? `(?<${part.slice(2, -2)}>.+?)` : escape(part))).join('');
    return { key, regex: new RegExp(`^${source}$`), weight: parts.filter((part) => !part.startsWith('{{')).join('').length };
  })
  .sort((a, b) => b.weight - a.weight);

/**
 * An option message (validateOptions, or the server's issue for `document.elements.<id>.options.*`) in the
 * reader's language: a catalogue message with its numbers, anything unknown as sent.
 */
export function optionMessage(t: TFunction, message: string): string {
  for (const pattern of PATTERNS) {
    const match = pattern.regex.exec(message);
    if (match) return t(`boardFields.messages.${pattern.key}`, { ...match.groups });
  }
  return message;
}
