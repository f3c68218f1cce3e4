import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlannedReload } from './plannedReload';
import { heapTooLarge, Watchdog, type HeapSample } from './watchdog';

describe('watchdog', () => {
  let now = 0;
  let visible = true;
  let heap: HeapSample | null = null;
  let frames: (() => void)[] = [];
  let trips: string[] = [];
  let watchdog: Watchdog;

  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
    visible = true;
    heap = null;
    frames = [];
    trips = [];
    watchdog = new Watchdog({
      heap: () => heap,
      visible: () => visible,
      requestFrame: (callback) => frames.push(callback),
      now: () => now,
      onTrip: (reason) => trips.push(reason),
    });
  });
  afterEach(() => {
    watchdog.dispose();
    vi.useRealTimers();
  });

  const tick = (ms: number, answerFrames: boolean) => {
    for (let elapsed = 0; elapsed < ms; elapsed += 5000) {
      now += 5000;
      vi.advanceTimersByTime(5000);
      if (answerFrames) frames.splice(0).forEach((frame) => frame());
    }
  };

  it('judges the heap against 80 % of its limit and 1.5 GB', () => {
    expect(heapTooLarge(null)).toBe(false);
    expect(heapTooLarge({ usedJSHeapSize: 800, jsHeapSizeLimit: 1000 })).toBe(false);
    expect(heapTooLarge({ usedJSHeapSize: 801, jsHeapSizeLimit: 1000 })).toBe(true);
    expect(heapTooLarge({ usedJSHeapSize: 1.6 * 1024 ** 3, jsHeapSizeLimit: 4 * 1024 ** 3 })).toBe(true);
  });

  it('trips on memory', () => {
    heap = { usedJSHeapSize: 900, jsHeapSizeLimit: 1000 };
    tick(5000, true);
    expect(trips).toEqual(['memory']);
  });

  it('trips when a visible page gets no animation frame for 30 s', () => {
    tick(60_000, true);
    expect(trips).toEqual([]);
    tick(30_000, false);
    expect(trips).toEqual([]);
    tick(5000, false);
    expect(trips).toEqual(['stalled-render']);
  });

  it('does not count time hidden (hidden pages get no frames)', () => {
    visible = false;
    tick(120_000, false);
    visible = true;
    tick(25_000, true);
    expect(trips).toEqual([]);
  });
});

describe('planned reload', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for GET /api/health to answer OK, asking every 5 s', async () => {
    const answers: (() => Promise<{ status: string }>)[] = [
      () => Promise.reject(new Error('down')),
      () => Promise.resolve({ status: 'degraded' }),
      () => Promise.resolve({ status: 'ok' }),
    ];
    let reloads = 0;
    const planned = new PlannedReload({ health: () => answers.shift()!(), reload: () => (reloads += 1) });
    planned.request('version');
    planned.request('memory');
    await vi.advanceTimersByTimeAsync(0);
    expect(reloads).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(reloads).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(reloads).toBe(1);
    expect(planned.reason).toBe('version');
  });
});
