import type { TFunction } from 'i18next';
import { spritesEn } from '@shared/i18n/locales/sprites/en';

type RuleKey = keyof typeof spritesEn.rules;

/** The contract's English message → its catalogue key (the catalogue holds the same English words; a test keeps them equal). */
const KEY_BY_MESSAGE = new Map<string, RuleKey>(Object.entries(spritesEn.rules).map(([key, text]) => [text, key as RuleKey]));

/** A field message in the reader's language: a contract rule by its catalogue key, a server's own text as sent. */
export function spriteRuleText(t: TFunction, message: string): string {
  const key = KEY_BY_MESSAGE.get(message);
  return key ? t(`sprites.rules.${key}`) : message;
}
