import type { Kysely } from 'kysely';
import { COALESCE_MS, type MeterLatestValues } from '@shared/realtime/protocol';
import { meterLatestChannel } from '@shared/schemas/alarms';
import type { Database } from '../db/schema';
import { Coalescer } from './coalescer';
import type { ChannelProvider, ChannelPublisher } from './channelProvider';
import { assertMayWatchMeter } from './meterViewers';
import type { LatestValuesFeed } from './latestValuesFeed';

const METER_CHANNEL = /^meter:([1-9]\d{0,9}):latest$/;

/** meter_state.latest holds `{ code: [value, ts] }`; null before the meter's first reading. */
export async function readMeterLatest(db: Kysely<Database>, meterId: number): Promise<MeterLatestValues | null> {
  const row = await db.selectFrom('meter_state').select(['latest_ts', 'latest']).where('meter_id', '=', meterId).executeTakeFirst();
  if (!row) return null;
  const latest = JSON.parse(row.latest) as Record<string, [number, number]>;
  const values = Object.fromEntries(Object.entries(latest).map(([code, [value]]) => [code, value]));
  return { meterId, ts: Number(row.latest_ts), values };
}

/** `meter:<id>:latest`: the meter's newest values; after each batch that touched it, at most once per 250 ms. */
export function meterLatestChannels(db: Kysely<Database>, feed: LatestValuesFeed, onError: (error: unknown) => void): ChannelProvider {
  let coalescer: Coalescer | undefined;
  const provider: ChannelProvider = {
    name: 'meter:<id>:latest',
    matches: (channel) => METER_CHANNEL.test(channel),
    async join({ channel, auth }) {
      // Another tree's meter is refused as one that does not exist; the room is the meter's, shared by its viewers.
      await assertMayWatchMeter(db, auth, Number(METER_CHANNEL.exec(channel)![1]), channel);
      return { room: channel, scope: { userId: null } };
    },
    async snapshot({ channel }) {
      const latest = await readMeterLatest(db, Number(METER_CHANNEL.exec(channel)![1]));
      return { messages: latest ? [latest] : [] };
    },
    start(publisher: ChannelPublisher) {
      const rooms = new Coalescer(COALESCE_MS, (room) => {
        readMeterLatest(db, Number(METER_CHANNEL.exec(room)![1])).then((latest) => latest && publisher.publish(room, room, latest), onError);
      });
      coalescer = rooms;
      const stop = feed.listen((meterIds) => {
        for (const meterId of meterIds) {
          const room = meterLatestChannel(meterId);
          if (publisher.hasRoom(room)) rooms.touch(room);
        }
      });
      return () => {
        stop();
        rooms.close();
      };
    },
    released: (room) => coalescer?.forget(room),
  };
  return provider;
}
