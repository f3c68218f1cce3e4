import type { TFunction } from 'i18next';
import { displaysEn } from '@shared/i18n/locales/displays/en';

type RuleKey = keyof typeof displaysEn.rules;

/** The contract's English message → its catalogue key (the catalogue holds the same English words). */
const KEY_BY_MESSAGE = new Map<string, RuleKey>(Object.entries(displaysEn.rules).map(([key, text]) => [text, key as RuleKey]));

/** Fields the contract types without wording a message (a missing board, a blank number). */
const KEY_BY_FIELD: Partial<Record<string, RuleKey>> = { boardId: 'chooseBoard', playlistId: 'choosePlaylist', seconds: 'wholeSeconds' };

/**
 * One rule message in the reader's language: a contract text by its catalogue key, a typed field without
 * wording by the field's own rule, anything else (a server's own check) as sent.
 */
export function ruleText(t: TFunction, message: string, field: string): string {
  const key = KEY_BY_MESSAGE.get(message) ?? (message.startsWith('Invalid input') ? KEY_BY_FIELD[field] : undefined);
  return key ? t(`displays.rules.${key}`) : message;
}
