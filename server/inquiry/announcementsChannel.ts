import type { Kysely } from 'kysely';
import { WALL_ANNOUNCEMENTS_CHANNEL, type WallAnnouncementsData } from '@shared/schemas/inquiry';
import type { Database } from '../db/schema';
import type { ChannelProvider, ChannelPublisher } from '../realtime/channelProvider';
import { activeAnnouncements, localToday } from './activeAnnouncements';
import { viewerOwners } from './viewerTrees';

/** Active rooms are re-read this often: a written announcement and a new day (start, end) reach walls within it. */
export const WALL_ANNOUNCEMENTS_REFRESH_MS = 15_000;
/** Unchanged content is sent again this often, so the widget's data never looks stale on a live wall. */
export const WALL_ANNOUNCEMENTS_HEARTBEAT_MS = 30 * 60_000;

export interface AnnouncementsChannel extends ChannelProvider {
  /** Re-read every active room now (after an announcement was written). */
  refresh(): Promise<void>;
}

/**
 * `announcements:walls`: the wall announcements active today (TIME_ZONE) of the viewer's tree and the
 * platform's. One room per user: a display token reads as its owner, so a wall shows its owner's tree.
 * Anyone signed in may join (the board editor's preview too); the content is what walls show anyway.
 */
export function announcementsChannel(
  db: Kysely<Database>,
  timeZone: string,
  onError: (error: unknown) => void,
  now: () => number = Date.now,
): AnnouncementsChannel {
  const sent = new Map<string, { key: string; at: number }>();
  const roomUser = new Map<string, number>();
  let publisher: ChannelPublisher | null = null;
  let running: Promise<void> | null = null;

  const read = async (userId: number): Promise<WallAnnouncementsData> => ({
    announcements: await activeAnnouncements(db, await viewerOwners(db, userId), 'walls', localToday(now(), timeZone)),
    computedAt: now(),
  });

  const refreshRooms = async () => {
    if (!publisher) return;
    const target = publisher;
    await Promise.all(
      target.activeRooms(provider).map(async ({ room }) => {
        const userId = roomUser.get(room);
        if (userId === undefined) return;
        const data = await read(userId);
        const key = JSON.stringify(data.announcements);
        const last = sent.get(room);
        if (last && last.key === key && now() - last.at < WALL_ANNOUNCEMENTS_HEARTBEAT_MS) return;
        sent.set(room, { key, at: now() });
        target.publish(room, WALL_ANNOUNCEMENTS_CHANNEL, data);
      }),
    );
  };

  const provider: AnnouncementsChannel = {
    name: WALL_ANNOUNCEMENTS_CHANNEL,
    matches: (channel) => channel === WALL_ANNOUNCEMENTS_CHANNEL,
    async join({ channel, auth }) {
      const room = `${channel}#user:${auth.user.id}`;
      roomUser.set(room, auth.user.id);
      return { room, scope: { userId: auth.user.id } };
    },
    async snapshot({ auth }) {
      const data = await read(auth.user.id);
      const room = `${WALL_ANNOUNCEMENTS_CHANNEL}#user:${auth.user.id}`;
      if (!sent.has(room)) sent.set(room, { key: JSON.stringify(data.announcements), at: now() });
      return { messages: [data] };
    },
    start(hub) {
      publisher = hub;
      const timer = setInterval(() => void provider.refresh(), WALL_ANNOUNCEMENTS_REFRESH_MS);
      timer.unref();
      return () => {
        clearInterval(timer);
        publisher = null;
      };
    },
    released(room) {
      sent.delete(room);
      roomUser.delete(room);
    },
    refresh() {
      // One pass at a time, each after the one before: a write during a pass is read by the next.
      const pass: Promise<void> = (running ?? Promise.resolve())
        .then(refreshRooms)
        .catch(onError)
        .finally(() => {
          if (running === pass) running = null;
        });
      running = pass;
      return pass;
    },
  };
  return provider;
}
