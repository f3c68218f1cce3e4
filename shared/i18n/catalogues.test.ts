import { describe, expect, it } from 'vitest';
import { productRouterEntries, PUBLIC_ROUTES, titleKey } from '../menu';
import { CATALOGUES, createI18n } from './createI18n';
import { LANGUAGES } from './language';
import { en } from './locales/en';

/** Every leaf key of a catalogue as a dotted path, e.g. 'login.title'. */
function leafKeys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value as object, `${prefix}${key}.`)));
}

function lookup(catalogue: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

const enKeys = leafKeys(en).sort();

describe('catalogues', () => {
  it.each(LANGUAGES.filter((lng) => lng !== 'en'))('%s has exactly the keys of en', (lng) => {
    const keys = leafKeys(CATALOGUES[lng]).sort();
    expect(
      keys.filter((key) => !enKeys.includes(key)),
      'extra keys',
    ).toEqual([]);
    expect(
      enKeys.filter((key) => !keys.includes(key)),
      'missing keys',
    ).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no empty texts', (lng) => {
    const empty = leafKeys(CATALOGUES[lng]).filter((key) => !String(lookup(CATALOGUES[lng], key)).trim());
    expect(empty).toEqual([]);
  });

  const routeKeys = [...new Set([...productRouterEntries().map((entry) => titleKey(entry.path)), ...PUBLIC_ROUTES.map(titleKey)])];

  it.each(LANGUAGES)('%s has a title for every menu and public route', (lng) => {
    const missing = routeKeys.filter((key) => typeof lookup(CATALOGUES[lng], key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('translates through i18next, with interpolation and the zh logout title', () => {
    const i18n = createI18n('zh');
    expect(i18n.t('logoutConfirm.title')).toBe('确定登出');
    expect(i18n.t('kiosk.board', { id: '7' })).toBe('看板 7');
    expect(i18n.t('route.energy-export')).toBe('能耗导出');
  });
});
