import { LINE_SEC_REFRESH_MS, parseLineSecChannel, PRODUCTION_SCREENS, type LineSecWallData } from '@shared/production/api';
import type { Storage } from '../../db/connect';
import { ChannelRefusal, scopedRoom, type ChannelProvider, type ChannelPublisher } from '../../realtime/channelProvider';
import { ownerScopeOfUser } from '../../tenancy/ownerScope';
import { productionBoard, wallRange } from '../../production/board';

export interface LineSecChannelDeps {
  storage: Storage;
  timeZone: string;
  onError(error: unknown): void;
  now?: () => number;
  refreshMs?: number;
}

const channelOf = (room: string): string => room.split('#')[0]!;

/**
 * `production:line-sec:<period>` (widget line-sec): the board summary of the caller's tree (scopedRoom; a display
 * reads as its owner) on joining and every `refreshMs` while the room has subscribers. Holders of the energy board
 * (and administrators, and their displays) may join.
 */
export function lineSecChannels({ storage, timeZone, onError, now = Date.now, refreshMs = LINE_SEC_REFRESH_MS }: LineSecChannelDeps): ChannelProvider {
  const roomUser = new Map<string, number>();

  const answer = async (channel: string, userId: number): Promise<LineSecWallData> => {
    const period = parseLineSecChannel(channel)!;
    const at = now();
    const board = await productionBoard(storage.db, await ownerScopeOfUser(storage.db, userId), wallRange(period, at, timeZone), timeZone);
    return { ...board, computedAt: at, period };
  };

  const refresh = async (publisher: ChannelPublisher) => {
    for (const { room } of publisher.activeRooms(provider)) {
      const userId = roomUser.get(room);
      if (userId === undefined) continue;
      const payload = await answer(channelOf(room), userId).catch((error: unknown) => {
        onError(error);
        return null;
      });
      if (payload && publisher.hasRoom(room)) publisher.publish(room, channelOf(room), payload);
    }
  };

  let running: Promise<void> | null = null;
  const provider: ChannelProvider = {
    name: 'production:line-sec:*',
    matches: (channel) => parseLineSecChannel(channel) !== null,
    async join({ channel, auth }) {
      if (!auth.isAdmin && !(await auth.permittedPaths()).has(PRODUCTION_SCREENS.board)) throw new ChannelRefusal(`You may not see ${channel}`);
      const scoped = scopedRoom(channel, auth);
      if (!roomUser.has(scoped.room)) roomUser.set(scoped.room, auth.user.id);
      return scoped;
    },
    async snapshot({ channel, auth }) {
      const { room } = scopedRoom(channel, auth);
      return { messages: [await answer(channel, roomUser.get(room) ?? auth.user.id)] };
    },
    start(publisher) {
      const timer = setInterval(() => {
        running ??= refresh(publisher)
          .catch(onError)
          .finally(() => {
            running = null;
          });
      }, refreshMs);
      timer.unref?.();
      return () => clearInterval(timer);
    },
    released(room) {
      roomUser.delete(room);
    },
  };
  return provider;
}
