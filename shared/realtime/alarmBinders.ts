import { OPEN_ALARMS_CHANNEL } from '../board/channels';
import { ALARM_COUNTS_CHANNEL, ALARM_EVENTS_CHANNEL, type AlarmRecord, type AlarmTotalCount } from '../schemas/alarms';
import type { AlarmStore } from '../stores/alarmStore';
import type { ChannelSource } from './realtimeClient';

/** Keeps the store's open-alarm counts (menu badges, home, wall counters) on the `alarms:counts` channel; returns the disposer. */
export function bindAlarmCounts(channels: ChannelSource, alarms: Pick<AlarmStore, 'setCounts'>): () => void {
  return channels.subscribe<AlarmTotalCount>(ALARM_COUNTS_CHANNEL, (counts) => alarms.setCounts(counts));
}

/** Feeds raised and changed records (including the ones missed while disconnected) into the store's recent list. */
export function bindNewAlarms(channels: ChannelSource, alarms: Pick<AlarmStore, 'receiveAlarm'>): () => void {
  return channels.subscribe<AlarmRecord>(ALARM_EVENTS_CHANNEL, (record) => alarms.receiveAlarm(record));
}

/**
 * Keeps the store's open list on `alarms:open`: an array is the whole list of the user's tree (the snapshot
 * on subscribe and after every reconnect) and replaces it; a single record is a change folded in.
 */
export function bindOpenAlarms(channels: ChannelSource, alarms: Pick<AlarmStore, 'replaceOpen' | 'receiveOpen'>): () => void {
  return channels.subscribe<AlarmRecord[] | AlarmRecord>(OPEN_ALARMS_CHANNEL, (data) => {
    if (Array.isArray(data)) alarms.replaceOpen(data);
    else alarms.receiveOpen(data);
  });
}

/** All three alarm channels into one store: what a console session and a wall both start; returns one disposer. */
export function bindAlarmStore(channels: ChannelSource, alarms: AlarmStore): () => void {
  const unbind = [bindAlarmCounts(channels, alarms), bindOpenAlarms(channels, alarms), bindNewAlarms(channels, alarms)];
  return () => {
    for (const dispose of unbind) dispose();
  };
}
