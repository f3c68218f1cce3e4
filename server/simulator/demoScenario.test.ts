import { describe, expect, it } from 'vitest';
import { activeAt, occurrencesIn, scenarioAt, scenarioTiming, windowsBetween } from './demoScenario';

const MIN = 60_000;
const HOUR = 60 * MIN;
const origin = Date.UTC(2026, 10, 2, 9, 17, 23);
const timing = scenarioTiming(2);

describe('demo scenario schedule', () => {
  it('makes every silence outlast the offline intervals by ten minutes', () => {
    expect(timing.dropout.lastsMs).toBe(40 * MIN); // 2 × 15 + 10
    expect(timing.gatewaySilence.lastsMs).toBe(40 * MIN);
    expect(scenarioTiming(4).dropout.lastsMs).toBe(70 * MIN);
  });

  it('overloads the compressor from 30 s to 5 min 30 s of every hour after the origin, also before it', () => {
    const at = (ms: number) => scenarioAt(timing, origin, origin + ms).overload;
    expect(at(0)).toBe(false);
    expect(at(29_999)).toBe(false);
    expect(at(30_000)).toBe(true);
    expect(at(5 * MIN + 29_999)).toBe(true);
    expect(at(5 * MIN + 30_000)).toBe(false);
    expect(at(HOUR + 30_000)).toBe(true);
    expect(at(-HOUR + 31_000)).toBe(true);
    expect(at(-HOUR + 29_000)).toBe(false);
  });

  it('drops the meter out from minute 5 to minute 45, every 8 hours', () => {
    const at = (ms: number) => scenarioAt(timing, origin, origin + ms).dropout;
    expect([at(5 * MIN - 1), at(5 * MIN), at(45 * MIN - 1), at(45 * MIN)]).toEqual([false, true, true, false]);
    expect([at(8 * HOUR + 5 * MIN), at(16 * HOUR + 44 * MIN), at(-8 * HOUR + 4 * MIN)]).toEqual([true, true, false]);
  });

  it('silences the gateway from hour 3 for 40 minutes, every other day', () => {
    const at = (ms: number) => scenarioAt(timing, origin, origin + ms).gatewaySilent;
    expect([at(3 * HOUR - 1), at(3 * HOUR), at(3 * HOUR + 39 * MIN), at(3 * HOUR + 40 * MIN)]).toEqual([false, true, true, false]);
    expect([at(27 * HOUR + 10 * MIN), at(51 * HOUR + 10 * MIN)]).toEqual([false, true]);
  });

  it('lands one register jump a day on the reading at or after minute 10', () => {
    expect(occurrencesIn(timing.glitch, origin, origin + 9 * MIN, origin + 10 * MIN)).toBe(1);
    expect(occurrencesIn(timing.glitch, origin, origin + 10 * MIN, origin + 11 * MIN)).toBe(0);
    expect(occurrencesIn(timing.glitch, origin, origin, origin + 48 * HOUR)).toBe(2);
    // A restart after three days' downtime: the next reading carries all three jumps.
    expect(occurrencesIn(timing.glitch, origin, origin - 72 * HOUR, origin)).toBe(3);
    expect(occurrencesIn(timing.glitch, origin, origin + MIN, origin + MIN)).toBe(0);
  });

  it('lists the windows that start in a span, oldest first', () => {
    expect(windowsBetween(timing.overload, origin, origin - 3 * HOUR, origin)).toEqual(
      [3, 2, 1].map((h) => ({ start: origin - h * HOUR + 30_000, end: origin - h * HOUR + 30_000 + 5 * MIN })),
    );
    expect(windowsBetween(timing.dropout, origin, origin, origin + 5 * MIN)).toEqual([]);
    expect(windowsBetween(timing.dropout, origin, origin, origin + 5 * MIN + 1)).toEqual([{ start: origin + 5 * MIN, end: origin + 45 * MIN }]);
  });

  it('starts the first overload within a minute of the start at any publish interval up to 10 s', () => {
    for (const interval of [500, 1_000, 2_000, 3_000, 7_000, 10_000]) {
      let tick = interval;
      while (!activeAt(timing.overload, origin, origin + tick)) tick += interval;
      expect(tick, `interval ${interval} ms`).toBeLessThanOrEqual(30_000 + interval);
      expect(tick).toBeLessThanOrEqual(40_000);
    }
  });
});
