import type { AlarmRecord } from '@shared/schemas/alarms';
import { OPEN_ALARMS_CHANNEL } from '@shared/board/channels';
import { MAX_OPEN_ALARMS } from '@shared/realtime/protocol';
import { scopedRoom, type ChannelProvider, type ChannelPublisher } from './channelProvider';
import { listenToAlarms, type AlarmEventSource, type AlarmRecordReader } from './alarmSource';

/**
 * `alarms:open`: the open records (states 1 and 2) of the user's tree. The snapshot is ONE message, the
 * whole list as an array (newest raised first, at most MAX_OPEN_ALARMS), so a wall opened while alarms
 * are acknowledged but not processed lists them at once, and a reconnect replaces the list instead of
 * keeping records closed meanwhile. After it, each raised or changed record as a single object (a record
 * in state 3 or 4 tells the client to drop it). Array = whole list, object = change.
 */
export function openAlarmsChannel(events: AlarmEventSource, records: AlarmRecordReader, onError: (error: unknown) => void): ChannelProvider {
  const provider: ChannelProvider = {
    name: OPEN_ALARMS_CHANNEL,
    matches: (channel) => channel === OPEN_ALARMS_CHANNEL,
    join: async ({ channel, auth }) => scopedRoom(channel, auth),
    snapshot: async (_subscription, scope) => ({ messages: [await records.open(scope.userId, MAX_OPEN_ALARMS)] }),
    start(publisher: ChannelPublisher) {
      const deliver = async (record: AlarmRecord) => {
        for (const { room, scope } of publisher.activeRooms(provider)) {
          if (scope.userId === null || (await records.visibleTo(record, scope.userId))) publisher.publish(room, OPEN_ALARMS_CHANNEL, record);
        }
      };
      return listenToAlarms(events, (record) => void deliver(record).catch(onError));
    },
  };
  return provider;
}
