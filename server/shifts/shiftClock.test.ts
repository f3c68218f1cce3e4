import { describe, expect, it } from 'vitest';
import { localDay, shiftMinutes, shiftWindow, wallTime } from './shiftClock';

const iso = (instant: number) => new Date(instant).toISOString();

describe('shift windows on the wall clock', () => {
  it('puts a night shift on the day it starts, ending the next morning', () => {
    // Shanghai is UTC+8 all year: 3 March 22:00 local = 14:00Z, 4 March 06:00 local = 3 March 22:00Z.
    const night = shiftWindow('2026-03-03', '22:00', '06:00', 'Asia/Shanghai');
    expect(iso(night.from)).toBe('2026-03-03T14:00:00.000Z');
    expect(iso(night.to)).toBe('2026-03-03T22:00:00.000Z');
    expect(shiftMinutes('22:00', '06:00')).toBe(480);
    const day = shiftWindow('2026-03-03', '08:00', '16:00', 'Asia/Shanghai');
    expect(iso(day.from)).toBe('2026-03-03T00:00:00.000Z');
    expect(iso(day.to)).toBe('2026-03-03T08:00:00.000Z');
    // Equal start and end: a 24-hour shift.
    expect(shiftMinutes('06:00', '06:00')).toBe(1440);
  });

  it('is one hour shorter over the spring change and one longer over the autumn change (Berlin)', () => {
    // 29 March 2026: 02:00 CET jumps to 03:00 CEST. 28 March 22:00 CET = 21:00Z; 29 March 06:00 CEST = 04:00Z: 7 hours.
    const spring = shiftWindow('2026-03-28', '22:00', '06:00', 'Europe/Berlin');
    expect(iso(spring.from)).toBe('2026-03-28T21:00:00.000Z');
    expect(iso(spring.to)).toBe('2026-03-29T04:00:00.000Z');
    // 25 October 2026: 03:00 CEST falls back to 02:00 CET. 24 Oct 22:00 CEST = 20:00Z; 25 Oct 06:00 CET = 05:00Z: 9 hours.
    const autumn = shiftWindow('2026-10-24', '22:00', '06:00', 'Europe/Berlin');
    expect((autumn.to - autumn.from) / 3_600_000).toBe(9);
    // 02:30 happens twice on 25 October: the first one (CEST, 00:30Z).
    expect(iso(wallTime('2026-10-25', 150, 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z');
    // 02:30 does not happen on 29 March: read with the offset before the jump (01:30Z = 03:30 CEST).
    expect(iso(wallTime('2026-03-29', 150, 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z');
    expect(localDay(Date.parse('2026-03-28T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
  });
});
