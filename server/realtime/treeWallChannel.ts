import type { AuthContext } from '../auth/authService';
import { ChannelRefusal, scopedRoom, type ChannelProvider, type ChannelPublisher } from './channelProvider';

export interface TreeWallChannelSpec<T> {
  /** The provider's name in logs and tests, e.g. `production:line-sec:*`. */
  name: string;
  matches(channel: string): boolean;
  /** The screens whose holders (or an administrator, or a display of theirs) may join. */
  screens: readonly string[];
  /** A further check of the channel's own parameters; throws ChannelRefusal with the reason. */
  check?(channel: string): void;
  /** The figures of `channel` as the tree of `userId` sees them. */
  compute(channel: string, userId: number): Promise<T>;
  refreshMs: number;
  onError(error: unknown): void;
}

const channelOf = (room: string): string => room.split('#')[0]!;

/**
 * A wall channel whose figures are computed per user tree (scopedRoom: a display reads as its owner), sent on joining
 * and again every `refreshMs` while the room has subscribers. One pass at a time: a slow pass skips a beat rather than
 * piling up. The line-sec, fleet-cii and idle-energy widgets read through one each.
 */
export function treeWallChannel<T>(spec: TreeWallChannelSpec<T>): ChannelProvider {
  const roomUser = new Map<string, number>();

  const maySee = async (auth: AuthContext): Promise<boolean> => {
    if (auth.isAdmin) return true;
    const paths = await auth.permittedPaths();
    return spec.screens.some((path) => paths.has(path));
  };

  const refresh = async (publisher: ChannelPublisher) => {
    await Promise.all(
      publisher.activeRooms(provider).map(async ({ room }) => {
        const userId = roomUser.get(room);
        if (userId === undefined) return;
        const payload = await spec.compute(channelOf(room), userId).catch((error: unknown) => {
          spec.onError(error);
          return null;
        });
        if (payload && publisher.hasRoom(room)) publisher.publish(room, channelOf(room), payload);
      }),
    );
  };

  let running: Promise<void> | null = null;
  const provider: ChannelProvider = {
    name: spec.name,
    matches: (channel) => spec.matches(channel),
    async join({ channel, auth }) {
      if (!(await maySee(auth))) throw new ChannelRefusal(`You may not see ${channel}`);
      spec.check?.(channel);
      const scoped = scopedRoom(channel, auth);
      if (!roomUser.has(scoped.room)) roomUser.set(scoped.room, auth.user.id);
      return scoped;
    },
    async snapshot({ channel, auth }) {
      const { room } = scopedRoom(channel, auth);
      return { messages: [await spec.compute(channel, roomUser.get(room) ?? auth.user.id)] };
    },
    start(publisher) {
      const timer = setInterval(() => {
        running ??= refresh(publisher)
          .catch(spec.onError)
          .finally(() => {
            running = null;
          });
      }, spec.refreshMs);
      timer.unref?.();
      return () => clearInterval(timer);
    },
    released(room) {
      roomUser.delete(room);
    },
  };
  return provider;
}
