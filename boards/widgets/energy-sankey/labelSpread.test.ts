import { describe, expect, it } from 'vitest';
import { fitColumn, spreadLabels } from './labelSpread';

describe('spreadLabels', () => {
  it('keeps labels a line apart or more where they are', () => {
    expect(spreadLabels([10, 40, 70], 0, 100, 15)).toEqual([10, 40, 70]);
  });

  it('pushes crowded labels down a line each, then back up from the bottom edge', () => {
    expect(spreadLabels([50, 52, 53], 0, 100, 15)).toEqual([50, 65, 80]);
    // 90, 105, 120 would leave [0, 100]: the last stops at 100 and the others follow it up.
    expect(spreadLabels([90, 91, 92], 0, 100, 15)).toEqual([70, 85, 100]);
  });

  it('gives up when the column cannot hold them all', () => {
    expect(spreadLabels([10, 20, 30], 0, 20, 15)).toBeNull();
  });
});

describe('fitColumn', () => {
  it('drops the smallest nodes first until the rest fit, keeping the others in their order', () => {
    const items = [
      { ideal: 10, value: 5 },
      { ideal: 12, value: 1 },
      { ideal: 14, value: 9 },
    ];
    // Two lines of 15 fit in [0, 20]; three do not: the node of value 1 goes.
    expect(fitColumn(items, 0, 20, 15)).toEqual({ kept: [0, 2], centres: [5, 20] });
    expect(fitColumn(items, 0, 100, 15)).toEqual({ kept: [0, 1, 2], centres: [10, 25, 40] });
  });
});
