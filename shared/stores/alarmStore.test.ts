import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import type { AlarmRecord } from '../schemas/alarms';
import { AlarmStore, EMPTY_ALARM_COUNTS, RECENT_ALARMS_LIMIT } from './alarmStore';

const counts = { total: 9, deviceCount: 4, errorCount: 3, troubleCount: 1, offlineCount: 1 };

describe('AlarmStore', () => {
  it('starts with every count at 0', () => {
    const alarms = new AlarmStore();
    expect(alarms.counts).toEqual(EMPTY_ALARM_COUNTS);
    expect(alarms.badgeFor('/alerts')).toBe(0);
  });

  it('maps each alerts menu path to its count', () => {
    const alarms = new AlarmStore();
    alarms.setCounts(counts);
    expect(alarms.badgeFor('/alerts')).toBe(9);
    expect(alarms.badgeFor('/alerts/devices')).toBe(4);
    expect(alarms.badgeFor('/alerts/error')).toBe(3);
    expect(alarms.badgeFor('/alerts/trouble')).toBe(1);
    expect(alarms.badgeFor('/alerts/offline')).toBe(1);
  });

  it('gives 0 for entries without a count', () => {
    const alarms = new AlarmStore();
    alarms.setCounts(counts);
    expect(alarms.badgeFor('/alerts/batch')).toBe(0);
    expect(alarms.badgeFor('/dashboard')).toBe(0);
  });

  it('notifies observers of badges and keeps its own copy of the counts', () => {
    const alarms = new AlarmStore();
    const seen: number[] = [];
    const stop = autorun(() => seen.push(alarms.badgeFor('/alerts/error')));
    const given = { ...counts };
    alarms.setCounts(given);
    given.errorCount = 100;
    stop();
    expect(seen).toEqual([0, 3]);
    expect(alarms.counts.errorCount).toBe(3);
  });
});

const record = (id: number, processingState: AlarmRecord['processingState'] = 1): AlarmRecord => ({
  id,
  kind: 'device',
  severity: 'high',
  processingState,
  subject: { type: 'meter', id: 11, code: 'M011', name: 'Line 1 press' },
  ruleId: 3,
  metric: 'kw',
  value: 512.3,
  limit: 500,
  message: 'kw 512.3 over 500 for 60 s',
  raisedAt: 1_700_000_000_000 + id,
  endedAt: null,
  repeatCount: 0,
  lastRepeatAt: null,
  acknowledgedBy: null,
  acknowledgedAt: null,
  processedBy: null,
  processedAt: null,
  note: null,
});

describe('AlarmStore recent alarms', () => {
  it('keeps raised records newest first, one per id, and counts the unacknowledged ones', () => {
    const alarms = new AlarmStore();
    alarms.receiveAlarm(record(7));
    alarms.receiveAlarm(record(9));
    alarms.receiveAlarm(record(8));
    expect(alarms.recent.map((r) => r.id)).toEqual([9, 8, 7]);
    expect(alarms.unacknowledged.map((r) => r.id)).toEqual([9, 8, 7]);

    alarms.receiveAlarm({ ...record(8, 2), acknowledgedBy: 'op' });
    expect(alarms.recent.map((r) => [r.id, r.processingState])).toEqual([
      [9, 1],
      [8, 2],
      [7, 1],
    ]);
    expect(alarms.unacknowledged.map((r) => r.id)).toEqual([9, 7]);
  });

  it('keeps at most 50 records, dropping the oldest', () => {
    const alarms = new AlarmStore();
    for (let id = 1; id <= 60; id++) alarms.receiveAlarm(record(id));
    expect(alarms.recent).toHaveLength(RECENT_ALARMS_LIMIT);
    expect(alarms.recent[0]!.id).toBe(60);
    expect(alarms.recent[49]!.id).toBe(11);
    // A late change of a record that fell off the list does not bring it back above newer ones.
    alarms.receiveAlarm(record(3, 3));
    expect(alarms.recent.map((r) => r.id)).not.toContain(3);
    expect(alarms.recent).toHaveLength(50);
  });

  it('notifies observers of the unacknowledged list and forgets everything on reset', () => {
    const alarms = new AlarmStore();
    const seen: number[] = [];
    const stop = autorun(() => seen.push(alarms.unacknowledged.length));
    alarms.receiveAlarm(record(1));
    alarms.receiveAlarm(record(2));
    alarms.receiveAlarm(record(1, 3));
    alarms.setCounts(counts);
    alarms.reset();
    stop();
    expect(seen).toEqual([0, 1, 2, 1, 0]);
    expect(alarms.counts).toEqual(EMPTY_ALARM_COUNTS);
    expect(alarms.recent).toEqual([]);
  });
});
