import type { TFunction } from 'i18next';
import { boardScreensEn } from '@shared/i18n/locales/boardScreens/en';

type RuleKey = keyof typeof boardScreensEn.rules;

/** The contract's English message → its catalogue key (the catalogue holds the same English words). */
const KEY_BY_MESSAGE = new Map<string, RuleKey>(Object.entries(boardScreensEn.rules).map(([key, text]) => [text, key as RuleKey]));

/** A contract message in the reader's language; a server's own words (a taken code…) as sent. */
export function ruleText(t: TFunction, message: string): string {
  const key = KEY_BY_MESSAGE.get(message);
  return key ? t(`boardScreens.rules.${key}`) : message;
}

/** A rule by key, for the checks the contract leaves to the screen (a data board's code is required here). */
export const rule = (t: TFunction, key: RuleKey): string => t(`boardScreens.rules.${key}`);
