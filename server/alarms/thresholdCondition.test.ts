import { describe, expect, it } from 'vitest';
import { freshCondition, stepCondition, type ThresholdLimits } from './thresholdCondition';

const rule: ThresholdLimits = { over: 500, under: 100, durationS: 60, hysteresis: 20 };
const run = (limits: ThresholdLimits, samples: [number, number][]) => {
  const state = freshCondition();
  return samples.map(([ts, value]) => stepCondition(state, limits, ts, value).kind);
};

describe('threshold condition', () => {
  it('raises once the value stayed over the limit for the duration', () => {
    expect(
      run(rule, [
        [0, 510],
        [30_000, 520],
        [60_000, 505],
        [90_000, 530],
      ]),
    ).toEqual(['none', 'none', 'raise', 'none']);
  });

  it('a dip inside the limit restarts the duration', () => {
    expect(
      run(rule, [
        [0, 510],
        [30_000, 490],
        [60_000, 510],
        [119_000, 510],
        [120_000, 510],
      ]),
    ).toEqual(['none', 'none', 'none', 'none', 'raise']);
  });

  it('ends only when back inside by the hysteresis', () => {
    const zero = { ...rule, durationS: 0 };
    // 490 and 481 are inside but by less than 20; 480 is 500 − 20.
    expect(
      run(zero, [
        [0, 501],
        [1, 490],
        [2, 481],
        [3, 480],
        [4, 501],
      ]),
    ).toEqual(['raise', 'none', 'none', 'end', 'raise']);
  });

  it('under limits mirror the over side', () => {
    const zero = { ...rule, durationS: 0 };
    expect(
      run(zero, [
        [0, 99],
        [1, 119],
        [2, 120],
      ]),
    ).toEqual(['raise', 'none', 'end']);
    const state = freshCondition();
    expect(stepCondition(state, zero, 0, 50)).toEqual({ kind: 'raise', side: 'under', limit: 100 });
  });

  it('ignores samples older than the last one evaluated', () => {
    expect(
      run({ ...rule, durationS: 0 }, [
        [10, 200],
        [5, 900],
        [10, 900],
        [11, 900],
      ]),
    ).toEqual(['none', 'none', 'none', 'raise']);
  });
});
