import { describe, expect, it } from 'vitest';
import type { RollupResult } from '@shared/schemas/energy';
import { rollupChartOption } from './rollupChart';
import { buildRollupTable } from './rollupTable';

const hour = (h: number) => String(new Date(2026, 2, 4, h).getTime());

const RESULT: RollupResult = {
  scope: 'meter',
  energyType: 'electricity',
  grain: 'hour',
  unit: 'kWh',
  periods: [hour(7), hour(8), hour(9)],
  series: [
    {
      scopeId: 11,
      name: 'Line 1 press',
      total: 12.5,
      points: [
        { period: hour(7), energy: 5 },
        { period: hour(9), energy: 7.5 },
      ],
    },
    { scopeId: 12, name: 'Line 1 conveyor', total: 3, points: [{ period: hour(8), energy: 3 }] },
  ],
};

describe('basic statistics table', () => {
  it('puts periods down and items across, 0 where an item measured nothing', () => {
    const table = buildRollupTable(RESULT);
    expect(table.columns).toEqual([
      { scopeId: 11, name: 'Line 1 press' },
      { scopeId: 12, name: 'Line 1 conveyor' },
    ]);
    expect(table.rows).toEqual([
      { key: hour(7), label: '2026-03-04 07:00', energy: [5, 0] },
      { key: hour(8), label: '2026-03-04 08:00', energy: [0, 3] },
      { key: hour(9), label: '2026-03-04 09:00', energy: [7.5, 0] },
    ]);
    expect(table.totals).toEqual([12.5, 3]);
  });

  it('draws hours as lines and days as grouped bars, one series per item', () => {
    const hourly = rollupChartOption(RESULT) as { series: { type: string; name: string; data: number[] }[]; xAxis: { data: string[] } };
    expect(hourly.series.map((series) => [series.type, series.name, series.data])).toEqual([
      ['line', 'Line 1 press', [5, 0, 7.5]],
      ['line', 'Line 1 conveyor', [0, 3, 0]],
    ]);
    expect(hourly.xAxis.data).toEqual(['07:00', '08:00', '09:00']);
    const daily = rollupChartOption({ ...RESULT, grain: 'day', periods: ['2026-03-04'], series: [] }) as { series: unknown[] };
    expect(daily.series).toEqual([]);
    const bars = rollupChartOption({
      ...RESULT,
      grain: 'day',
      periods: ['2026-03-04'],
      series: [{ scopeId: 1, name: 'Plant', total: 4, points: [{ period: '2026-03-04', energy: 4 }] }],
    }) as { series: { type: string }[] };
    expect(bars.series[0]!.type).toBe('bar');
  });
});
