import { describe, expect, it } from 'vitest';
import { alarmRecord } from './alarmRecord.test-util';
import { ToneDecider } from './toneDecider';

const timing = { minGapMs: 1_000, repeatMs: 10_000 };

describe('ToneDecider', () => {
  it('sounds once for an alarm that arrives live, not again while nothing new comes', () => {
    const decider = new ToneDecider([], timing);
    const live = [alarmRecord(5)];
    expect(decider.next(live, 1_000, false)).toBe(true);
    expect(decider.next(live, 3_000, false)).toBe(false);
    expect(decider.next(live, 60_000, false)).toBe(false); // medium: no repeats
  });

  it('stays silent for the records present at start and for ignored ones', () => {
    const snapshot = [alarmRecord(1, { severity: 'critical' }), alarmRecord(2)];
    const decider = new ToneDecider(snapshot, timing);
    expect(decider.next(snapshot, 1_000, false)).toBe(false);
    decider.ignore([alarmRecord(3)]);
    expect(decider.next([alarmRecord(3), ...snapshot], 2_000, false)).toBe(false);
    // A pre-existing critical alarm flashes but does not repeat either.
    expect(decider.next(snapshot, 30_000, false)).toBe(false);
    expect(decider.next([alarmRecord(4), ...snapshot], 31_000, false)).toBe(true);
  });

  it('makes one tone of a flood: alarms within a second of a tone share it', () => {
    const decider = new ToneDecider([], timing);
    const flood: ReturnType<typeof alarmRecord>[] = [];
    const tones: boolean[] = [];
    for (let id = 1; id <= 20; id++) {
      flood.unshift(alarmRecord(id));
      tones.push(decider.next(flood, 5_000 + id * 10, false));
    }
    expect(tones.filter(Boolean)).toHaveLength(1);
    expect(tones[0]).toBe(true);
    expect(decider.next([alarmRecord(21), ...flood], 6_500, false)).toBe(true);
  });

  it('does not sound for a record that first shows up already acknowledged', () => {
    const decider = new ToneDecider([], timing);
    expect(decider.next([alarmRecord(8, { processingState: 2 })], 1_000, false)).toBe(false);
  });

  it('mute silences new alarms for good: unmuting does not replay them', () => {
    const decider = new ToneDecider([], timing);
    expect(decider.next([alarmRecord(1)], 1_000, true)).toBe(false);
    expect(decider.next([alarmRecord(1)], 5_000, false)).toBe(false);
    expect(decider.next([alarmRecord(2), alarmRecord(1)], 6_000, false)).toBe(true);
  });

  it('repeats every 10 s while a live high or critical alarm is unacknowledged, and stops after', () => {
    const decider = new ToneDecider([], timing);
    const high = [alarmRecord(1, { severity: 'high' })];
    expect(decider.next(high, 0, false)).toBe(true);
    expect(decider.next(high, 9_999, false)).toBe(false);
    expect(decider.next(high, 10_000, false)).toBe(true);
    expect(decider.next(high, 15_000, false)).toBe(false);
    expect(decider.next(high, 20_000, true)).toBe(false); // muted
    expect(decider.next(high, 21_000, false)).toBe(true);
    expect(decider.next([], 40_000, false)).toBe(false); // acknowledged: gone from the list
    const critical = [alarmRecord(2, { severity: 'critical' })];
    expect(decider.next(critical, 41_000, false)).toBe(true);
    expect(decider.next(critical, 51_000, false)).toBe(true);
  });
});
