import { describe, expect, it } from 'vitest';
import type { BalanceResult, RollupResult } from '@shared/schemas/energy';
import { balanceChartOption } from './balanceChart';
import { MAX_PART_STACKS, partSeries, shareOfParent } from './balanceSeries';

const PERIODS = ['2026-03-01', '2026-03-02'];

const BALANCE: BalanceResult = {
  department: { id: 1, name: 'Main Plant' },
  unit: 'kWh',
  hasMainMeter: true,
  mainMeter: { id: 1, code: 'M001', name: 'Plant incomer' },
  parts: [
    { kind: 'meter', id: 2, name: 'Plant lighting', total: 5 },
    { kind: 'department', id: 10, name: 'Hall A', total: 70 },
  ],
  periods: [
    { period: PERIODS[0]!, parent: 50, children: 40, unmetered: 10 },
    { period: PERIODS[1]!, parent: 40, children: 35, unmetered: 5 },
  ],
  totals: { parent: 90, children: 75, unmetered: 15, unmeteredShare: 15 / 90 },
};

const rollup = (scope: RollupResult['scope'], series: RollupResult['series']): RollupResult => ({
  scope,
  energyType: 'electricity',
  grain: 'day',
  unit: 'kWh',
  periods: PERIODS,
  series,
});

describe('department balance', () => {
  it('stacks each part per period, largest first', () => {
    const stacks = partSeries(
      BALANCE,
      {
        department: rollup('department', [
          {
            scopeId: 10,
            name: 'Hall A',
            total: 70,
            points: [
              { period: PERIODS[0]!, energy: 38 },
              { period: PERIODS[1]!, energy: 32 },
            ],
          },
        ]),
        meter: rollup('meter', [
          {
            scopeId: 2,
            name: 'Plant lighting',
            total: 5,
            points: [
              { period: PERIODS[0]!, energy: 2 },
              { period: PERIODS[1]!, energy: 3 },
            ],
          },
        ]),
      },
      'Other parts',
    );
    expect(stacks).toEqual([
      { key: 'department-10', name: 'Hall A', values: [38, 32] },
      { key: 'meter-2', name: 'Plant lighting', values: [2, 3] },
    ]);
  });

  it('folds the smallest parts into one stack beyond the limit', () => {
    const parts = Array.from({ length: MAX_PART_STACKS + 2 }, (_, i) => ({ kind: 'meter' as const, id: i + 1, name: `m${i + 1}`, total: 100 - i }));
    const series = parts.map((part) => ({ scopeId: part.id, name: part.name, total: part.total, points: [{ period: PERIODS[0]!, energy: part.id }] }));
    const stacks = partSeries({ ...BALANCE, parts }, { meter: rollup('meter', series) }, 'Other parts');
    expect(stacks).toHaveLength(MAX_PART_STACKS);
    // m8, m9 and m10 are the smallest three: 8 + 9 + 10 on the first day.
    expect(stacks[MAX_PART_STACKS - 1]).toEqual({ key: 'others', name: 'Other parts', values: [27, 0] });
  });

  it('draws the stacks, the unmetered remainder on them, and the main meter as a line', () => {
    const option = balanceChartOption(BALANCE, 'day', null, { parent: 'Main meter', children: 'Metered below', unmetered: 'Unmetered' }) as {
      series: { type: string; name: string; stack?: string; data: number[] }[];
    };
    expect(option.series.map(({ type, name, stack, data }) => [type, name, stack, data])).toEqual([
      ['bar', 'Metered below', 'metered', [40, 35]],
      ['bar', 'Unmetered', 'metered', [10, 5]],
      ['line', 'Main meter', undefined, [50, 40]],
    ]);
  });

  it('gives a part its share of the main meter', () => {
    expect(shareOfParent(45, 90)).toBe(0.5);
    expect(shareOfParent(45, 0)).toBe(0);
  });
});
