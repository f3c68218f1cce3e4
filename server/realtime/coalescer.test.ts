import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer } from './coalescer';

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

describe('Coalescer', () => {
  it('flushes a quiet key at once and folds a burst within 250 ms into one trailing flush', () => {
    const flushed: [string, number][] = [];
    const coalescer = new Coalescer(250, (key) => flushed.push([key, Date.now()]));
    coalescer.touch('alarms:counts#all');
    vi.advanceTimersByTime(0);
    expect(flushed).toEqual([['alarms:counts#all', 0]]);
    for (let ms = 10; ms <= 200; ms += 10) {
      vi.advanceTimersByTime(10);
      coalescer.touch('alarms:counts#all');
    }
    vi.advanceTimersByTime(1_000);
    expect(flushed).toEqual([
      ['alarms:counts#all', 0],
      ['alarms:counts#all', 250],
    ]);
  });

  it('keeps keys apart, and forgets a released key', () => {
    const flushed: string[] = [];
    const coalescer = new Coalescer(250, (key) => flushed.push(key));
    coalescer.touch('meter:1:latest');
    coalescer.touch('meter:2:latest');
    coalescer.touch('meter:1:latest');
    coalescer.forget('meter:2:latest');
    vi.advanceTimersByTime(0);
    expect(flushed).toEqual(['meter:1:latest']);
    coalescer.touch('meter:1:latest');
    coalescer.close();
    vi.advanceTimersByTime(1_000);
    expect(flushed).toEqual(['meter:1:latest']);
  });
});
