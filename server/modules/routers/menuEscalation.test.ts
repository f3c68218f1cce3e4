import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { routerEntrySchema, routerListSchema, type RouterInput } from '@shared/schemas';
import { createTestApp, loginAs, bearer, type TestApp } from '@tests/support/testApp';
import { newUser } from '../../users/usersKit.test-util';
import { roleWith, routerId, userWithRole } from '../roles/rolesKit.test-util';

/**
 * The menu editor must never let a non-admin change what grants it anything: permissions match stable
 * keys, and the menu tree, shared by every user tree, is changed only by administrators.
 */
let t: TestApp;
let admin: string;
/** The finding's role: the menu screen, its edit button, and one alerts screen. */
let attacker: string;
/** Holds the user screen's add button, to show a rename keeps a grant working. */
let userAdder: string;
/** Holds every menu editor button and the alerts group and screens. */
let editor: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await loginAs(t.app);
  attacker = (
    await userWithRole(t.app, 'escalator', await roleWith(t.app, 'menu escalators', ['/settings/router', '/settings/router/edit', '/alerts/devices']))
  ).token;
  userAdder = (await userWithRole(t.app, 'useradder', await roleWith(t.app, 'user adders', ['/settings', '/settings/user', '/settings/user/add']))).token;
  const M = '/settings/router';
  editor = (
    await userWithRole(
      t.app,
      'alertEditor',
      await roleWith(t.app, 'alert editors', ['/settings', M, `${M}/add`, `${M}/edit`, `${M}/delete`, '/alerts', '/alerts/devices', '/alerts/error']),
    )
  ).token;
}, 60_000); // several argon2 hashes and logins
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const forbidden = (message: string) => [403, { code: ErrorCode.FORBIDDEN, message, data: null }];
const reply = async (pending: ReturnType<typeof call>) => {
  const response = await pending;
  return [response.statusCode, response.json()];
};
const stored = async (fullpath: string) => {
  const rows = routerListSchema.parse((await call('GET', '/routers/tree', admin)).json().data).rows;
  const found = rows.find((r) => r.fullpath === fullpath);
  if (!found) throw new Error(`no entry at ${fullpath}`);
  return found;
};
/** The entry as the editor would send it back, with `changes` applied. */
const asInput = (row: Awaited<ReturnType<typeof stored>>, changes: Partial<RouterInput> = {}): RouterInput => ({
  path: row.path,
  parent: row.parent,
  type: row.type,
  title: row.title,
  icon: row.icon,
  sort: row.sort,
  hidden: row.hidden,
  noRole: row.noRole,
  ...changes,
});

/** The menu tree is shared by every user tree: only administrators change it (tenancy 'platform'). */
const PLATFORM = 'Only an administrator may change settings shared by every user tree';

describe('the escalation of the finding', () => {
  it('renaming the add button away and moving a held screen onto its path does not open POST /api/users', async () => {
    const before = await call('POST', '/users', attacker, newUser('escalated_one'));
    expect(before.statusCode).toBe(403);

    const userAdd = await stored('/settings/user/add');
    const rename = await reply(call('PUT', `/routers/${userAdd._id}`, attacker, asInput(userAdd, { path: 'add-away' })));
    const devices = await stored('/alerts/devices');
    const move = await reply(
      call('PUT', `/routers/${devices._id}`, attacker, asInput(devices, { path: 'add', parent: await routerId(t.app, '/settings/user') })),
    );

    const after = await call('POST', '/users', attacker, newUser('escalated_one'));
    expect([after.statusCode, after.json().code]).toEqual([403, ErrorCode.FORBIDDEN]);
    expect(rename).toEqual(forbidden(PLATFORM));
    expect(move).toEqual(forbidden(PLATFORM));
    expect(await stored('/settings/user/add')).toMatchObject({ _id: userAdd._id, key: '/settings/user/add' });
    expect(await stored('/alerts/devices')).toMatchObject({ _id: devices._id, key: '/alerts/devices' });
  });

  it('grants follow the key, not the path: even an admin moving entries around changes no one’s rights', async () => {
    const userAdd = await stored('/settings/user/add');
    const devices = await stored('/alerts/devices');
    const userScreen = await routerId(t.app, '/settings/user');
    expect((await reply(call('PUT', `/routers/${userAdd._id}`, admin, asInput(userAdd, { path: 'add-away' }))))[0]).toBe(200);
    const moved = await call('PUT', `/routers/${devices._id}`, admin, asInput(devices, { path: 'add', parent: userScreen }));
    expect(moved.statusCode).toBe(200);
    expect(routerEntrySchema.parse(moved.json().data)).toMatchObject({ fullpath: '/settings/user/add', key: '/alerts/devices' });

    const escalated = await call('POST', '/users', attacker, newUser('escalated_two'));
    expect([escalated.statusCode, escalated.json().code]).toEqual([403, ErrorCode.FORBIDDEN]);
    const granted = await call('POST', '/users', userAdder, newUser('still_allowed'));
    expect([granted.statusCode, granted.json().code]).toEqual([200, 0]);

    // The sidebar gets the new path with the stable key beside it.
    const own = routerListSchema.parse((await call('GET', '/routers', userAdder)).json().data).rows;
    expect(own.find((r) => r._id === userAdd._id)).toMatchObject({ fullpath: '/settings/user/add-away', key: '/settings/user/add' });

    // Put them back for the other tests.
    expect((await call('PUT', `/routers/${devices._id}`, admin, asInput(devices))).statusCode).toBe(200);
    expect((await call('PUT', `/routers/${userAdd._id}`, admin, asInput(userAdd))).statusCode).toBe(200);
  });
});

describe('a non-admin in the menu editor', () => {
  it('changes nothing, even holding every editor button and the entries: create, retitle, move, needs-no-role and delete are refused', async () => {
    const before = (await call('GET', '/routers/tree', admin)).json().data;
    const devices = await stored('/alerts/devices');
    const alerts = await routerId(t.app, '/alerts');
    const attempts = [
      call('PUT', `/routers/${devices._id}`, editor, asInput(devices, { title: 'route.myDevices', icon: 'BellOutlined', sort: 9, hidden: true })),
      call('PUT', `/routers/${devices._id}`, editor, asInput(devices, { path: 'devices2' })),
      call('PUT', `/routers/${devices._id}`, editor, asInput(devices, { noRole: true })),
      call('POST', '/routers', editor, { path: 'export', parent: devices._id, title: 'route.export', type: 'button' }),
      call('POST', '/routers', editor, { path: 'open', parent: alerts, title: 'route.open', noRole: true }),
      call('DELETE', `/routers/${devices._id}`, editor),
    ];
    for (const attempt of attempts) expect(await reply(attempt)).toEqual(forbidden(PLATFORM));
    expect((await call('GET', '/routers/tree', admin)).json().data).toEqual(before);
  });

  it('still reads the menu tree it needs for the role screen', async () => {
    expect((await call('GET', '/routers/tree', editor)).statusCode).toBe(200);
  });
});

describe('an administrator in the menu editor', () => {
  it('may give a new entry a full path that is another entry’s permission key, and it grants nothing', async () => {
    const error = await stored('/alerts/error');
    expect((await call('PUT', `/routers/${error._id}`, admin, asInput(error, { path: 'error-old' }))).statusCode).toBe(200);
    const alerts = await routerId(t.app, '/alerts');
    const byAdmin = await call('POST', '/routers', admin, { path: 'error', parent: alerts, title: 'route.error' });
    const taken = routerEntrySchema.parse(byAdmin.json().data);
    expect(taken.fullpath).toBe('/alerts/error');
    expect(taken.key).toMatch(/^custom:[0-9a-f-]{36}$/);
    // Its own key is free to the renamed entry once the path is free again: moving back is fine.
    expect((await call('DELETE', `/routers/${taken._id}`, admin)).statusCode).toBe(200);
    expect((await call('PUT', `/routers/${error._id}`, admin, asInput(error))).statusCode).toBe(200);
    expect(await stored('/alerts/error')).toMatchObject({ _id: error._id, key: '/alerts/error' });
  });
});
