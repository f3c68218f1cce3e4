import { describe, expect, it } from 'vitest';
import { abbreviateNumber, withThousands } from './numbers';
import { shortcutRange, timeAgo, toMillis } from './time';

describe('spec §9 number display', () => {
  it('abbreviates at powers of 1000', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1500)).toBe('1.5k');
    expect(abbreviateNumber(2_345_678)).toBe('2.35M');
    expect(abbreviateNumber(-4e9)).toBe('-4G');
    expect(abbreviateNumber(7e18)).toBe('7E');
  });
  it('groups thousands', () => {
    expect(withThousands(1234567.891)).toBe('1,234,567.89');
    expect(withThousands(-1000)).toBe('-1,000');
    expect(withThousands(12.5, 1)).toBe('12.5');
  });
});

describe('spec §9 time', () => {
  const now = 1_700_000_000_000;
  it('treats 10-digit timestamps as seconds', () => {
    expect(toMillis(1_700_000_000)).toBe(now);
    expect(toMillis(now)).toBe(now);
  });
  it('words time-ago in the five steps', () => {
    expect(timeAgo(now - 29_000, now)).toEqual({ unit: 'justNow', count: 0 });
    expect(timeAgo(now - 5 * 60_000, now)).toEqual({ unit: 'minutes', count: 5 });
    expect(timeAgo(now - 3 * 3600_000, now)).toEqual({ unit: 'hours', count: 3 });
    expect(timeAgo(now - 30 * 3600_000, now)).toEqual({ unit: 'oneDay', count: 1 });
    expect(timeAgo(now - 50 * 3600_000, now)).toEqual({ unit: 'date', count: 0 });
  });
  it('starts a shortcut range at the start of the day', () => {
    const [from, to] = shortcutRange(6, now);
    expect(to).toBe(now);
    expect(new Date(from).getHours()).toBe(0);
    expect(Math.round((now - from) / 86_400_000)).toBeGreaterThanOrEqual(6);
  });
});
