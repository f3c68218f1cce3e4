import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { productRouterEntries } from '@shared/menu';
import { routerEntrySchema, routerGeneratedSchema, routerListSchema, type RouterInput } from '@shared/schemas';
import { createTestApp, loginAs, bearer, type TestApp } from '@tests/support/testApp';
import { defaultRoleId } from '@tests/support/users';
import { roleWith, routerId, userWithRole } from '../roles/rolesKit.test-util';

let t: TestApp;
let admin: string;
/** Holds the menu screen and every button. */
let editor: string;
/** Holds the menu screen only. */
let viewer: string;
/** Holds nothing of the menu screen. */
let outsider: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await loginAs(t.app);
  const M = '/settings/router';
  editor = (await userWithRole(t.app, 'menuEditor', await roleWith(t.app, 'menu editors', ['/settings', M, `${M}/add`, `${M}/edit`, `${M}/delete`]))).token;
  viewer = (await userWithRole(t.app, 'menuViewer', await roleWith(t.app, 'menu viewers', ['/settings', M]))).token;
  outsider = (await userWithRole(t.app, 'outsider1', await roleWith(t.app, 'outsiders', ['/dashboard']))).token;
}, 60_000); // several argon2 hashes and logins: seconds on a busy runner
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });
/** An entry input; the title defaults to a placeholder key. */
const entry = (input: Omit<RouterInput, 'title'> & { title?: string }): RouterInput => ({ ...input, title: input.title ?? 'route.x' });

const FORBIDDEN = { code: ErrorCode.FORBIDDEN, message: 'You do not have permission to do this', data: null };
const NO_TOKEN = { code: ErrorCode.TOKEN_MISSING, message: 'Please log in first', data: null };

async function expectRefused(method: Method, url: string, viewerToken: string, payload?: object) {
  const refused = await call(method, url, viewerToken, payload);
  expect([refused.statusCode, refused.json()]).toEqual([403, FORBIDDEN]);
  const anonymous = await call(method, url, null, payload);
  expect([anonymous.statusCode, anonymous.json()]).toEqual([401, NO_TOKEN]);
}

describe('GET /api/routers/tree', () => {
  it('gives an admin and a holder of the menu screen every entry, buttons included', async () => {
    for (const token of [admin, viewer]) {
      const response = await call('GET', '/routers/tree', token);
      const body = routerListSchema.parse(response.json().data);
      expect(body.total).toBe(productRouterEntries().length);
      const user = body.rows.find((r) => r.fullpath === '/settings/user');
      const buttons = body.rows.filter((r) => r.parent === user?._id);
      expect(buttons.map((b) => [b.fullpath, b.type, b.level, b.hidden])).toEqual([
        ['/settings/user/add', 'button', 2, true],
        ['/settings/user/edit', 'button', 2, true],
        ['/settings/user/delete', 'button', 2, true],
        ['/settings/user/password', 'button', 2, true],
      ]);
      expect(user?.children).toEqual(buttons.map((b) => b._id));
    }
  });

  it('refuses a user without the menu screen, and a caller without a token', async () => {
    await expectRefused('GET', '/routers/tree', outsider);
  });

  it('serves the tree to a role manager who may assign menus without holding the menu screen', async () => {
    const granter = (await userWithRole(t.app, 'roleGranter', await roleWith(t.app, 'role granters', ['/settings', '/settings/roles', '/settings/roles/auth'])))
      .token;
    const response = await call('GET', '/routers/tree', granter);
    expect(response.statusCode).toBe(200);
    expect(routerListSchema.parse(response.json().data).rows.some((row) => row.fullpath === '/settings/router/add')).toBe(true);
  });
});

describe('POST /api/routers', () => {
  it('joins the parent full path, sets the level and stores the fields', async () => {
    const response = await call(
      'POST',
      '/routers',
      admin,
      entry({ path: 'energyAudit', parent: await routerId(t.app, '/settings'), title: 'route.energyAudit', sort: 12, icon: 'AuditOutlined' }),
    );
    expect(response.json()).toMatchObject({ code: 0, message: 'Created' });
    const created = routerEntrySchema.parse(response.json().data);
    expect(created).toMatchObject({
      path: 'energyAudit',
      fullpath: '/settings/energyAudit',
      level: 1,
      type: 'menu',
      sort: 12,
      icon: 'AuditOutlined',
      hidden: false,
      noRole: false,
      children: [],
      roles: [],
    });
  });

  it('stores a top-level path with its leading slash and a button below a screen', async () => {
    const top = routerEntrySchema.parse((await call('POST', '/routers', admin, entry({ path: 'plant' }))).json().data);
    expect(top).toMatchObject({ path: '/plant', fullpath: '/plant', level: 0, parent: null });
    const button = routerEntrySchema.parse(
      (await call('POST', '/routers', admin, entry({ path: 'export', parent: await routerId(t.app, '/settings/user'), type: 'button' }))).json().data,
    );
    expect(button).toMatchObject({ path: 'export', fullpath: '/settings/user/export', level: 2, type: 'button' });
    expect(button.key).toMatch(/^custom:/);
  });

  it('refuses a full path already in the tree with menus.fullpath_err', async () => {
    const response = await call('POST', '/routers', admin, entry({ path: 'user', parent: await routerId(t.app, '/settings') }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'menus.fullpath_err',
      data: { issues: [{ field: 'body.path', rule: 'custom', message: 'menus.fullpath_err' }] },
    });
  });

  it('checks the fields with the shared rules: sort must be a number, a parent must exist', async () => {
    const sort = await call('POST', '/routers', admin, { path: 'x1', title: 'route.x', sort: 'first' });
    expect(sort.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'body.sort: menus.sort_err' });
    const path = await call('POST', '/routers', admin, { path: 'a b', title: 'route.x' });
    expect(path.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'body.path: menus.path_err' });
    const parent = await call('POST', '/routers', admin, entry({ path: 'x2', parent: 999_999 }));
    expect(parent.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'menus.parent_err' });
  });

  it('needs the add button', async () => {
    await expectRefused('POST', '/routers', viewer, entry({ path: 'nope' }));
  });
});

describe('PUT /api/routers/:id', () => {
  it('moves an entry with its subtree: full paths and levels follow', async () => {
    const group = routerEntrySchema.parse((await call('POST', '/routers', admin, entry({ path: '/workshop' }))).json().data);
    const screen = routerEntrySchema.parse((await call('POST', '/routers', admin, entry({ path: 'lines', parent: group._id }))).json().data);
    const button = routerEntrySchema.parse((await call('POST', '/routers', admin, entry({ path: 'add', parent: screen._id, type: 'button' }))).json().data);
    const target = await routerId(t.app, '/settings');
    const moved = await call('PUT', `/routers/${group._id}`, admin, entry({ path: 'workshop', parent: target, title: 'route.workshop' }));
    expect(moved.json()).toMatchObject({
      code: 0,
      message: 'Updated',
      data: { fullpath: '/settings/workshop', level: 1, parent: target, title: 'route.workshop' },
    });
    const rows = routerListSchema.parse((await call('GET', '/routers/tree', admin)).json().data).rows;
    expect(rows.find((r) => r._id === screen._id)).toMatchObject({ fullpath: '/settings/workshop/lines', level: 2 });
    expect(rows.find((r) => r._id === button._id)).toMatchObject({ fullpath: '/settings/workshop/lines/add', level: 3 });
  });

  it('refuses a parent inside the entry’s own subtree, or the entry itself', async () => {
    const settings = await routerId(t.app, '/settings');
    for (const parent of [settings, await routerId(t.app, '/settings/user')]) {
      const response = await call('PUT', `/routers/${settings}`, admin, entry({ path: 'settings', parent }));
      expect(response.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'menus.parent_err' });
    }
  });

  it('refuses a rename onto a taken full path, and an unknown id', async () => {
    const roles = await routerId(t.app, '/settings/roles');
    const taken = await call('PUT', `/routers/${roles}`, admin, entry({ path: 'user', parent: await routerId(t.app, '/settings') }));
    expect(taken.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'menus.fullpath_err' });
    const unknown = await call('PUT', '/routers/999999', admin, entry({ path: 'x' }));
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { code: ErrorCode.NOT_FOUND, message: 'No such menu entry', data: null }]);
  });

  it('needs the edit button', async () => {
    await expectRefused('PUT', `/routers/${await routerId(t.app, '/plant')}`, viewer, entry({ path: 'plant2' }));
  });
});

describe('DELETE /api/routers/:id', () => {
  it('deletes the entry with its children and their grants', async () => {
    const screen = await routerId(t.app, '/settings/workshop/lines');
    await t.app.storage.db
      .insertInto('role_routers')
      .values({ role_id: await defaultRoleId(t.app.storage.db), router_id: screen })
      .execute();
    const response = await call('DELETE', `/routers/${await routerId(t.app, '/settings/workshop')}`, admin);
    expect(response.json()).toEqual({ code: 0, message: 'Deleted', data: { deleted: 3 } });
    const left = await t.app.storage.db.selectFrom('routers').select('id').where('fullpath', 'like', '/settings/workshop%').execute();
    expect(left).toEqual([]);
    expect(await t.app.storage.db.selectFrom('role_routers').select('role_id').where('router_id', '=', screen).execute()).toEqual([]);
  });

  it('answers 404 for an unknown id and needs the delete button', async () => {
    const unknown = await call('DELETE', '/routers/999999', admin);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, ErrorCode.NOT_FOUND]);
    await expectRefused('DELETE', `/routers/${await routerId(t.app, '/plant')}`, viewer);
  });
});

describe('GET /api/routers/generator', () => {
  it('adds back the known entries the tree lacks, then has nothing to add', async () => {
    await call('DELETE', `/routers/${await routerId(t.app, '/settings/loginPageSet')}`, admin);
    const first = await call('GET', '/routers/generator', editor);
    expect(first.json()).toMatchObject({ code: 0, message: 'Created' });
    expect(routerGeneratedSchema.parse(first.json().data)).toEqual({
      created: ['/settings/loginPageSet', '/settings/loginPageSet/add', '/settings/loginPageSet/edit', '/settings/loginPageSet/delete'],
      total: 4,
    });
    const second = await call('GET', '/routers/generator', admin);
    expect(second.json()).toEqual({ code: 0, message: 'Nothing to add', data: { created: [], total: 0 } });
  });

  it('needs the add button', async () => {
    await expectRefused('GET', '/routers/generator', viewer);
  });
});
