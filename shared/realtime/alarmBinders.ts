import { ALARM_COUNTS_CHANNEL, ALARM_EVENTS_CHANNEL, type AlarmRecord, type AlarmTotalCount } from '../schemas/alarms';
import type { AlarmStore } from '../stores/alarmStore';
import type { ChannelSource } from './realtimeClient';

/** Keeps the store's open-alarm counts (menu badges, home) on the `alarms:counts` channel; returns the disposer. */
export function bindAlarmCounts(channels: ChannelSource, alarms: Pick<AlarmStore, 'setCounts'>): () => void {
  return channels.subscribe<AlarmTotalCount>(ALARM_COUNTS_CHANNEL, (counts) => alarms.setCounts(counts));
}

/** Feeds raised and changed records (including the ones missed while disconnected) into the store's recent list. */
export function bindNewAlarms(channels: ChannelSource, alarms: Pick<AlarmStore, 'receiveAlarm'>): () => void {
  return channels.subscribe<AlarmRecord>(ALARM_EVENTS_CHANNEL, (record) => alarms.receiveAlarm(record));
}
