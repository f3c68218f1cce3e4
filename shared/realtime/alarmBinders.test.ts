import { describe, expect, it } from 'vitest';
import type { AlarmRecord } from '../schemas/alarms';
import { AlarmStore } from '../stores/alarmStore';
import { bindAlarmCounts, bindAlarmStore, bindNewAlarms, bindOpenAlarms } from './alarmBinders';
import type { ChannelListener, ChannelSource } from './realtimeClient';

/** A channel source whose channels the test feeds by hand. */
function fakeChannels() {
  const listeners = new Map<string, ChannelListener>();
  const source: ChannelSource = {
    subscribe<T>(channel: string, onData: ChannelListener<T>) {
      listeners.set(channel, onData as ChannelListener);
      return () => listeners.delete(channel);
    },
  };
  return { source, push: (channel: string, data: unknown) => listeners.get(channel)?.(data), channels: () => [...listeners.keys()] };
}

describe('alarm binders', () => {
  it('sets the counts from alarms:counts until disposed', () => {
    const fake = fakeChannels();
    const alarms = new AlarmStore();
    const dispose = bindAlarmCounts(fake.source, alarms);
    expect(fake.channels()).toEqual(['alarms:counts']);
    fake.push('alarms:counts', { total: 5, deviceCount: 3, errorCount: 1, troubleCount: 0, offlineCount: 1 });
    expect(alarms.badgeFor('/alerts')).toBe(5);
    expect(alarms.badgeFor('/alerts/devices')).toBe(3);
    dispose();
    expect(fake.channels()).toEqual([]);
  });

  it('adds alarms:new records to the recent list', () => {
    const fake = fakeChannels();
    const alarms = new AlarmStore();
    const dispose = bindNewAlarms(fake.source, alarms);
    fake.push('alarms:new', { id: 12, processingState: 1 } as AlarmRecord);
    fake.push('alarms:new', { id: 12, processingState: 2 } as AlarmRecord);
    expect(alarms.recent.map((r) => [r.id, r.processingState])).toEqual([[12, 2]]);
    expect(alarms.unacknowledged).toEqual([]);
    dispose();
  });

  it('replaces the open list with an alarms:open array and folds a single record in', () => {
    const fake = fakeChannels();
    const alarms = new AlarmStore();
    const dispose = bindOpenAlarms(fake.source, alarms);
    expect(fake.channels()).toEqual(['alarms:open']);
    fake.push('alarms:open', [
      { id: 4, processingState: 2, raisedAt: 40 },
      { id: 3, processingState: 1, raisedAt: 30 },
    ] as AlarmRecord[]);
    fake.push('alarms:open', { id: 5, processingState: 1, raisedAt: 50 } as AlarmRecord);
    fake.push('alarms:open', { id: 3, processingState: 3, raisedAt: 30 } as AlarmRecord);
    expect(alarms.open.map((r) => [r.id, r.processingState])).toEqual([
      [5, 1],
      [4, 2],
    ]);
    // A change on alarms:open touches the open list only; alarms:new feeds the recent list.
    expect(alarms.recent).toEqual([]);
    // After a reconnect the snapshot is the truth: 5 was processed meanwhile.
    fake.push('alarms:open', [{ id: 4, processingState: 2, raisedAt: 40 }] as AlarmRecord[]);
    expect(alarms.open.map((r) => r.id)).toEqual([4]);
    dispose();
    expect(fake.channels()).toEqual([]);
  });

  it('binds the three alarm channels at once and releases them together', () => {
    const fake = fakeChannels();
    const dispose = bindAlarmStore(fake.source, new AlarmStore());
    expect(fake.channels().sort()).toEqual(['alarms:counts', 'alarms:new', 'alarms:open']);
    dispose();
    expect(fake.channels()).toEqual([]);
  });
});
