import type { Kysely } from 'kysely';
import { COALESCE_MS, type MeterLatestValues } from '@shared/realtime/protocol';
import { meterLatestChannel } from '@shared/schemas/alarms';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/authService';
import { Coalescer } from './coalescer';
import { ChannelRefusal, type ChannelProvider, type ChannelPublisher } from './channelProvider';
import { inScope } from '../tenancy/ownerScope';
import type { LatestValuesFeed } from './latestValuesFeed';

const METER_CHANNEL = /^meter:([1-9]\d{0,9}):latest$/;
/**
 * The screens that show a meter's latest values (as GET /meter-data/latest); admins pass. The board editor's
 * live preview and the sprite screens draw live icons and tiles too (issue 8).
 */
const LATEST_VALUE_SCREENS = ['/base/meterData', '/base/device', '/settings/boardConfig', '/board/spriteView', '/devices/sprite'];

async function maySeeLatest(auth: AuthContext): Promise<boolean> {
  if (auth.isAdmin) return true;
  const paths = await auth.permittedPaths();
  return LATEST_VALUE_SCREENS.some((path) => paths.has(path));
}

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
      const meterId = Number(METER_CHANNEL.exec(channel)![1]);
      if (!(await maySeeLatest(auth))) throw new ChannelRefusal(`You may not see ${channel}`);
      const meter = await db.selectFrom('meters').select('owner_user_id').where('id', '=', meterId).executeTakeFirst();
      // Another tree's meter is refused as one that does not exist; the room is the meter's, shared by its viewers.
      if (!meter || !inScope(await auth.ownerScope(), meter.owner_user_id)) throw new ChannelRefusal(`Meter ${meterId} does not exist`);
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
