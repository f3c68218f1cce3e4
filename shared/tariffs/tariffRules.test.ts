import { describe, expect, it } from 'vitest';
import { checkDefinition, checkVersions, dayBefore, monthsOf, sharedDays, bandsOfDefinition } from './tariffRules';
import type { BandSpan, TariffDefinition } from './tariffDefinition';
import type { BandType } from './bands';

const span = (from: string, to: string, band: BandType): BandSpan => ({ from, to, band });

/** A valid two-band day: valley 23:00→07:00 across midnight, peak 07:00–23:00. */
const dayOf = (): BandSpan[] => [span('23:00', '07:00', 'valley'), span('07:00', '23:00', 'peak')];

function definition(over: Partial<TariffDefinition> = {}): TariffDefinition {
  return {
    prices: { peak: '0.900000', valley: '0.300000' },
    seasons: [{ name: 'All year', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], layouts: { workday: dayOf() } }],
    tiers: [],
    ...over,
  };
}

const messages = (def: TariffDefinition) => checkDefinition(def).errors.map((issue) => issue.message);

describe('checkDefinition', () => {
  it('accepts a layout that wraps past midnight and a 3:1 ratio without findings', () => {
    expect(checkDefinition(definition())).toEqual({ errors: [], warnings: [] });
  });

  it('names a gap in the bands of a day type', () => {
    const def = definition({
      seasons: [
        {
          name: 'Summer',
          months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
          layouts: { workday: [span('00:00', '11:00', 'valley'), span('12:00', '24:00', 'peak')] },
        },
      ],
    });
    expect(checkDefinition(def).errors).toEqual([{ path: 'seasons.0.layouts.workday', message: 'Workday bands of season Summer leave 11:00–12:00 uncovered' }]);
  });

  it('names an overlap, and a gap that runs across midnight as one range', () => {
    const def = definition({
      seasons: [
        {
          name: 'Summer',
          months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
          layouts: {
            workday: dayOf(),
            // 01:00–10:30 and 10:00–23:00: 10:00–10:30 twice, 23:00–01:00 nowhere
            weekend: [span('01:00', '10:30', 'valley'), span('10:00', '23:00', 'peak')],
          },
        },
      ],
    });
    expect(messages(def)).toEqual(['Weekend bands of season Summer leave 23:00–01:00 uncovered', 'Weekend bands of season Summer overlap at 10:00–10:30']);
  });

  it('refuses a span from a time to the same time', () => {
    const def = definition({
      seasons: [
        {
          name: 'All year',
          months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
          layouts: { workday: [span('00:00', '24:00', 'valley'), span('08:00', '08:00', 'peak')] },
        },
      ],
    });
    expect(checkDefinition(def).errors).toEqual([
      { path: 'seasons.0.layouts.workday.1', message: 'Workday band 08:00–08:00 of season All year starts and ends at the same time' },
    ]);
  });

  it('takes 00:00→24:00 as the whole day and 22:00→00:00 as the last two hours', () => {
    const def = definition({
      seasons: [
        {
          name: 'All year',
          months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
          layouts: { workday: [span('00:00', '22:00', 'peak'), span('22:00', '00:00', 'valley')] },
        },
      ],
    });
    expect(messages(def)).toEqual([]);
  });

  it('puts every month in exactly one season', () => {
    const def = definition({
      seasons: [
        { name: 'Summer', months: [6, 7, 8], layouts: { workday: dayOf() } },
        { name: 'All year', months: [1, 2, 4, 5, 7, 9, 10, 11, 12], layouts: { workday: dayOf() } },
      ],
    });
    expect(checkDefinition(def).errors).toEqual([
      { path: 'seasons', message: 'Month 3 is in no season' },
      { path: 'seasons.1.months', message: 'Month 7 is in both Summer and All year' },
    ]);
  });

  it('names three seasons sharing a month, a month listed twice and two seasons of one name', () => {
    const def = definition({
      seasons: [
        { name: 'A', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], layouts: { workday: dayOf() } },
        { name: 'B', months: [1, 1], layouts: { workday: dayOf() } },
        { name: 'A', months: [1], layouts: { workday: dayOf() } },
      ],
    });
    expect(messages(def)).toEqual(['Two seasons are named A', 'Month 1 is listed twice in season B', 'Month 1 is in A, B and A']);
  });

  it('wants a price for every band used, from the season or the version', () => {
    const def = definition({
      prices: { valley: '0.300000' },
      seasons: [
        { name: 'Summer', months: [6, 7, 8], layouts: { workday: dayOf() }, prices: { peak: '1.200000' } },
        { name: 'Rest', months: [1, 2, 3, 4, 5, 9, 10, 11, 12], layouts: { workday: dayOf() } },
      ],
    });
    expect(checkDefinition(def).errors).toEqual([{ path: 'prices.peak', message: 'Peak is used in season Rest but has no price' }]);
  });

  it('refuses a negative price text that slipped past the shape', () => {
    const def = definition({ prices: { peak: '-0.900000', valley: '0.300000' } });
    expect(messages(def)).toContain('The price -0.900000 is not a number of at least 0');
  });

  it('wants tiers in ascending order of fromUnits', () => {
    const def = definition({
      tiers: [
        { fromUnits: 200, adder: '0.050000' },
        { fromUnits: 100, adder: '0.100000' },
        { fromUnits: 300, adder: '0.100000' },
      ],
    });
    expect(checkDefinition(def).errors).toEqual([{ path: 'tiers.1.fromUnits', message: 'Tier 2 starts at 100 units, not above tier 1 (200 units)' }]);
  });

  it('warns (does not refuse) when peak:valley is under 3:1', () => {
    // 0.750000 / 0.300000 = 2.5
    const findings = checkDefinition(definition({ prices: { peak: '0.750000', valley: '0.300000' } }));
    expect(findings.errors).toEqual([]);
    expect(findings.warnings).toEqual([{ path: 'prices.peak', message: 'The peak:valley price ratio is 2.50:1, under the 3:1 national guidance' }]);
  });

  it('names the season when only one season has a low ratio, and ignores seasons without both bands', () => {
    const def = definition({
      seasons: [
        // 1.000000 / 0.300000 = 3.33: fine
        { name: 'Summer', months: [6, 7, 8], layouts: { workday: dayOf() }, prices: { peak: '1.000000' } },
        // 0.800000 / 0.300000 = 2.666… → 2.67
        { name: 'Rest', months: [1, 2, 3, 4, 5, 9, 10, 11], layouts: { workday: dayOf() }, prices: { peak: '0.800000' } },
        { name: 'December', months: [12], layouts: { workday: [span('00:00', '24:00', 'flat')] } },
      ],
      prices: { peak: '0.900000', valley: '0.300000', flat: '0.500000' },
    });
    expect(checkDefinition(def)).toEqual({
      errors: [],
      warnings: [{ path: 'seasons.1.prices.peak', message: 'The peak:valley price ratio of season Rest is 2.67:1, under the 3:1 national guidance' }],
    });
  });

  it('lists the bands a definition uses in price order', () => {
    expect(bandsOfDefinition(definition())).toEqual(['peak', 'valley']);
  });
});

describe('checkVersions', () => {
  it('accepts versions that follow each other day by day', () => {
    expect(
      checkVersions([
        { validFrom: '2026-01-01', validTo: '2026-11-14' },
        { validFrom: '2026-11-15', validTo: null },
      ]).errors,
    ).toEqual([]);
  });

  it('names the shared days of overlapping versions, open ends included', () => {
    expect(
      checkVersions([
        { validFrom: '2026-01-01', validTo: null },
        { validFrom: '2026-11-15', validTo: '2026-12-31' },
        { validFrom: '2027-01-01', validTo: null },
      ]).errors,
    ).toEqual([
      { path: 'versions.1', message: 'The versions 2026-01-01–open end and 2026-11-15–2026-12-31 overlap on 2026-11-15–2026-12-31' },
      { path: 'versions.2', message: 'The versions 2026-01-01–open end and 2027-01-01–open end overlap on 2027-01-01–open end' },
    ]);
  });

  it('refuses a version that ends before it starts', () => {
    expect(checkVersions([{ validFrom: '2026-03-02', validTo: '2026-03-01' }]).errors).toEqual([
      { path: 'versions.0', message: 'The version 2026-03-02–2026-03-01 ends before it starts' },
    ]);
  });

  it('computes shared days and calendar neighbours', () => {
    expect(sharedDays({ validFrom: '2026-01-01', validTo: '2026-01-31' }, { validFrom: '2026-02-01', validTo: null })).toBeNull();
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
    expect(monthsOf('2026-11-15', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
  });
});
