import type { AlarmRecord } from '@shared/schemas/alarms';
import { ALARM_EVENTS_CHANNEL } from '@shared/schemas/alarms';
import { scopedRoom, type ChannelProvider, type ChannelPublisher } from './channelProvider';
import { listenToAlarms, type AlarmEventSource, type AlarmRecordReader } from './alarmSource';

/** A client away longer than this many alarms gets the newest ones only and should reload its lists. */
export const CATCH_UP_LIMIT = 500;

/** A first subscription (no afterId) starts with at most this many unacknowledged records. */
export const UNACKNOWLEDGED_SNAPSHOT_LIMIT = 50;

/**
 * `alarms:new`: each raised or changed record, as it happens (annunciation needs every one, so these
 * are not coalesced). Subscribing with afterId first sends the records after it that the user may see;
 * subscribing without one first sends the records nobody has acknowledged yet, so a console or wall
 * opened while alarms wait flashes at once.
 */
export function alarmEventsChannel(events: AlarmEventSource, records: AlarmRecordReader, onError: (error: unknown) => void): ChannelProvider {
  const provider: ChannelProvider = {
    name: ALARM_EVENTS_CHANNEL,
    matches: (channel) => channel === ALARM_EVENTS_CHANNEL,
    join: async ({ channel, auth }) => scopedRoom(channel, auth),
    async snapshot({ afterId }, scope) {
      const [missed, newest] = await Promise.all([
        afterId === undefined ? records.unacknowledged(scope.userId, UNACKNOWLEDGED_SNAPSHOT_LIMIT) : records.after(afterId, scope.userId, CATCH_UP_LIMIT),
        records.newestId(),
      ]);
      return { messages: missed, cursor: newest };
    },
    start(publisher: ChannelPublisher) {
      const deliver = async (record: AlarmRecord) => {
        for (const { room, scope } of publisher.activeRooms(provider)) {
          if (scope.userId === null || (await records.visibleTo(record, scope.userId))) publisher.publish(room, ALARM_EVENTS_CHANNEL, record);
        }
      };
      return listenToAlarms(events, (record) => void deliver(record).catch(onError));
    },
  };
  return provider;
}
