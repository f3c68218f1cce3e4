import { describe, expect, it } from 'vitest';
import { periodsIn, queryWindow, shortcutDays } from './queryPeriod';

// Local times: the shortcuts count local days, as the picker shows them.
const NOW = new Date(2026, 2, 10, 15, 30).getTime();
const day = (month: number, date: number) => new Date(2026, month, date).getTime();

describe('period shortcuts', () => {
  it('start at the local start of the day 0, 6, 30 or 90 days back and end now', () => {
    expect(shortcutDays('today', NOW)).toEqual({ start: day(2, 10), end: NOW });
    expect(shortcutDays('lastWeek', NOW)).toEqual({ start: day(2, 4), end: NOW });
    expect(shortcutDays('lastMonth', NOW)).toEqual({ start: day(1, 8), end: NOW });
    expect(shortcutDays('lastThreeMonths', NOW)).toEqual({ start: new Date(2025, 11, 10).getTime(), end: NOW });
  });

  it('ask for whole days (meters, hours, days) or whole months', () => {
    const { start, end } = shortcutDays('lastWeek', NOW);
    expect(queryWindow('meters', 'month', start, end)).toEqual({ from: day(2, 4), to: day(2, 11) - 1 });
    expect(queryWindow('departments', 'hour', start, end)).toEqual({ from: day(2, 4), to: day(2, 11) - 1 });
    expect(queryWindow('departments', 'month', start, end)).toEqual({ from: day(2, 1), to: day(3, 1) - 1 });
  });

  it('count the periods a range covers for an energy binding, 1 to 400', () => {
    expect(periodsIn('day', day(2, 4), day(2, 11) - 1)).toBe(7);
    expect(periodsIn('hour', day(2, 10), day(2, 11) - 1)).toBe(24);
    expect(periodsIn('month', new Date(2025, 11, 10).getTime(), day(3, 1) - 1)).toBe(4);
    expect(periodsIn('day', day(2, 10), day(2, 10))).toBe(1);
    expect(periodsIn('hour', day(0, 1), day(2, 1))).toBe(400);
  });
});
