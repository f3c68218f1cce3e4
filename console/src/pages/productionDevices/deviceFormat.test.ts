import { describe, expect, it } from 'vitest';
import { clockOf, figureText, segmentBox } from './deviceFormat';

const start = Date.parse('2026-03-01T16:00:00Z');
const H = 3_600_000;

describe('device screen formatting', () => {
  it('reads times from the day’s start and places segments in % of the day', () => {
    expect(clockOf(start + 6.25 * H, start)).toBe('06:15');
    expect(clockOf(start + 24 * H, start)).toBe('24:00');
    // 06:00–08:00 of a 24-hour day: from 25 % over 8.333 %
    const box = segmentBox({ from: start + 6 * H, to: start + 8 * H }, start, start + 24 * H);
    expect(box.left).toBe(25);
    expect(box.width).toBeCloseTo(100 / 12, 12);
  });

  it('shows figures with their decimals and separators', () => {
    expect(figureText(1234.5)).toBe('1,234.5');
    expect(figureText(62.75, 2)).toBe('62.75');
  });
});
