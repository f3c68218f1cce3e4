import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { ErrorCode } from '@shared/errors';
import { pngBytes } from '@server/files/pictureFixtures.test-util';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';
import { localToday } from './activeAnnouncements';

const ADPOST = ['/inquiry/adpost', '/inquiry/adpost/add', '/inquiry/adpost/edit', '/inquiry/adpost/delete'];

let t: TestApp;
let admin: string;
let alpha: TreeUser;
let beta: TreeUser;
let today: string;

const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const notice = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  body: `${title} text`,
  onLogin: false,
  onHome: true,
  onWalls: false,
  startsOn: day(-1),
  endsOn: day(1),
  sort: 0,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, timeZone: 'Asia/Shanghai' });
  admin = await loginAs(t.app);
  alpha = await treeUser(t.app, 'alpha_top', ADPOST);
  beta = await treeUser(t.app, 'beta_top', ADPOST);
  today = localToday(Date.now(), 'Asia/Shanghai');
});
afterAll(() => t.close());

describe('/api/announcements: the rules', () => {
  it('names the field and rule of each refusal', async () => {
    const post = (body: unknown) => callAs(t.app, admin, 'POST', '/api/announcements', body);
    expect((await post(notice(''))).body.message).toBe('body.title: Please fill in this field');
    expect((await post(notice('x'.repeat(101)))).body.message).toBe('body.title: This is too long');
    expect((await post(notice('No audience', { onHome: false }))).body.message).toBe('body.onHome: Choose at least one audience');
    expect((await post(notice('Backwards', { startsOn: day(2), endsOn: day(1) }))).body.message).toBe(
      'body.endsOn: The end date must not be before the start date',
    );
    expect((await post(notice('Bad day', { startsOn: '2026-02-30' }))).body.message).toBe('body.startsOn: Date must be a real calendar date');
    expect((await post(notice('Outside', { picture: 'https://example.com/a.png' }))).body.message).toBe('body.picture: Choose a picture uploaded here');
    const missing = await post(notice('Missing picture', { picture: `/api/files/${'a'.repeat(64)}.png` }));
    expect([missing.status, missing.body.code, missing.body.message]).toEqual([400, ErrorCode.VALIDATION_FAILED, 'picture: Choose a picture uploaded here']);
    expect((await post(notice('Bell\u0007'))).body.message).toBe('body.title: must not contain control characters');
  });

  it('keeps line breaks in the body and takes a picture of the upload store', async () => {
    const png = pngBytes(8, 4, { seed: 3 });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'image/png' },
      payload: png,
    });
    const url = (upload.json() as { data: { url: string } }).data.url;
    expect(url).toBe(`/api/files/${createHash('sha256').update(png).digest('hex')}.png`);
    const created = await callAs(t.app, admin, 'POST', '/api/announcements', notice('Shift change', { body: 'Line one\nLine two\tend', picture: url }));
    expect(created.body.data).toEqual({
      id: created.body.data.id,
      title: 'Shift change',
      body: 'Line one\nLine two\tend',
      picture: url,
      onLogin: false,
      onHome: true,
      onWalls: false,
      startsOn: day(-1),
      endsOn: day(1),
      sort: 0,
    });
  });
});

describe('tree scope', () => {
  it('lists, reads and edits only the caller tree, and shows each tree its own notices plus the platform ones', async () => {
    const platform = (await callAs(t.app, admin, 'POST', '/api/announcements', notice('Platform notice', { sort: 5 }))).body.data.id as number;
    const mine = (await callAs(t.app, alpha.token, 'POST', '/api/announcements', notice('Alpha notice', { sort: 1 }))).body.data.id as number;
    const theirs = (await callAs(t.app, beta.token, 'POST', '/api/announcements', notice('Beta notice'))).body.data.id as number;

    const alphaList = (await callAs(t.app, alpha.token, 'GET', '/api/announcements')).body.data;
    expect(alphaList.rows.map((row: { id: number }) => row.id)).toEqual([mine]);
    expect((await callAs(t.app, alpha.token, 'GET', `/api/announcements/${theirs}`)).status).toBe(404);
    expect((await callAs(t.app, alpha.token, 'PUT', `/api/announcements/${platform}`, notice('Taken over'))).status).toBe(404);

    // Tree A's and the platform's (admin's 'Shift change' above included), in their order; never tree B's.
    const home = (await callAs(t.app, alpha.token, 'GET', '/api/announcements/active?audience=home')).body.data;
    expect(home.map((item: { title: string }) => item.title)).toEqual(['Shift change', 'Alpha notice', 'Platform notice']);
    const adminHome = (await callAs(t.app, admin, 'GET', '/api/announcements/active?audience=home')).body.data.map((item: { title: string }) => item.title);
    expect(adminHome).toContain('Platform notice');
    expect(adminHome).not.toContain('Alpha notice');
    expect((await callAs(t.app, alpha.token, 'GET', '/api/announcements/active?audience=login')).body.message).toBe(
      'querystring.audience: audience must be home or walls',
    );
  });
});

describe('active window', () => {
  it('shows a notice from its first to its last day in TIME_ZONE and only to its audiences', async () => {
    const create = (title: string, extra: Record<string, unknown>) => callAs(t.app, admin, 'POST', '/api/announcements', notice(title, extra));
    await create('Ends today', { startsOn: day(-3), endsOn: day(0), onWalls: true });
    await create('Starts today', { startsOn: day(0), endsOn: day(3) });
    await create('Ended yesterday', { startsOn: day(-3), endsOn: day(-1) });
    await create('Starts tomorrow', { startsOn: day(1), endsOn: day(3) });
    await create('Walls only', { onHome: false, onWalls: true });
    const titles = async (audience: string) =>
      ((await callAs(t.app, admin, 'GET', `/api/announcements/active?audience=${audience}`)).body.data as { title: string }[]).map((item) => item.title);
    const home = await titles('home');
    expect(home).toEqual(expect.arrayContaining(['Ends today', 'Starts today']));
    for (const absent of ['Ended yesterday', 'Starts tomorrow', 'Walls only']) expect(home).not.toContain(absent);
    expect(await titles('walls')).toEqual(['Ends today', 'Walls only']);
  });

  it('counts days in the site time zone, not UTC', () => {
    // 2026-11-22 20:30 UTC is already the 23rd in Shanghai (UTC+8) and still the 22nd in New York.
    const instant = Date.UTC(2026, 10, 22, 20, 30);
    expect(localToday(instant, 'Asia/Shanghai')).toBe('2026-11-23');
    expect(localToday(instant, 'America/New_York')).toBe('2026-11-22');
  });
});
