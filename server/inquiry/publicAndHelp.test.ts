import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';
import { DEMO_ARTICLES } from './demoContent';

let t: TestApp;
let admin: string;
let alpha: TreeUser;
let beta: TreeUser;

const always = { startsOn: '2000-01-01', endsOn: '2099-12-31', sort: 0 };

beforeAll(async () => {
  // With the demo: its two announcements, nine articles and the platform's contact details.
  t = await createTestApp();
  admin = await loginAs(t.app);
  const menus = ['/inquiry/adpost', '/inquiry/adpost/add', '/inquiry/helpCenter', '/inquiry/helpCenter/add', '/inquiry/contactUs', '/inquiry/contactUs/edit'];
  alpha = await treeUser(t.app, 'alpha_top', menus);
  beta = await treeUser(t.app, 'beta_top', menus);
});
afterAll(() => t.close());

describe('GET /api/inquiry/public (no token)', () => {
  it("shows only the platform's active login-page announcements and its contact details", async () => {
    await callAs(t.app, admin, 'POST', '/api/announcements', { title: 'Home only', body: '', onLogin: false, onHome: true, onWalls: true, ...always });
    await callAs(t.app, admin, 'POST', '/api/announcements', {
      title: 'Login, ended',
      body: '',
      onLogin: true,
      onHome: false,
      onWalls: false,
      startsOn: '2000-01-01',
      endsOn: '2000-01-02',
      sort: 0,
    });
    await callAs(t.app, alpha.token, 'POST', '/api/announcements', {
      title: 'Tenant login notice',
      body: '',
      onLogin: true,
      onHome: true,
      onWalls: false,
      ...always,
    });
    await callAs(t.app, alpha.token, 'PUT', '/api/contact-details', { company: 'Alpha Ltd', phone: '1', email: 'a@alpha.test', address: '', hours: '' });

    const answer = await callAs(t.app, null, 'GET', '/api/inquiry/public');
    expect(answer.status).toBe(200);
    expect(answer.body.data.announcements.map((item: { title: string }) => item.title)).toEqual(['Planned maintenance on Saturday, 22:00–23:00']);
    // What a signed-out visitor reads: no owner, audiences or dates.
    expect(Object.keys(answer.body.data.announcements[0]).sort()).toEqual(['body', 'id', 'picture', 'title']);
    expect(answer.body.data.contact).toEqual({
      company: 'Energy Console Demo Ltd.',
      phone: '+86 21 5555 0100',
      email: 'support@energy.local',
      address: '88 Century Avenue, Pudong, Shanghai',
      hours: 'Mon–Fri 08:30–17:30',
    });
  });
});

describe('help search', () => {
  it('finds articles of the reader language by every word of the keyword, title hits first', async () => {
    const search = async (token: string, query: string) => (await callAs(t.app, token, 'GET', `/api/help/search?${query}`)).body;
    expect((await search(alpha.token, 'language=en&keyword=meter')).data.map((hit: { title: string }) => hit.title)).toEqual([
      'How to add a meter',
      'How to read the alarm list',
    ]);
    expect((await search(alpha.token, 'language=en&keyword=WALL%20token')).data.map((hit: { title: string }) => hit.title)).toEqual([
      'How to put a board on a wall',
    ]);
    expect((await search(alpha.token, 'language=zh&keyword=告警')).data.map((hit: { title: string }) => hit.title)).toEqual(['如何查看告警列表']);
    expect((await search(alpha.token, 'language=es')).data).toHaveLength(DEMO_ARTICLES.es.length);
    // LIKE wildcards are text, not patterns.
    expect((await search(alpha.token, 'language=en&keyword=%25')).data).toEqual([]);
    expect((await search(alpha.token, 'language=fr')).message).toBe('querystring.language: language must be en, zh or es');
  });

  it("reads the reader's tree and the platform, never another tree", async () => {
    const article = { category: 'Alpha', title: 'Alpha meters', language: 'en', body: 'How **alpha** reads its meters', sort: 0 };
    expect((await callAs(t.app, alpha.token, 'POST', '/api/help-articles', article)).body.code).toBe(0);
    const hits = async (token: string) =>
      ((await callAs(t.app, token, 'GET', '/api/help/search?language=en&keyword=meters')).body.data as { title: string }[]).map((hit) => hit.title);
    // The platform's article says 'the *Meters* tab': found by both trees, after tree A's title hit.
    expect(await hits(alpha.token)).toEqual(['Alpha meters', 'How to add a meter']);
    expect(await hits(beta.token)).toEqual(['How to add a meter']);
    expect((await callAs(t.app, beta.token, 'GET', '/api/help-articles?language=en')).body.data.total).toBe(0);
  });

  it('refuses an article without a body or language', async () => {
    const answer = await callAs(t.app, admin, 'POST', '/api/help-articles', { category: 'X', title: 'Y', language: 'fr', body: 'z', sort: 0 });
    expect(answer.body.message).toBe('body.language: Please choose a value');
    expect((await callAs(t.app, admin, 'POST', '/api/help-articles', { category: 'X', title: 'Y', language: 'en', body: '  ', sort: 0 })).body.message).toBe(
      'body.body: Please fill in this field',
    );
  });
});

describe('contact details', () => {
  it("are one record per tree, shown in the help centre, falling back to the platform's", async () => {
    expect((await callAs(t.app, beta.token, 'GET', '/api/contact-details')).body.data).toBeNull();
    expect((await callAs(t.app, beta.token, 'GET', '/api/contact-details/current')).body.data.company).toBe('Energy Console Demo Ltd.');
    const bad = await callAs(t.app, beta.token, 'PUT', '/api/contact-details', { company: 'Beta', email: 'not-mail' });
    expect(bad.body.message).toBe('body.email: Please enter a valid e-mail address');
    await callAs(t.app, beta.token, 'PUT', '/api/contact-details', { company: 'Beta GmbH', email: 'help@beta.test', hours: '24/7' });
    await callAs(t.app, beta.token, 'PUT', '/api/contact-details', { company: 'Beta AG', email: 'help@beta.test', hours: '24/7' });
    expect((await callAs(t.app, beta.token, 'GET', '/api/contact-details/current')).body.data).toEqual({
      company: 'Beta AG',
      phone: '',
      email: 'help@beta.test',
      address: '',
      hours: '24/7',
    });
    expect(await t.app.storage.db.selectFrom('contact_details').select('id').where('owner_user_id', '=', beta.id).execute()).toHaveLength(1);
    expect((await callAs(t.app, alpha.token, 'GET', '/api/contact-details/current')).body.data.company).toBe('Alpha Ltd');
  });
});
