import { describe, expect, it } from 'vitest';
import { axisLabels, periodAxisLabel, periodLabel, periodsSpanSeveral } from './periods';

/** The epoch ms of a local hour start, as the server names an hour period. */
const hour = (y: number, m: number, d: number, h: number) => String(new Date(y, m - 1, d, h).getTime());

describe('rollup period labels', () => {
  it('writes an hour period (local hour start in epoch ms) as its local date and hour', () => {
    expect(periodLabel(hour(2026, 3, 4, 7), 'hour')).toBe('2026-03-04 07:00');
    expect(periodLabel(hour(2026, 12, 31, 23), 'hour')).toBe('2026-12-31 23:00');
  });

  it('keeps day and month periods as the server names them', () => {
    expect(periodLabel('2026-03-04', 'day')).toBe('2026-03-04');
    expect(periodLabel('2026-03', 'month')).toBe('2026-03');
  });

  it('shortens axis labels only where nothing becomes ambiguous', () => {
    expect(axisLabels([hour(2026, 3, 4, 0), hour(2026, 3, 4, 1)], 'hour')).toEqual(['00:00', '01:00']);
    expect(axisLabels([hour(2026, 3, 4, 23), hour(2026, 3, 5, 0)], 'hour')).toEqual(['03-04 23:00', '03-05 00:00']);
    expect(axisLabels(['2026-03-04', '2026-03-05'], 'day')).toEqual(['03-04', '03-05']);
    expect(axisLabels(['2025-12-31', '2026-01-01'], 'day')).toEqual(['2025-12-31', '2026-01-01']);
    expect(axisLabels(['2025-12', '2026-01'], 'month')).toEqual(['2025-12', '2026-01']);
  });

  it('tells whether a list spans several days (hours) or years (days)', () => {
    expect(periodsSpanSeveral([hour(2026, 3, 4, 5)], 'hour')).toBe(false);
    expect(periodsSpanSeveral(['2026-01-01', '2026-12-31'], 'day')).toBe(false);
    expect(periodAxisLabel('not-a-number', 'hour')).toBe('not-a-number');
  });
});
