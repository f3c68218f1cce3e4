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

describe('AlarmStore open alarms (states 1 and 2, spec §4)', () => {
  const raisedAt = (r: AlarmRecord, at: number): AlarmRecord => ({ ...r, raisedAt: at });

  it('lists a raised alarm, keeps it listed and marked when acknowledged, drops it when processed or cleared', () => {
    let now = 1000;
    const alarms = new AlarmStore({ now: () => now });
    expect(alarms.openReceivedAt).toBeNull();
    alarms.receiveAlarm(record(1));
    alarms.receiveAlarm(record(2));
    expect(alarms.open.map((r) => [r.id, r.processingState])).toEqual([
      [2, 1],
      [1, 1],
    ]);
    expect(alarms.openReceivedAt).toBe(1000);

    now = 2000;
    alarms.receiveAlarm({ ...record(1, 2), acknowledgedBy: 'op' });
    // Still open and listed, now acknowledged: not among what flashes and sounds.
    expect(alarms.open.map((r) => [r.id, r.processingState])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(alarms.unacknowledged.map((r) => r.id)).toEqual([2]);
    expect(alarms.openReceivedAt).toBe(2000);

    alarms.receiveAlarm(record(1, 3));
    alarms.receiveOpen(record(2, 4));
    expect(alarms.open).toEqual([]);
  });

  it('a snapshot replaces the list (closed records leave), newest raised first, open states only', () => {
    const alarms = new AlarmStore({ now: () => 5 });
    alarms.receiveAlarm(record(9));
    alarms.replaceOpen([raisedAt(record(3, 2), 300), record(4, 3), raisedAt(record(5), 500), raisedAt(record(6), 300)]);
    expect(alarms.open.map((r) => r.id)).toEqual([5, 6, 3]);
    expect(alarms.openReceivedAt).toBe(5);
  });

  it('keeps at most maxOpen records, the newest; the counts say how many more are open', () => {
    const alarms = new AlarmStore({ maxOpen: 3 });
    for (let id = 1; id <= 5; id++) alarms.receiveAlarm(record(id));
    expect(alarms.open.map((r) => r.id)).toEqual([5, 4, 3]);
    alarms.setCounts({ total: 5, deviceCount: 5, errorCount: 0, troubleCount: 0, offlineCount: 0 });
    expect(alarms.moreOpen).toBe(2);
    // A late change of a record below the cap does not push a newer one out.
    alarms.receiveAlarm(record(1, 2));
    expect(alarms.open.map((r) => r.id)).toEqual([5, 4, 3]);
    // A complete list against counts that lag behind never shows a negative "more".
    alarms.setCounts({ total: 1, deviceCount: 1, errorCount: 0, troubleCount: 0, offlineCount: 0 });
    expect(alarms.moreOpen).toBe(0);
  });

  it('caps at MAX_OPEN_ALARMS (200) by default', () => {
    const alarms = new AlarmStore();
    alarms.replaceOpen(Array.from({ length: 250 }, (_, i) => record(i + 1)));
    expect(alarms.open).toHaveLength(200);
    expect(alarms.open[0]!.id).toBe(250);
    expect(alarms.open[199]!.id).toBe(51);
  });

  it('reset forgets the open list and that anything ever arrived', () => {
    const alarms = new AlarmStore();
    alarms.replaceOpen([record(1)]);
    alarms.setCounts(counts);
    alarms.reset();
    expect(alarms.open).toEqual([]);
    expect(alarms.openReceivedAt).toBeNull();
    expect(alarms.countsReceivedAt).toBeNull();
  });
});
