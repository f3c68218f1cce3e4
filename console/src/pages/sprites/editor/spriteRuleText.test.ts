import { describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import { spritesEn } from '@shared/i18n/locales/sprites/en';
import { PICTURE_URL_MESSAGE } from '@shared/schemas/pictureUrl';
import { spriteBodySchema } from '@shared/schemas/sprites';
import { spriteRuleText } from './spriteRuleText';

/** Every message the contract gives for these bodies. */
const messages = (body: unknown): string[] => spriteBodySchema.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];

describe('sprite rule texts', () => {
  it('holds the contract messages word for word, so each one is found and translated', () => {
    const contract = new Set([
      ...messages({ name: '', picture: '', icons: [{ meterId: 0, x: -1, y: 101, label: 'x'.repeat(41), metric: 'kW!' }] }),
      ...messages({ name: 'x'.repeat(81), picture: 'http://plant.example.com/a.png', icons: Array.from({ length: 101 }, () => ({ meterId: 1, x: 1, y: 1 })) }),
      ...messages({ name: 'Hall', picture: `/${'a'.repeat(1000)}` }),
    ]);
    expect([...contract].sort()).toEqual(Object.values(spritesEn.rules).sort());
    expect(contract.has(PICTURE_URL_MESSAGE)).toBe(true);
  });

  it('translates a contract message and shows a server text of its own as sent', () => {
    const zh = createI18n('zh').t;
    expect(spriteRuleText(zh, 'Choose a meter')).toBe('请选择电表');
    expect(spriteRuleText(zh, 'Meter 99 does not exist')).toBe('Meter 99 does not exist');
  });
});
