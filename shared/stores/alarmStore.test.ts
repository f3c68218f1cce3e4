import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import { AlarmStore, EMPTY_ALARM_COUNTS } from './alarmStore';

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
