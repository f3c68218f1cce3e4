import { describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import type { TariffDefinition } from '@shared/tariffs';
import { checkDefinition } from '@shared/tariffs/tariffRules';
import { ruleText } from './ruleText';

const ALL_YEAR = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** Definitions that break every rule once, so every sentence checkDefinition can say is said. */
const broken: TariffDefinition[] = [
  {
    prices: { peak: '-1', valley: '0.3' },
    seasons: [
      {
        name: 'Summer',
        months: [6, 7, 7, 8],
        layouts: {
          workday: [
            { from: '00:00', to: '08:00', band: 'valley' },
            { from: '09:00', to: '21:00', band: 'peak' },
            { from: '20:00', to: '24:00', band: 'flat' },
          ],
          holiday: [{ from: '10:00', to: '10:00', band: 'valley' }],
        },
      },
      { name: 'Summer', months: [8, 9, 10, 11, 12], layouts: { workday: [{ from: '00:00', to: '24:00', band: 'sharp' }] } },
    ],
    tiers: [
      { fromUnits: 5000, adder: '0.1' },
      { fromUnits: 2000, adder: '0.2' },
    ],
  },
  // peak 0.8 / valley 0.4 = 2:1 in both seasons → one warning; different ratios → one per season
  {
    prices: { peak: '0.8', valley: '0.4' },
    seasons: [
      {
        name: 'All',
        months: ALL_YEAR,
        layouts: {
          workday: [
            { from: '00:00', to: '12:00', band: 'valley' },
            { from: '12:00', to: '24:00', band: 'peak' },
          ],
        },
      },
    ],
    tiers: [],
  },
  {
    prices: { peak: '0.8', valley: '0.4' },
    seasons: [
      {
        name: 'Cool',
        months: [1, 2, 3, 4, 5, 6],
        layouts: {
          workday: [
            { from: '00:00', to: '12:00', band: 'valley' },
            { from: '12:00', to: '24:00', band: 'peak' },
          ],
        },
      },
      {
        name: 'Hot',
        months: [7, 8, 9, 10, 11, 12],
        prices: { peak: '1.0' },
        layouts: {
          workday: [
            { from: '00:00', to: '12:00', band: 'valley' },
            { from: '12:00', to: '24:00', band: 'peak' },
          ],
        },
      },
    ],
    tiers: [],
  },
];

const findings = broken.flatMap((definition) => {
  const { errors, warnings } = checkDefinition(definition);
  return [...errors, ...warnings].map((issue) => ({ field: `definition.${issue.path}`, message: issue.message }));
});

describe('ruleText: every tariff rule sentence in the reader’s language', () => {
  it('the broken definitions say every kind of sentence the rules have', () => {
    const kinds = [
      /^Two seasons are named/,
      /starts and ends at the same time$/,
      /uncovered$/,
      / overlap at /,
      /is listed twice in season/,
      /is in no season$/,
      /^Month \d+ is in both/,
      /is not a number of at least 0$/,
      /but has no price$/,
      /^Tier 2 starts at/,
      /^The peak:valley price ratio is 2\.00:1/,
      /^The peak:valley price ratio of season Cool is 2\.00:1/,
    ];
    for (const kind of kinds)
      expect(
        findings.some((issue) => kind.test(issue.message)),
        String(kind),
      ).toBe(true);
  });

  it.each(['zh', 'es'] as const)('%s: no sentence stays in English', (language) => {
    const { t } = createI18n(language);
    const untranslated = findings.filter((issue) => ruleText(t, issue) === issue.message);
    expect(untranslated).toEqual([]);
  });

  it('keeps the figures, times and names of a sentence', () => {
    const zh = createI18n('zh').t;
    const es = createI18n('es').t;
    const gap = { field: 'definition.seasons.0.layouts.holiday', message: 'Holiday bands of season Winter leave 23:00–01:00 uncovered' };
    expect(ruleText(zh, gap)).toBe('季节 Winter 的节假日时段未覆盖 23:00–01:00');
    expect(ruleText(es, gap)).toBe('Las franjas de Festivo de la temporada Winter dejan sin cubrir 23:00–01:00');
    const ratio = { field: 'definition.prices.peak', message: 'The peak:valley price ratio is 2.50:1, under the 3:1 national guidance' };
    expect(ruleText(es, ratio)).toBe('La relación de precios punta:valle es 2.50:1, por debajo de la guía nacional de 3:1');
    expect(ruleText(zh, { field: 'definition.seasons', message: 'Month 3 is in no season' })).toBe('3月不属于任何季节');
    expect(ruleText(zh, { field: 'definition.prices.sharp', message: 'Sharp is used in season Summer but has no price' })).toBe(
      '季节 Summer 使用了尖峰时段，但该时段没有单价',
    );
  });

  it("says a zod default message by the field's need, and any unknown sentence as sent", () => {
    const en = createI18n('en').t;
    expect(ruleText(en, { field: 'definition.seasons.1.name', message: 'Too small: expected string to have >=1 characters' })).toBe(
      'Enter a season name of 1 to 40 characters',
    );
    expect(ruleText(en, { field: 'definition.tiers.0.fromUnits', message: 'Invalid input: expected number, received NaN' })).toBe(
      'Enter a number of units above 0',
    );
    expect(ruleText(en, { field: 'note', message: 'must not contain control characters' })).toBe('must not contain control characters');
  });
});
