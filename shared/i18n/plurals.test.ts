import { describe, expect, it } from 'vitest';
import { CATALOGUES, createI18n } from './createI18n';

/** Every leaf of a catalogue as [dotted key, text]. */
function leaves(catalogue: object, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value as object, `${prefix}${key}.`),
  );
}

/** A count followed by a plural noun ("{{count}} users", "{{total}} lecturas"): needs its singular beside it. */
const COUNTED_NOUN = /\{\{(count|total|n)\}\} (?!más\b)[a-záéíóúñ]+s\b/i;

describe('plural forms', () => {
  it.each(['en', 'es'] as const)('%s: every text that counts a noun has a _one form beside it', (lng) => {
    const all = leaves(CATALOGUES[lng]);
    const keys = new Set(all.map(([key]) => key));
    const missing = all.filter(([key, text]) => !key.endsWith('_one') && COUNTED_NOUN.test(text) && !keys.has(`${key.replace(/_other$/, '')}_one`));
    expect(missing.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('says "1 user" and "2 users" in en and es; zh has one form', () => {
    const [en, es, zh] = (['en', 'es', 'zh'] as const).map(createI18n);
    expect([1, 2].map((count) => en!.t('roles.memberCount', { count }))).toEqual(['1 user', '2 users']);
    expect([1, 2].map((count) => es!.t('roles.memberCount', { count }))).toEqual(['1 usuario', '2 usuarios']);
    expect([1, 2].map((count) => zh!.t('roles.memberCount', { count }))).toEqual(['1 个用户', '2 个用户']);
    // A list total shows the figure as formatted and picks the form from the number.
    expect(en!.t('users.actions.total', { total: '1', count: 1 })).toBe('1 user');
    expect(en!.t('users.actions.total', { total: '1,204', count: 1204 })).toBe('1,204 users');
    expect(es!.t('meterData.table.total', { total: 1, count: 1 })).toBe('1 lectura');
    expect(en!.t('alarms.batch.subject', { n: 1, count: 1, ids: '#7' })).toBe('1 alarm: #7');
    expect(en!.t('visualization.meterCount', { count: 1 })).toBe('1 meter');
  });
});
