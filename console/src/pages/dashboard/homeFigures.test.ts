import { describe, expect, it } from 'vitest';
import { formatPercent, hourLabel, orderedTotals, percentChange } from './homeFigures';

const total = (energyType: string) => ({ energyType, unit: 'x', today: 0, yesterday: 0, yesterdaySoFar: 0, month: 0, lastMonth: 0, lastMonthSoFar: 0 });

describe('home figures', () => {
  it('computes the change in percent, and none without a previous figure', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(75, 100)).toBe(-25);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(Number.NaN, 3)).toBeNull();
  });

  it('writes the change with a sign and at most one decimal', () => {
    expect(formatPercent(12.345)).toBe('+12.3 %');
    expect(formatPercent(-4)).toBe('-4 %');
    expect(formatPercent(0.01)).toBe('0 %');
  });

  it('orders electricity, water, gas, then other types by name', () => {
    expect(orderedTotals([total('steam'), total('gas'), total('electricity'), total('air'), total('water')]).map((t) => t.energyType)).toEqual([
      'electricity',
      'water',
      'gas',
      'air',
      'steam',
    ]);
  });

  it("labels hours in the site's time zone, not the browser's", () => {
    const hour = Date.UTC(2026, 0, 15, 6); // 06:00 UTC
    expect(hourLabel(hour, 'UTC')).toBe('06:00');
    expect(hourLabel(hour, 'Asia/Shanghai')).toBe('14:00');
    expect(hourLabel(hour, 'America/New_York')).toBe('01:00');
  });
});
