import type { TFunction } from 'i18next';
import { boardEditorEn } from '@shared/i18n/locales/boardEditor/en';

type RuleKey = keyof typeof boardEditorEn.rules;

/** The board document's English messages → catalogue keys (the catalogue holds the same words; a test keeps them equal). */
const KEY_BY_MESSAGE = new Map<string, RuleKey>(Object.entries(boardEditorEn.rules).map(([key, text]) => [text, key as RuleKey]));

/** A check's message in the reader's language when the catalogue knows it; a widget's or the server's own words as sent. */
export function issueText(t: TFunction, message: string): string {
  const key = KEY_BY_MESSAGE.get(message);
  return key ? t(`boardEditor.rules.${key}`) : message;
}
