import { describe, expect, it } from 'vitest';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { ChartUpdateQueue } from './chartUpdateQueue';

/** A chart that records what it was given and costs `costMs` of the fake clock per update. */
function fakeChart(name: string, log: string[], clock: { t: number }, costMs = 3, disposed = false) {
  return {
    isDisposed: () => disposed,
    setOption: (option: EChartsCoreOption) => {
      clock.t += costMs;
      log.push(`${name}:${String((option as { v: number }).v)}`);
    },
    getZr: () => ({ flush: () => log.push(`${name}:paint`) }),
  } as unknown as EChartsType;
}

describe('ChartUpdateQueue', () => {
  it('spends at most the frame budget per frame and finishes the rest in the next frames', () => {
    const frames: (() => void)[] = [];
    const clock = { t: 0 };
    const log: string[] = [];
    const queue = new ChartUpdateQueue(
      (run) => frames.push(run),
      () => clock.t,
      8,
    );
    const charts = ['a', 'b', 'c', 'd', 'e'].map((name) => fakeChart(name, log, clock));
    charts.forEach((chart, index) => queue.push(chart, { v: index }));
    expect(frames).toHaveLength(1);
    frames.shift()!();
    // 3 ms each: a, b, c fit before 8 ms is reached (the third one crosses it), d and e wait.
    expect(log).toEqual(['a:0', 'a:paint', 'b:1', 'b:paint', 'c:2', 'c:paint']);
    expect(queue.size).toBe(2);
    frames.shift()!();
    expect(log.slice(6)).toEqual(['d:3', 'd:paint', 'e:4', 'e:paint']);
    expect(frames).toHaveLength(0);
  });

  it('keeps only the newest option of a chart updated twice before its turn, and skips disposed charts', () => {
    const frames: (() => void)[] = [];
    const clock = { t: 0 };
    const log: string[] = [];
    const queue = new ChartUpdateQueue(
      (run) => frames.push(run),
      () => clock.t,
      8,
    );
    const live = fakeChart('live', log, clock);
    const gone = fakeChart('gone', log, clock, 3, true);
    const forgotten = fakeChart('forgotten', log, clock);
    queue.push(live, { v: 1 });
    queue.push(gone, { v: 1 });
    queue.push(forgotten, { v: 1 });
    queue.push(live, { v: 2 });
    queue.forget(forgotten);
    frames.shift()!();
    expect(log).toEqual(['live:2', 'live:paint']);
    expect(frames).toHaveLength(0);
  });
});
