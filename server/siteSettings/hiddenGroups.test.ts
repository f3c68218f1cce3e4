import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterEntry } from '@shared/schemas';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';
import { isRouteHidden, routeGroups, visibleMenuEntries } from './hiddenGroups';

let t: TestApp;
let admin: string;
let operator: TreeUser;

const defaults = {
  name: '',
  logoUrl: '',
  faviconUrl: '',
  defaultLanguage: null,
  themeColor: null,
  readingRetentionDays: null,
  sessionMinutes: null,
  hiddenGroups: [] as string[],
};
const hide = async (...hiddenGroups: string[]) =>
  expect((await callAs(t.app, admin, 'PUT', '/api/site-settings', { ...defaults, hiddenGroups })).status).toBe(200);
const menuPaths = async (token: string): Promise<string[]> =>
  ((await callAs(t.app, token, 'GET', '/api/routers')).body.data.rows as RouterEntry[]).map((row) => row.fullpath);

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await loginAs(t.app);
  const adminId = (await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  // A sub-user of admin's tree with push tasks (/msg), push records (/message) and personal information, also reachable from Users.
  operator = await treeUser(
    t.app,
    'msg_operator',
    ['/msg', '/msg/task', '/message', '/message/push-records', '/message/personInfo', '/settings', '/settings/user'],
    adminId,
  );
});
afterAll(() => t.close());

describe('a hidden menu group', () => {
  it('is gone from the menu of admin and of a sub-user, and its API routes answer 404 as if they did not exist', async () => {
    expect(await menuPaths(admin)).toEqual(expect.arrayContaining(['/msg', '/msg/task', '/msg/verify', '/inquiry/adpost']));
    expect(await menuPaths(operator.token)).toEqual(expect.arrayContaining(['/msg', '/msg/task']));
    expect((await callAs(t.app, operator.token, 'GET', '/api/push-tasks')).status).toBe(200);

    await hide('/msg', '/message');

    const adminMenu = await menuPaths(admin);
    expect(adminMenu.filter((path) => path.startsWith('/msg') || path.startsWith('/message'))).toEqual([]);
    expect(adminMenu).toEqual(expect.arrayContaining(['/settings/superConfig', '/inquiry/adpost', '/dashboard']));
    expect(await menuPaths(operator.token)).toEqual(expect.arrayContaining(['/settings', '/settings/user']));
    expect((await menuPaths(operator.token)).filter((path) => path.startsWith('/msg') || path.startsWith('/message'))).toEqual([]);
    // A group left in the answer lists only children still in it.
    const rows = (await callAs(t.app, admin, 'GET', '/api/routers')).body.data.rows as RouterEntry[];
    const ids = new Set(rows.map((row) => row._id));
    expect(rows.flatMap((row) => row.children).every((id) => ids.has(id))).toBe(true);

    for (const token of [admin, operator.token, null]) {
      const answer = await callAs(t.app, token, 'GET', '/api/push-tasks');
      expect(answer).toEqual({ status: 404, body: { code: 40400, data: null, message: 'Not found: GET /api/push-tasks' } });
    }
    expect((await callAs(t.app, admin, 'POST', '/api/push-tasks', {})).status).toBe(404);
    expect((await callAs(t.app, admin, 'GET', '/api/push-records')).status).toBe(404);
    // A route several screens share stays while one of them is visible: personal information is also a Users screen read.
    expect((await callAs(t.app, operator.token, 'GET', '/api/push-contacts')).status).toBe(200);
    // The menu editor still sees every entry, so roles can be granted and groups shown again.
    const tree = ((await callAs(t.app, admin, 'GET', '/api/routers/tree')).body.data.rows as RouterEntry[]).map((row) => row.fullpath);
    expect(tree).toEqual(expect.arrayContaining(['/msg/task', '/message/push-records']));
  });

  it('comes back with everything when shown again', async () => {
    await hide();
    expect(await menuPaths(admin)).toEqual(expect.arrayContaining(['/msg', '/msg/task', '/message/push-records']));
    expect(await menuPaths(operator.token)).toEqual(expect.arrayContaining(['/msg', '/msg/task', '/message/push-records']));
    expect((await callAs(t.app, operator.token, 'GET', '/api/push-tasks')).status).toBe(200);
    expect((await callAs(t.app, admin, 'GET', '/api/push-records')).status).toBe(200);
  });

  it('cannot be the settings group', async () => {
    const answer = await callAs(t.app, admin, 'PUT', '/api/site-settings', { ...defaults, hiddenGroups: ['/settings'] });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'hiddenGroups.0: The settings and dashboard groups cannot be hidden: the settings screen is where groups are shown again, and every login opens the dashboard',
    );
    expect((await callAs(t.app, admin, 'GET', '/api/site-settings')).status).toBe(200);
  });
});

describe('route groups', () => {
  it('come from the menu paths a route names', () => {
    expect(routeGroups('public')).toEqual([]);
    expect(routeGroups('admin')).toEqual([]);
    expect(routeGroups({ permission: '/inquiry/adpost/add' })).toEqual(['/inquiry']);
    expect(routeGroups({ anyOf: ['/message/personInfo', '/settings/user'] })).toEqual(['/message', '/settings']);
    expect(isRouteHidden({ anyOf: ['/message/personInfo', '/settings/user'] }, new Set(['/message']))).toBe(false);
    expect(isRouteHidden({ anyOf: ['/msg/task', '/message/personInfo'] }, new Set(['/message', '/msg']))).toBe(true);
    expect(isRouteHidden('user', new Set(['/msg']))).toBe(false);
  });

  it('place an entry by its permission key, so a renamed entry stays in its group', () => {
    const entry = (id: number, key: string, fullpath: string, children: number[] = []): RouterEntry => ({
      _id: id,
      path: fullpath,
      fullpath,
      key,
      level: 1,
      parent: null,
      children,
      roles: [],
      type: 'menu',
      title: '',
      icon: null,
      sort: 0,
      hidden: false,
      noRole: false,
    });
    const rows = [
      entry(1, '/inquiry', '/faq', [2, 3]),
      entry(2, '/inquiry/adpost', '/faq/adpost'),
      entry(3, 'custom:1', '/faq/extra'),
      entry(4, '/board', '/board', []),
    ];
    expect(visibleMenuEntries(rows, ['/inquiry']).map((row) => row._id)).toEqual([3, 4]);
    expect(visibleMenuEntries(rows, ['/board']).map((row) => row._id)).toEqual([1, 2, 3]);
  });
});
