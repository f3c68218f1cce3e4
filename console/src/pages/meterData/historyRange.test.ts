import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { MAX_HISTORY_RANGE_MS } from '@shared/schemas/energy';
import { bucketSpan, isRangeAllowed, matchShortcut, refreshed, shortcutHistoryRange } from './historyRange';

const now = dayjs('2026-11-20T15:42:10').valueOf();
const startOf = (daysBack: number) => dayjs(now).subtract(daysBack, 'day').startOf('day').valueOf();

describe('history range', () => {
  it('allows up to 92 days and refuses one millisecond more, as the server does', () => {
    expect(isRangeAllowed(0, MAX_HISTORY_RANGE_MS)).toBe(true);
    expect(isRangeAllowed(0, MAX_HISTORY_RANGE_MS + 1)).toBe(false);
    expect(MAX_HISTORY_RANGE_MS).toBe(92 * 86_400_000);
  });

  it('refuses a range that ends before it starts, and allows a single instant', () => {
    expect(isRangeAllowed(now, now - 1)).toBe(false);
    expect(isRangeAllowed(now, now)).toBe(true);
  });

  it('builds the spec §9 shortcuts from the start of the day, ending now', () => {
    expect(shortcutHistoryRange('today', now)).toEqual({ from: startOf(0), to: now, shortcut: 'today' });
    expect(shortcutHistoryRange('lastWeek', now).from).toBe(startOf(6));
    expect(shortcutHistoryRange('lastMonth', now).from).toBe(startOf(30));
    expect(shortcutHistoryRange('lastThreeMonths', now).from).toBe(startOf(90));
  });

  it('keeps every shortcut within the allowed range', () => {
    for (const key of ['today', 'lastWeek', 'lastMonth', 'lastThreeMonths'] as const) {
      const range = shortcutHistoryRange(key, now);
      expect(isRangeAllowed(range.from, range.to)).toBe(true);
    }
  });

  it('recognises a picked shortcut, and nothing else', () => {
    expect(matchShortcut(startOf(6), now - 2000, now)).toBe('lastWeek');
    expect(matchShortcut(startOf(0), now, now)).toBe('today');
    expect(matchShortcut(startOf(6) + 1000, now, now)).toBeNull();
    expect(matchShortcut(startOf(6), now - 5 * 60_000, now)).toBeNull();
  });

  it('moves a shortcut range to the clock at query time, and leaves a hand-picked one alone', () => {
    const later = now + 3600_000;
    expect(refreshed(shortcutHistoryRange('today', now), later)).toEqual({ from: startOf(0), to: later, shortcut: 'today' });
    const picked = { from: startOf(3), to: now - 86_400_000, shortcut: null };
    expect(refreshed(picked, later)).toBe(picked);
  });

  it('words a bucket width in seconds, minutes or hours', () => {
    expect(bucketSpan(43_200)).toEqual({ unit: 'seconds', count: 43 });
    expect(bucketSpan(900_000)).toEqual({ unit: 'minutes', count: 15 });
    expect(bucketSpan(3_974_400)).toEqual({ unit: 'hours', count: 1.1 });
    expect(bucketSpan(7_200_000)).toEqual({ unit: 'hours', count: 2 });
  });
});
