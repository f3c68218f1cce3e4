import { ALARM_COUNTS_CHANNEL } from '@shared/schemas/alarms';
import { ALARM_COUNTS_COALESCE_MS } from '@shared/realtime/protocol';
import { Coalescer } from './coalescer';
import { scopedRoom, type ChannelProvider, type ChannelPublisher, type RoomScope } from './channelProvider';
import { listenToAlarms, type AlarmEventSource, type CountOpenAlarms } from './alarmSource';

/**
 * `alarms:counts`: the open-alarm counts of the user's tree. Any raised or changed alarm marks every
 * counts room dirty; each room recounts at most once per 100 ms, however many alarms arrive.
 */
export function alarmCountsChannel(events: AlarmEventSource, count: CountOpenAlarms, onError: (error: unknown) => void): ChannelProvider {
  let coalescer: Coalescer | undefined;
  const provider: ChannelProvider = {
    name: ALARM_COUNTS_CHANNEL,
    matches: (channel) => channel === ALARM_COUNTS_CHANNEL,
    join: async ({ channel, auth }) => scopedRoom(channel, auth),
    snapshot: async (_subscription, scope: RoomScope) => ({ messages: [await count(scope.userId)] }),
    start(publisher: ChannelPublisher) {
      const recount = (room: string) => {
        const active = publisher.activeRooms(provider).find((candidate) => candidate.room === room);
        if (!active) return;
        count(active.scope.userId).then((counts) => publisher.publish(room, ALARM_COUNTS_CHANNEL, counts), onError);
      };
      const rooms = new Coalescer(ALARM_COUNTS_COALESCE_MS, recount);
      coalescer = rooms;
      const stopListening = listenToAlarms(events, () => {
        for (const { room } of publisher.activeRooms(provider)) rooms.touch(room);
      });
      return () => {
        stopListening();
        rooms.close();
      };
    },
    released: (room) => coalescer?.forget(room),
  };
  return provider;
}
