import { describe, expect, it } from 'vitest';
import type { EnergySeriesData } from '@shared/board/channels';
import { energyPeriodsWidget } from './descriptor';
import { energyPeriodsOptions } from './options';
import { latestChange, periodWindow, splitYearEarlier } from './periodWindow';
import { periodLabel, periodWithYear, scaledUnit, signedPercent } from './periodLabels';

const months = (from: string, count: number): string[] => {
  const [year, month] = from.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 + index, 1));
    return date.toISOString().slice(0, 7);
  });
};

/** 14 months Sep 2024 … Oct 2025 of two departments: A gives 100 × (index + 1) kWh, B 10 kWh each month. */
const periods = months('2024-09', 14);
const data: EnergySeriesData = {
  scope: 'department',
  energyType: 'electricity',
  grain: 'month',
  unit: 'kWh',
  periods,
  series: [
    { scopeId: 1, name: 'A', total: 0, points: periods.map((period, index) => ({ period, energy: 100 * (index + 1) })) },
    { scopeId: 2, name: 'B', total: 0, points: periods.map((period) => ({ period, energy: 10 })) },
  ],
  computedAt: 1,
};

describe('energy-periods descriptor', () => {
  it('compares with a year earlier by default', () => {
    expect(energyPeriodsOptions.parse({})).toEqual({ compareYearEarlier: true });
    expect(energyPeriodsWidget.staleAfterMs).toBe(1_800_000);
  });

  it('asks the series channel for N + 12 months, or N days (a year of days more is past the rollup limit)', () => {
    const on = energyPeriodsOptions.parse({});
    const off = { compareYearEarlier: false };
    expect(energyPeriodsWidget.channels({ departmentIds: [7], grain: 'month', periods: 12 }, on)).toEqual(['energy:series:department:7:electricity:month:24']);
    expect(energyPeriodsWidget.channels({ departmentIds: [7], grain: 'month', periods: 12 }, off)).toEqual(['energy:series:department:7:electricity:month:12']);
    // Default 30 days, 12 months; sub-items before meters; at most 100 months (+ 12 = 112 ≤ 400 periods, inside 3660 days).
    expect(energyPeriodsWidget.channels({ subitemIds: [3], meterIds: [9] }, on)).toEqual(['energy:series:subitem:3:electricity:day:30']);
    expect(energyPeriodsWidget.channels({ subitemIds: [3], grain: 'month' }, on)).toEqual(['energy:series:subitem:3:electricity:month:24']);
    expect(energyPeriodsWidget.channels({ meterIds: [9], energyType: 'gas', grain: 'month', periods: 400 }, on)).toEqual([
      'energy:series:meter:9:gas:month:112',
    ]);
    expect(energyPeriodsWidget.channels({ departmentIds: [2], grain: 'day', periods: 30 }, on)).toEqual(['energy:series:department:2:electricity:day:30']);
    expect(energyPeriodsWidget.channels({ departmentIds: [2], grain: 'hour', periods: 400 }, on)).toEqual(['energy:series:department:2:electricity:day:366']);
    expect(energyPeriodsWidget.channels({}, on)).toEqual([]);
  });
});

describe('splitting a series into this year and the year before', () => {
  it('sums the bound series per period and pairs each of the last N with the period 12 months earlier', () => {
    const split = splitYearEarlier(data, periodWindow({ grain: 'month', periods: 2 }, true));
    // Drawn: Sep 2025 (index 12) and Oct 2025 (index 13): 1310 and 1410; a year earlier Sep 2024 110, Oct 2024 210.
    expect(split).toEqual({
      unit: 'kWh',
      periods: ['2025-09', '2025-10'],
      current: [1310, 1410],
      earlier: [110, 210],
      earlierPeriods: ['2024-09', '2024-10'],
    });
    // Sep 2025 against Sep 2024: (1310 − 110) ÷ 110 = +1090.9 %.
    expect(latestChange(split)?.index).toBe(0);
    expect(latestChange(split)?.percent).toBeCloseTo(1090.909, 3);
  });

  it('leaves the year before empty where the payload does not reach back, and has no change figure then', () => {
    const split = splitYearEarlier(data, periodWindow({ grain: 'month', periods: 4 }, true));
    // Four drawn (Jul … Oct 2025) need Jul 2024, which is before the payload's first month (Sep 2024).
    expect(split.periods).toEqual(['2025-07', '2025-08', '2025-09', '2025-10']);
    expect(split.earlier).toEqual([null, null, 110, 210]);
    expect(latestChange(split)?.index).toBe(2);
    expect(latestChange({ ...split, earlier: [null, null, 0, 210] })).toBeUndefined();
    expect(latestChange({ ...split, periods: ['2025-10'], current: [1410], earlier: [210] })).toBeUndefined();
  });

  it('draws only the periods without the comparison', () => {
    const split = splitYearEarlier(data, periodWindow({ grain: 'month', periods: 3 }, false));
    expect(split).toEqual({ unit: 'kWh', periods: ['2025-08', '2025-09', '2025-10'], current: [1210, 1310, 1410] });
    expect(latestChange(split)).toBeUndefined();
  });
});

describe('period labels', () => {
  it('names months and days in the board language, from the period text alone', () => {
    expect(periodLabel('2025-10', 'month', 'en')).toBe('Oct');
    expect(periodLabel('2025-10', 'month', 'zh')).toBe('10月');
    expect(periodLabel('2025-09', 'month', 'es')).toBe('sept');
    expect(periodLabel('2025-10-05', 'day', 'en')).toBe('Oct 5');
    expect(periodWithYear('2024-10', 'month', 'en')).toBe('Oct 2024');
    expect(periodWithYear('2024-10', 'month', 'zh')).toBe('2024年10月');
    expect(periodWithYear('2024-10', 'month', 'es')).toBe('oct 2024');
  });

  it('signs the change with a true minus and the language decimal mark', () => {
    expect(signedPercent(-4.24, 'en')).toBe('−4.2');
    expect(signedPercent(12, 'en')).toBe('+12.0');
    expect(signedPercent(-4.24, 'es')).toBe('−4,2');
  });

  it('draws kWh from 10,000 up in MWh', () => {
    expect(scaledUnit('kWh', 9_999)).toEqual({ unit: 'kWh', factor: 1 });
    expect(scaledUnit('kWh', 10_000)).toEqual({ unit: 'MWh', factor: 1000 });
    expect(scaledUnit('m³', 50_000)).toEqual({ unit: 'm³', factor: 1 });
  });
});
