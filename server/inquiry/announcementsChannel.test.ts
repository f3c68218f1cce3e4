import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALL_ANNOUNCEMENTS_CHANNEL, type WallAnnouncementsData } from '@shared/schemas/inquiry';
import type { AuthContext } from '@server/auth/authService';
import type { ChannelPublisher } from '@server/realtime/channelProvider';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';
import { announcementsChannel } from './announcementsChannel';

let t: TestApp;
let admin: string;
let alpha: TreeUser;
let beta: TreeUser;

const walls = (title: string) => ({ title, body: '', onLogin: false, onHome: false, onWalls: true, startsOn: '2000-01-01', endsOn: '2099-12-31', sort: 0 });
/** What the hub hands a provider: the caller (a display token reads as its owner, `user`). */
const as = (user: TreeUser) => ({ channel: WALL_ANNOUNCEMENTS_CHANNEL, afterId: undefined, auth: { user: { id: user.id } } as AuthContext });

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await loginAs(t.app);
  alpha = await treeUser(t.app, 'alpha_top', ['/inquiry/adpost', '/inquiry/adpost/add']);
  beta = await treeUser(t.app, 'beta_top', ['/inquiry/adpost', '/inquiry/adpost/add']);
  await callAs(t.app, admin, 'POST', '/api/announcements', walls('Platform wall notice'));
  await callAs(t.app, alpha.token, 'POST', '/api/announcements', walls('Alpha wall notice'));
  await callAs(t.app, beta.token, 'POST', '/api/announcements', walls('Beta wall notice'));
  await callAs(t.app, alpha.token, 'POST', '/api/announcements', { ...walls('Alpha home only'), onWalls: false, onHome: true });
});
afterAll(() => t.close());

describe('announcements:walls', () => {
  it("gives a wall its owner's tree and the platform's wall announcements, each tree in a room of its own", async () => {
    const provider = announcementsChannel(t.app.storage.db, 'UTC', (error) => {
      throw error;
    });
    const joined = await provider.join(as(alpha));
    expect(joined.room).toBe(`${WALL_ANNOUNCEMENTS_CHANNEL}#user:${alpha.id}`);
    const titles = async (user: TreeUser) =>
      ((await provider.snapshot(as(user), { userId: user.id })).messages[0] as WallAnnouncementsData).announcements.map((item) => item.title);
    expect(await titles(alpha)).toEqual(['Platform wall notice', 'Alpha wall notice']);
    expect(await titles(beta)).toEqual(['Platform wall notice', 'Beta wall notice']);
  });

  it('publishes a change to the rooms in use on its next pass, and nothing when nothing changed', async () => {
    const provider = announcementsChannel(t.app.storage.db, 'UTC', (error) => {
      throw error;
    });
    const sent: { room: string; data: WallAnnouncementsData }[] = [];
    const { room } = await provider.join(as(beta));
    const hub: ChannelPublisher = {
      publish: (to, _channel, data) => void sent.push({ room: to, data: data as WallAnnouncementsData }),
      activeRooms: () => [{ room, channel: WALL_ANNOUNCEMENTS_CHANNEL, scope: { userId: beta.id } }],
      hasRoom: () => true,
    };
    const stop = provider.start(hub);
    await provider.snapshot(as(beta), { userId: beta.id });
    await provider.refresh();
    expect(sent).toEqual([]);
    await callAs(t.app, beta.token, 'POST', '/api/announcements', walls('Beta second notice'));
    await provider.refresh();
    expect(sent.map((message) => message.data.announcements.map((item) => item.title))).toEqual([
      ['Platform wall notice', 'Beta wall notice', 'Beta second notice'],
    ]);
    stop();
  });
});
