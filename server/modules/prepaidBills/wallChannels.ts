import type { Kysely } from 'kysely';
import { isPrepaidOverviewChannel } from '@boards/widgets/prepaid-overview/channel';
import { parseRoomCreditChannel, type RoomCreditData } from '@boards/widgets/room-credit/channel';
import type { AuthContext } from '../../auth/authService';
import type { Database } from '../../db/schema';
import { ChannelRefusal, scopedRoom, type ChannelProvider, type ChannelPublisher } from '../../realtime/channelProvider';
import { prepaidOverview, wallRooms } from '../../prepaid/stats/wallFigures';
import { ownerScopeOfUser, type OwnerScope } from '../../tenancy/ownerScope';

/** Every active room is recomputed and sent this often (balances move by the hour, states by commands and top-ups). */
export const PREPAID_WALL_REFRESH_MS = 30_000;

export interface PrepaidWallDeps {
  db: Kysely<Database>;
  timeZone: string;
  /** The screens whose holders (or an administrator, or a display of theirs) may read these figures. */
  screens: readonly string[];
  onError(error: unknown): void;
  now?: () => number;
  everyMs?: number;
}

const channelOf = (room: string): string => room.split('#')[0]!;
const isPrepaidWallChannel = (channel: string): boolean => isPrepaidOverviewChannel(channel) || parseRoomCreditChannel(channel) !== null;

/** The wall's room list payload: the rows of GET /api/prepaid/wall/rooms cut down to what a tile shows. */
export async function roomCredit(db: Kysely<Database>, scope: OwnerScope, limit: number, now: number): Promise<RoomCreditData> {
  const rows = await wallRooms(db, scope, limit, now);
  return {
    computedAt: now,
    currency: rows[0]?.currency ?? 'CNY',
    rooms: rows.map((row) => ({
      accountId: row.id,
      roomCode: row.roomCode,
      building: row.building,
      memberName: row.memberName,
      balanceMinor: row.balanceMinor,
      daysLeft: row.daysLeft,
      roomState: row.roomState,
    })),
  };
}

/**
 * `prepaid:overview` and `prepaid:rooms:<limit>` (boards/widgets/{prepaid-overview,room-credit}/channel.ts): the wall's
 * prepaid figures per user tree (scopedRoom; a display reads as its owner), sent on joining and every 30 s.
 */
export function prepaidWallChannels({ db, timeZone, screens, onError, now = Date.now, everyMs = PREPAID_WALL_REFRESH_MS }: PrepaidWallDeps): ChannelProvider {
  const roomUser = new Map<string, number>();

  const compute = async (channel: string, userId: number): Promise<object | null> => {
    const at = now();
    const scope = await ownerScopeOfUser(db, userId);
    if (isPrepaidOverviewChannel(channel)) return prepaidOverview(db, scope, at, timeZone);
    const rooms = parseRoomCreditChannel(channel);
    return rooms ? roomCredit(db, scope, rooms.limit, at) : null;
  };

  const maySee = async (auth: AuthContext): Promise<boolean> => {
    if (auth.isAdmin) return true;
    const paths = await auth.permittedPaths();
    return screens.some((path) => paths.has(path));
  };

  let running: Promise<void> | null = null;
  const refreshRooms = async (publisher: ChannelPublisher) => {
    await Promise.all(
      publisher.activeRooms(provider).map(async ({ room }) => {
        const userId = roomUser.get(room);
        if (userId === undefined) return;
        const payload = await compute(channelOf(room), userId).catch((error: unknown) => {
          onError(error);
          return null;
        });
        if (payload && publisher.hasRoom(room)) publisher.publish(room, channelOf(room), payload);
      }),
    );
  };

  const provider: ChannelProvider = {
    name: 'prepaid:overview / prepaid:rooms:*',
    matches: isPrepaidWallChannel,
    async join({ channel, auth }) {
      if (!(await maySee(auth))) throw new ChannelRefusal(`You may not see ${channel}`);
      const scoped = scopedRoom(channel, auth);
      if (!roomUser.has(scoped.room)) roomUser.set(scoped.room, auth.user.id);
      return scoped;
    },
    async snapshot({ channel, auth }) {
      const { room } = scopedRoom(channel, auth);
      const payload = await compute(channel, roomUser.get(room) ?? auth.user.id);
      return { messages: payload ? [payload] : [] };
    },
    start(publisher) {
      const timer = setInterval(() => {
        // One pass at a time: a slow pass skips a beat rather than piling up.
        running ??= refreshRooms(publisher)
          .catch(onError)
          .finally(() => {
            running = null;
          });
      }, everyMs);
      timer.unref?.();
      return () => clearInterval(timer);
    },
    released(room) {
      roomUser.delete(room);
    },
  };
  return provider;
}
