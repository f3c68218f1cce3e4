import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { MAX_ROLLUP_RANGE_MS } from '@shared/schemas/energy';
import { currentPeriod, maxRangeSpan, periodFromShortcut, queryRange, rangeTooLong } from './analysisRange';

const local = (text: string) => dayjs(text);

describe('analysis query range', () => {
  it('covers whole days for hours and days, whole months for months', () => {
    const days = queryRange({ grain: 'day', start: local('2026-03-04T15:20'), end: local('2026-03-06T08:00') });
    expect(days).toEqual({ from: new Date(2026, 2, 4).getTime(), to: new Date(2026, 2, 7).getTime() - 1 });
    const months = queryRange({ grain: 'month', start: local('2026-01-15'), end: local('2026-03-02') });
    expect(months).toEqual({ from: new Date(2026, 0, 1).getTime(), to: new Date(2026, 3, 1).getTime() - 1 });
  });

  it('refuses ranges beyond MAX_ROLLUP_RANGE_MS of the grain (the server would answer 20003)', () => {
    const range = (days: number) => queryRange({ grain: 'hour', start: local('2026-01-01'), end: local('2026-01-01').add(days - 1, 'day') });
    // 32 whole days are the hour limit exactly (less 1 ms: `to` is the last millisecond).
    expect(range(32).to - range(32).from).toBe(MAX_ROLLUP_RANGE_MS.hour - 1);
    expect(rangeTooLong('hour', range(32))).toBe(false);
    expect(rangeTooLong('hour', range(33))).toBe(true);
    expect(rangeTooLong('day', range(33))).toBe(false);
    // The spec's longest shortcut (90 days back) is too long for hours, fine for days.
    const threeMonths = queryRange(periodFromShortcut('hour', 90, new Date(2026, 5, 15, 10).getTime()));
    expect(rangeTooLong('hour', threeMonths)).toBe(true);
    expect(rangeTooLong('day', threeMonths)).toBe(false);
  });

  it('states the limits in days or months', () => {
    expect(maxRangeSpan('hour')).toEqual({ count: 32, unit: 'days' });
    expect(maxRangeSpan('day')).toEqual({ count: 367, unit: 'days' });
    expect(maxRangeSpan('month')).toEqual({ count: 120, unit: 'months' });
  });

  it('opens on the month so far (days) or the year so far (months)', () => {
    const now = new Date(2026, 5, 15, 10).getTime();
    expect(currentPeriod('day', now).start.format('YYYY-MM-DD')).toBe('2026-06-01');
    expect(currentPeriod('month', now).start.format('YYYY-MM-DD')).toBe('2026-01-01');
    expect(periodFromShortcut('day', 6, now).start.format('YYYY-MM-DD')).toBe('2026-06-09');
  });
});
