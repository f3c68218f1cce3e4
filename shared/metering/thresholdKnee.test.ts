import { describe, expect, it } from 'vitest';
import { thresholdKnee } from './thresholdKnee';

/** 1, 2, …, count: neighbours grow by less than 5 % above 20, so no jump among them. */
const ramp = (count: number): number[] => Array.from({ length: count }, (_, i) => i + 1);

describe('threshold knee (spec §9)', () => {
  it('needs more than 20 non-zero values', () => {
    expect(thresholdKnee([...ramp(20), 0, 0, 0])).toEqual({ knee: null, sampleSize: 20 });
    expect(thresholdKnee([])).toEqual({ knee: null, sampleSize: 0 });
  });

  it('without a jump the knee is the maximum', () => {
    // 40 values 1..40: step 1 compares 40 with 39 × 1.5 = 58.5, step 10 compares 31 with 30 × 1.05 = 31.5.
    expect(thresholdKnee(ramp(40).reverse())).toEqual({ knee: 40, sampleSize: 40 });
  });

  it('one peak 50 % above its neighbour is discarded at the first step', () => {
    // 30 > 29 × 1.5 = 43.5? no; 44 > 43.5 yes.
    expect(thresholdKnee([...ramp(29), 44]).knee).toBe(29);
    expect(thresholdKnee([...ramp(29), 43.5]).knee).toBe(43.5);
  });

  it('three peaks: the third step needs more than 1 + 0.5/3', () => {
    // sorted: 1..30, 35, 36, 37. Step 1: 37 vs 36 × 1.5; step 2: 36 vs 35 × 1.25; step 3: 35 > 30 × 1.1667 = 35.0 → no (equal is not over).
    expect(thresholdKnee([...ramp(30), 35, 36, 37]).knee).toBe(37);
    // 35.1 > 35.0: the knee is 30.
    expect(thresholdKnee([...ramp(30), 35.1, 36, 37]).knee).toBe(30);
  });

  it('ignores zeros and non-finite values, and sorts first', () => {
    const values = [0, 0, Number.NaN, ...ramp(25).reverse(), 0, 100];
    // 26 non-zero values; 100 > 25 × 1.5 at step 1.
    expect(thresholdKnee(values)).toEqual({ knee: 25, sampleSize: 26 });
  });

  it('never discards more than 10 peaks', () => {
    // 30 body values 1..30, then 11 peaks each +1 % over the previous one, the lowest far above 30.
    const peaks = Array.from({ length: 11 }, (_, i) => 100 * 1.01 ** i);
    // Steps 1..10 compare neighbours inside the peaks (+1 % < +5 %); the jump 100 vs 30 would be step 11.
    expect(thresholdKnee([...ramp(30), ...peaks]).knee).toBeCloseTo(100 * 1.01 ** 10, 9);
  });

  it('stops 20 from the end: a neighbour below index 20 is never compared', () => {
    // 22 values: 1..21 and 1000. Step 1 compares index 21 with 20 → jump, knee 21.
    expect(thresholdKnee([...ramp(21), 1000]).knee).toBe(21);
    // 21 values 1..20 and 1000: step 1 would compare with index 19 (< 20): not looked at, knee is the maximum.
    expect(thresholdKnee([...ramp(20), 1000]).knee).toBe(1000);
  });
});
