import { describe, expect, it } from 'vitest';
import { addEnergy, seriesValues, sumSeriesByPeriod } from './sumSeries';

describe('summing rollup series', () => {
  it('adds series period by period, 0 where a series has no point', () => {
    const periods = ['2026-03-01', '2026-03-02', '2026-03-03'];
    const series = [
      {
        scopeId: 1,
        name: 'Plant',
        total: 30.3,
        points: [
          { period: '2026-03-01', energy: 10.1 },
          { period: '2026-03-03', energy: 20.2 },
        ],
      },
      {
        scopeId: 2,
        name: 'Office',
        total: 6,
        points: [
          { period: '2026-03-01', energy: 0.2 },
          { period: '2026-03-02', energy: 5.8 },
        ],
      },
    ];
    expect(sumSeriesByPeriod({ periods, series })).toEqual([10.3, 5.8, 20.2]);
  });

  it('does not let binary fractions show (0.1 + 0.2)', () => {
    expect(addEnergy(0.1, 0.2)).toBe(0.3);
  });

  it('puts points in the order of the periods', () => {
    expect(
      seriesValues(
        ['a', 'b', 'c'],
        [
          { period: 'c', energy: 3 },
          { period: 'a', energy: 1 },
        ],
      ),
    ).toEqual([1, 0, 3]);
  });
});
