import { describe, expect, it } from 'vitest';
import { INTERVAL_MS, spreadEnergy } from './spreadEnergy';

const Q = INTERVAL_MS;

describe('spreadEnergy', () => {
  it('keeps a step inside one interval whole', () => {
    expect(spreadEnergy(Q + 60_000, Q + 120_000, 3)).toEqual([{ start: Q, energy: 3 }]);
  });

  it('spreads a 2-hour gap evenly over its eight intervals', () => {
    const parts = spreadEnergy(0, 8 * Q, 80);
    expect(parts.map((p) => p.start)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => i * Q));
    expect(parts.every((p) => Math.abs(p.energy - 10) < 1e-9)).toBe(true);
  });

  it('splits by time overlap when the ends fall mid-interval, and the parts add up exactly', () => {
    // 10 min in the first interval, 15 in the second, 5 in the third: 30 min carrying 6 kWh.
    const parts = spreadEnergy(5 * 60_000, 35 * 60_000, 6);
    expect(parts.map((p) => [p.start, Number(p.energy.toFixed(9))])).toEqual([
      [0, 2],
      [Q, 3],
      [2 * Q, 1],
    ]);
    expect(parts.reduce((sum, p) => sum + p.energy, 0)).toBe(6);
  });

  it('refuses an empty or backwards span', () => {
    expect(() => spreadEnergy(10, 10, 1)).toThrow(RangeError);
  });
});
