import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { SITE_SETTINGS_SCREEN } from '@shared/schemas/siteSettings';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';
import { pngBytes } from '../files/pictureFixtures.test-util';
import { SiteSettingsService } from './siteSettingsService';

let t: TestApp;
let admin: string;
let holder: TreeUser;

const defaults = {
  name: '',
  logoUrl: '',
  faviconUrl: '',
  defaultLanguage: null,
  themeColor: null,
  readingRetentionDays: null,
  sessionMinutes: null,
  hiddenGroups: [],
};
const put = (token: string | null, body: unknown) => callAs(t.app, token, 'PUT', '/api/site-settings', body);

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await loginAs(t.app);
  // A sub-user of admin's tree holding the screen: it reads the settings, it may not change them.
  const adminId = (await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  holder = await treeUser(t.app, 'site_holder', ['/settings', SITE_SETTINGS_SCREEN], adminId);
});
afterAll(() => t.close());

describe('site settings', () => {
  it('start with the product defaults, public and full', async () => {
    const site = await callAs(t.app, null, 'GET', '/api/site');
    expect(site).toEqual({
      status: 200,
      body: { code: 0, message: 'ok', data: { name: '', logoUrl: '', faviconUrl: '', defaultLanguage: null, themeColor: null, hiddenGroups: [] } },
    });
    const full = await callAs(t.app, admin, 'GET', '/api/site-settings');
    expect(full.body.data).toEqual({ ...defaults, updatedAt: null, updatedBy: null, serverSessionMinutes: 720 });
  });

  it('are read by a holder of the screen and refused to a user without it', async () => {
    expect((await callAs(t.app, holder.token, 'GET', '/api/site-settings')).body.data).toMatchObject(defaults);
    const outsider = await treeUser(t.app, 'site_outsider', ['/dashboard']);
    expect(await callAs(t.app, outsider.token, 'GET', '/api/site-settings')).toMatchObject({ status: 403, body: { code: ErrorCode.FORBIDDEN } });
  });

  it('are changed by administrators only', async () => {
    const refused = await put(holder.token, { ...defaults, name: 'Holder was here' });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: ErrorCode.FORBIDDEN, message: 'Only an administrator may change settings shared by every user tree' },
    });
    expect(await put(null, defaults)).toMatchObject({ status: 401, body: { code: ErrorCode.TOKEN_MISSING } });
    expect((await callAs(t.app, null, 'GET', '/api/site')).body.data.name).toBe('');
  });

  it('save, answer the values with who changed them, and the public part follows at once', async () => {
    const before = Date.now();
    const saved = await put(admin, {
      ...defaults,
      name: '  North Plant Energy ',
      defaultLanguage: 'zh',
      themeColor: '#11a983',
      readingRetentionDays: 400,
      sessionMinutes: 90,
      hiddenGroups: ['/inquiry', '/wx'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ code: 0, message: 'Saved' });
    expect(saved.body.data).toMatchObject({
      name: 'North Plant Energy',
      defaultLanguage: 'zh',
      themeColor: '#11A983',
      readingRetentionDays: 400,
      sessionMinutes: 90,
      hiddenGroups: ['/inquiry', '/wx'],
      updatedBy: 'admin',
    });
    expect(saved.body.data.updatedAt).toBeGreaterThanOrEqual(before);
    const site = (await callAs(t.app, null, 'GET', '/api/site')).body.data;
    expect(site).toEqual({
      name: 'North Plant Energy',
      logoUrl: '',
      faviconUrl: '',
      defaultLanguage: 'zh',
      themeColor: '#11A983',
      hiddenGroups: ['/inquiry', '/wx'],
    });
    // Nothing secret in the public answer: no retention, no session length, no author.
    expect(Object.keys(site)).not.toContain('sessionMinutes');
    await put(admin, defaults);
  });

  it.each([
    [{ name: 'x'.repeat(61) }, 'name: The site name is at most 60 characters', 'siteSettings.err.nameLength'],
    [{ name: 'Bad\u0007name' }, 'name: must not contain control characters', 'must not contain control characters'],
    [{ themeColor: 'green' }, 'themeColor: Enter a colour as #RRGGBB', 'siteSettings.err.colour'],
    [
      { readingRetentionDays: 6 },
      'readingRetentionDays: Enter a whole number of days from 7 to 36500, or keep readings for ever',
      'siteSettings.err.retention',
    ],
    [
      { readingRetentionDays: 30.5 },
      'readingRetentionDays: Enter a whole number of days from 7 to 36500, or keep readings for ever',
      'siteSettings.err.retention',
    ],
    [{ sessionMinutes: 43201 }, 'sessionMinutes: Enter a whole number of minutes from 5 to 43200 (30 days)', 'siteSettings.err.session'],
    [{ logoUrl: 'https://example.com/logo.png' }, 'logoUrl: Choose a picture uploaded here (PNG, JPEG, WebP or GIF)', 'siteSettings.err.picture'],
    [{ hiddenGroups: ['/nowhere'] }, 'hiddenGroups.0: This is not a menu group', 'siteSettings.err.unknownGroup'],
    [{ hiddenGroups: ['/inquiry', '/inquiry'] }, 'hiddenGroups: A group is named twice', 'siteSettings.err.duplicateGroup'],
    [
      { hiddenGroups: ['/msg', '/settings'] },
      'hiddenGroups.1: The settings and dashboard groups cannot be hidden: the settings screen is where groups are shown again, and every login opens the dashboard',
      'siteSettings.err.alwaysShown',
    ],
    [{ defaultLanguage: 'fr' }, null, null],
  ])('refuse %j with 40000 and the field named', async (change, message, issueMessage) => {
    const answer = await put(admin, { ...defaults, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    const field = Object.keys(change)[0];
    if (message) expect(answer.body.message).toBe(message);
    else expect(answer.body.message).toMatch(new RegExp(`^${field}: `));
    if (issueMessage) expect(answer.body.data.issues[0].message).toBe(issueMessage);
    expect((await callAs(t.app, admin, 'GET', '/api/site-settings')).body.data).toMatchObject(defaults);
  });

  it('take a logo and favicon only from the upload store', async () => {
    const missing = `/api/files/${'a'.repeat(64)}.png`;
    const refused = await put(admin, { ...defaults, logoUrl: missing });
    expect(refused.body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'logoUrl: This picture is not in the upload store',
      data: { issues: [{ field: 'logoUrl', message: 'siteSettings.err.pictureMissing' }] },
    });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'image/png' },
      payload: pngBytes(32, 32, { pixels: true }),
    });
    const url = upload.json().data.url as string;
    const saved = await put(admin, { ...defaults, logoUrl: url, faviconUrl: url });
    expect(saved.body.data).toMatchObject({ logoUrl: url, faviconUrl: url });
    expect((await callAs(t.app, null, 'GET', '/api/site')).body.data).toMatchObject({ logoUrl: url, faviconUrl: url });
    // The picture itself is public, as walls and the login page load it with <img>.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await put(admin, defaults);
  });
});

describe('several server processes', () => {
  it("see another process's save within the cache time, their own at once", async () => {
    let clock = 1_000_000;
    const other = new SiteSettingsService(t.app.storage.db, 5000, () => clock);
    expect((await other.fresh()).name).toBe('');
    await put(admin, { ...defaults, name: 'Saved elsewhere' });
    clock += 4999;
    expect((await other.fresh()).name).toBe('');
    clock += 1;
    expect((await other.fresh()).name).toBe('Saved elsewhere');
    await other.save({ ...defaults, name: 'Saved here' }, 'admin');
    expect(other.current.name).toBe('Saved here');
    await put(admin, defaults);
  });
});
