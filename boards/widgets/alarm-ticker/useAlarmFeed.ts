import { reaction } from 'mobx';
import { useEffect } from 'react';
import { ALARM_EVENTS_CHANNEL } from '@shared/schemas/alarms';
import { useChannelReader } from '../../runtime/channelReader';
import type { AlarmFeedList } from './alarmFeedList';

/**
 * Feeds every alarms:new reading into the list: a MobX reaction sees each delta the telemetry store
 * applies (a React effect on the rendered reading would drop records that land between two renders).
 * The reading present at mount is taken too; merging by id makes a repeat harmless.
 */
export function useAlarmFeed(list: AlarmFeedList): void {
  const reader = useChannelReader();
  useEffect(() => {
    list.receive(reader.read(ALARM_EVENTS_CHANNEL)?.value);
    return reaction(
      () => reader.read(ALARM_EVENTS_CHANNEL),
      (reading) => list.receive(reading?.value),
    );
  }, [reader, list]);
}
