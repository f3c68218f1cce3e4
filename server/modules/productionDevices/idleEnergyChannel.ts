import type { Kysely } from 'kysely';
import { isIdleEnergyChannel } from '@boards/widgets/idle-energy/channel';
import type { AuthContext } from '../../auth/authService';
import type { Database } from '../../db/schema';
import { ChannelRefusal, scopedRoom, type ChannelProvider, type ChannelPublisher } from '../../realtime/channelProvider';
import { DeviceFigures } from '../../productionDevices/deviceFigures';
import { ownerScopeOfUser } from '../../tenancy/ownerScope';

/** Every active room is recomputed and sent this often: a quarter hour's state settles within it. */
export const IDLE_ENERGY_REFRESH_MS = 60_000;

export interface IdleEnergyDeps {
  db: Kysely<Database>;
  timeZone: string;
  /** The screens whose holders (or an administrator, or a display of theirs) may read these figures. */
  screens: readonly string[];
  onError(error: unknown): void;
  now?: () => number;
  everyMs?: number;
}

const channelOf = (room: string): string => room.split('#')[0]!;

/**
 * `devices:idle-energy` (boards/widgets/idle-energy/channel.ts): today's device figures per user tree (scopedRoom;
 * a display reads as its owner), sent on joining and every minute while someone watches.
 */
export function idleEnergyChannel({ db, timeZone, screens, onError, now = Date.now, everyMs = IDLE_ENERGY_REFRESH_MS }: IdleEnergyDeps): ChannelProvider {
  const figures = new DeviceFigures(db, timeZone);
  const roomUser = new Map<string, number>();
  const compute = async (userId: number) => figures.overview(await ownerScopeOfUser(db, userId), undefined, now());

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
        const payload = await compute(userId).catch((error: unknown) => {
          onError(error);
          return null;
        });
        if (payload && publisher.hasRoom(room)) publisher.publish(room, channelOf(room), payload);
      }),
    );
  };

  const provider: ChannelProvider = {
    name: 'devices:idle-energy',
    matches: isIdleEnergyChannel,
    async join({ channel, auth }) {
      if (!(await maySee(auth))) throw new ChannelRefusal(`You may not see ${channel}`);
      const scoped = scopedRoom(channel, auth);
      if (!roomUser.has(scoped.room)) roomUser.set(scoped.room, auth.user.id);
      return scoped;
    },
    async snapshot({ channel, auth }) {
      const { room } = scopedRoom(channel, auth);
      return { messages: [await compute(roomUser.get(room) ?? auth.user.id)] };
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
