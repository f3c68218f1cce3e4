import { describe, expect, it } from 'vitest';
import type { EnergyRankingData, EnergySeriesData } from '@shared/board/channels';
import { energyRows } from './energyRows';
import { energyScopeChannel, energyWindowOf } from './energyBinding';
import { meterValue, metricUnit } from './meterValue';

const series: EnergySeriesData = {
  scope: 'department',
  energyType: 'electricity',
  grain: 'day',
  unit: 'kWh',
  periods: ['2025-03-01', '2025-03-02'],
  series: [
    {
      scopeId: 3,
      name: 'Hall A',
      total: 300,
      points: [
        { period: '2025-03-01', energy: 100 },
        { period: '2025-03-02', energy: 200 },
      ],
    },
    {
      scopeId: 5,
      name: 'Hall B',
      total: 50,
      points: [
        { period: '2025-03-01', energy: 20 },
        { period: '2025-03-02', energy: 30 },
      ],
    },
  ],
  computedAt: 1,
};

describe('energy rows', () => {
  it('takes each bound id’s total from a series, in the binding’s order', () => {
    expect(energyRows(series)).toEqual({
      unit: 'kWh',
      rows: [
        { scopeId: 3, name: 'Hall A', energy: 300 },
        { scopeId: 5, name: 'Hall B', energy: 50 },
      ],
      rest: 0,
    });
  });

  it('works out what a top-N ranking left out from the shares', () => {
    const ranking: EnergyRankingData = {
      unit: 'kWh',
      rows: [
        { scopeId: 1, name: 'Boilers', energy: 500, share: 0.5 },
        { scopeId: 2, name: 'Lighting', energy: 250, share: 0.25 },
      ],
      computedAt: 1,
    };
    expect(energyRows(ranking).rest).toBe(250);
    const whole: EnergyRankingData = {
      unit: 'kWh',
      rows: [
        { scopeId: 1, name: 'Boilers', energy: 1, share: 0.333333 },
        { scopeId: 2, name: 'Pumps', energy: 2, share: 0.666667 },
      ],
      computedAt: 1,
    };
    expect(energyRows(whole).rest).toBe(0);
    expect(energyRows({ unit: 'kWh', rows: [], computedAt: 1 })).toEqual({ unit: 'kWh', rows: [], rest: 0 });
  });
});

describe('energy bindings', () => {
  it('defaults to electricity today and keeps the binding’s window', () => {
    expect(energyWindowOf({}, { grain: 'day', periods: 1 })).toEqual({ energyType: 'electricity', grain: 'day', periods: 1 });
    expect(energyWindowOf({ energyType: 'water', grain: 'month', periods: 12 }, { grain: 'day', periods: 1 })).toEqual({
      energyType: 'water',
      grain: 'month',
      periods: 12,
    });
  });

  it('reads bound ids as a series and falls back to the ranking', () => {
    expect(energyScopeChannel({ departmentIds: [7, 3], grain: 'hour', periods: 24 }, 'department', 10, { grain: 'day', periods: 1 })).toBe(
      'energy:series:department:3.7:electricity:hour:24',
    );
    expect(energyScopeChannel({ departmentIds: [7] }, 'subitem', 6, { grain: 'day', periods: 1 })).toBe('energy:ranking:subitem:top:electricity:day:1:6');
    const many = Array.from({ length: 60 }, (_, index) => index + 1);
    expect(energyScopeChannel({ subitemIds: many }, 'subitem', 6, { grain: 'day', periods: 1 })).toBe(
      `energy:series:subitem:${many.slice(0, 50).join('.')}:electricity:day:1`,
    );
  });
});

describe('meter values', () => {
  it('reads one metric of a meter:<id>:latest reading with the reading’s time', () => {
    const reading = { value: { meterId: 4, ts: 1_700_000_000_000, values: { kw: 12.5, v: 231 } }, ts: 1_700_000_000_000, receivedAt: 1_700_000_000_100 };
    expect(meterValue(reading, 'kw')).toEqual({ ts: 1_700_000_000_000, value: 12.5 });
    expect(meterValue(reading, 'pf')).toBeUndefined();
    expect(meterValue(undefined, 'kw')).toBeUndefined();
  });

  it('prints the catalogue unit unless the options give one', () => {
    expect(metricUnit('kw')).toBe('kW');
    expect(metricUnit('flow')).toBe('m³/h');
    expect(metricUnit('pf')).toBe('');
    expect(metricUnit('kw', 'MW')).toBe('MW');
    expect(metricUnit('unknown')).toBe('');
  });
});
