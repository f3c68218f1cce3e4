import { BOARD_CHANNEL, boardChannel, type BoardRevision } from '@shared/board/channels';
import type { AuthContext } from '../auth/authService';
import { ChannelRefusal, type ChannelProvider, type ChannelPublisher } from './channelProvider';

/** How often the revisions of watched boards are read back: a save on another process reaches walls within 2 s. */
export const BOARD_POLL_MS = 1000;

export interface BoardChannelDeps {
  /** Whether this caller may see the board (the rule of GET /api/boards/:id). */
  maySee(auth: AuthContext, boardId: number): Promise<boolean>;
  /** Current revisions of these boards in one query; a missing id is a deleted board. */
  revisions(boardIds: readonly number[]): Promise<BoardRevision[]>;
  /** In-process saves and deletions (BoardEvents); returns the disposer. */
  onSaved(listener: (revision: BoardRevision) => void): () => void;
  onDeleted(listener: (boardId: number) => void): () => void;
  onError(error: unknown): void;
  pollMs?: number;
  now?: () => number;
}

const boardIdOf = (channel: string): number => Number(BOARD_CHANNEL.exec(channel)![1]);
const deleted = (id: number, now: number): BoardRevision => ({ id, revision: 0, updatedAt: now });
const same = (a: BoardRevision | undefined, b: BoardRevision): boolean => a !== undefined && a.revision === b.revision && a.updatedAt === b.updatedAt;

/**
 * `board:<id>`: the board's revision as a snapshot, then every save (at once from this process's
 * BoardEvents; from other processes through a 1 s poll of the watched boards' revisions). A deleted board
 * is announced as revision 0. One room per board: the data is the same for every viewer.
 */
export function boardChannels(deps: BoardChannelDeps): ChannelProvider {
  const now = deps.now ?? Date.now;
  /** What each watched room was last told, so the poll only publishes changes. */
  const lastSent = new Map<string, BoardRevision>();

  const provider: ChannelProvider = {
    name: 'board:<id>',
    matches: (channel) => BOARD_CHANNEL.test(channel),
    async join({ channel, auth }) {
      const boardId = boardIdOf(channel);
      if (!(await deps.maySee(auth, boardId))) throw new ChannelRefusal(`Board ${boardId} does not exist`);
      return { room: channel, scope: { userId: null } };
    },
    async snapshot({ channel }) {
      const boardId = boardIdOf(channel);
      const [current] = await deps.revisions([boardId]);
      const revision = current ?? deleted(boardId, now());
      if (!lastSent.has(channel)) lastSent.set(channel, revision);
      return { messages: [revision] };
    },
    start(publisher: ChannelPublisher) {
      const send = (revision: BoardRevision) => {
        const room = boardChannel(revision.id);
        if (!publisher.hasRoom(room)) return;
        lastSent.set(room, revision);
        publisher.publish(room, room, revision);
      };
      const stopSaved = deps.onSaved(send);
      const stopDeleted = deps.onDeleted((boardId) => send(deleted(boardId, now())));

      let polling = false;
      const poll = async () => {
        const rooms = publisher.activeRooms(provider).map((active) => active.room);
        if (polling || rooms.length === 0) return;
        polling = true;
        try {
          const current = new Map((await deps.revisions(rooms.map(boardIdOf))).map((revision) => [revision.id, revision]));
          for (const room of rooms) {
            if (!publisher.hasRoom(room)) continue;
            const previous = lastSent.get(room);
            const found = current.get(boardIdOf(room));
            if (found) {
              if (!same(previous, found)) send(found);
            } else if (previous?.revision !== 0) {
              send(deleted(boardIdOf(room), now()));
            }
          }
        } catch (error) {
          deps.onError(error);
        } finally {
          polling = false;
        }
      };
      const timer = setInterval(() => void poll(), deps.pollMs ?? BOARD_POLL_MS);
      timer.unref();
      return () => {
        clearInterval(timer);
        stopSaved();
        stopDeleted();
        lastSent.clear();
      };
    },
    released: (room) => lastSent.delete(room),
  };
  return provider;
}
