import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { roleListSchema, roleRowSchema } from '@shared/schemas';
import { createTestApp, loginAs, bearer, type TestApp } from '@tests/support/testApp';
import { insertSubUserRow } from '@tests/support/users';
import { roleWith, routerId, userWithRole } from './rolesKit.test-util';

const R = '/settings/roles';
let t: TestApp;
let admin: string;
/** Holds the role screen, all its buttons, and the device screen with its add button. */
let manager: { id: number; token: string };
let managerRole: number;
/** A user of the manager's tree, and one outside it. */
let child: number;
let stranger: number;
/** Holds the role screen only. */
let viewer: string;
/** Holds the user screen only: reads roles for the user dialog. */
let userScreen: string;
let outsider: string;
let adminRole: number;
let operatorRole: number;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await loginAs(t.app);
  managerRole = await roleWith(t.app, 'role managers', [
    '/settings',
    R,
    `${R}/add`,
    `${R}/edit`,
    `${R}/delete`,
    `${R}/auth`,
    '/base',
    '/base/device',
    '/base/device/add',
  ]);
  manager = await userWithRole(t.app, 'roleManager', managerRole);
  child = await insertSubUserRow(t.app.storage.db, { username: 'managerChild', password: 'Secret!234', fatherId: manager.id });
  viewer = (await userWithRole(t.app, 'roleViewer', await roleWith(t.app, 'role viewers', ['/settings', R]))).token;
  userScreen = (await userWithRole(t.app, 'userScreen', await roleWith(t.app, 'user screen', ['/settings', '/settings/user']))).token;
  const outsiderUser = await userWithRole(t.app, 'outsider1', await roleWith(t.app, 'outsiders', ['/dashboard']));
  outsider = outsiderUser.token;
  stranger = outsiderUser.id;
  const roleIds = await t.app.storage.db.selectFrom('roles').select(['id', 'name']).execute();
  adminRole = roleIds.find((r) => r.name === 'admin')?.id ?? 0;
  operatorRole = roleIds.find((r) => r.name === 'operator')?.id ?? 0;
}, 60_000); // several argon2 hashes and logins: seconds on a busy runner
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

const FORBIDDEN = { code: ErrorCode.FORBIDDEN, message: 'You do not have permission to do this', data: null };
const NO_TOKEN = { code: ErrorCode.TOKEN_MISSING, message: 'Please log in first', data: null };
const BUILT_IN = {
  code: ErrorCode.VALIDATION_FAILED,
  message: 'roles.builtin_err',
  data: { issues: [{ field: 'id', rule: 'builtin', message: 'roles.builtin_err' }] },
};
const forbidden = (message: string) => ({ code: ErrorCode.FORBIDDEN, message, data: null });

async function expectRefused(method: Method, url: string, withoutPermission: string, payload?: object) {
  const refused = await call(method, url, withoutPermission, payload);
  expect([refused.statusCode, refused.json()]).toEqual([403, FORBIDDEN]);
  const anonymous = await call(method, url, null, payload);
  expect([anonymous.statusCode, anonymous.json()]).toEqual([401, NO_TOKEN]);
}

const create = async (token: string, payload: object) => call('POST', '/roles', token, payload);
const created = async (payload: object) => roleRowSchema.parse((await create(admin, payload)).json().data);
const idsOf = async (...fullpaths: string[]) => Promise.all(fullpaths.map((p) => routerId(t.app, p)));
const ascending = (ids: number[]) => [...ids].sort((x, y) => x - y);

describe('GET /api/roles', () => {
  it('lists every role with its members and grants to an administrator', async () => {
    const body = roleListSchema.parse((await call('GET', '/roles', admin)).json().data);
    expect(body.total).toBe(6);
    expect(body.rows.slice(0, 2).map((r) => [r.name, r.type, r.isDefault])).toEqual([
      ['admin', 0, false],
      ['operator', 1, true],
    ]);
    const managers = body.rows.find((r) => r._id === managerRole);
    expect(managers?.users).toEqual([manager.id]);
    expect(managers?.routers).toEqual(
      (await idsOf('/settings', R, `${R}/add`, `${R}/edit`, `${R}/delete`, `${R}/auth`, '/base', '/base/device', '/base/device/add')).sort((a, b) => a - b),
    );
  });

  it("lists to others the roles they hold and those whose members are all in their tree, never another tree's members", async () => {
    const names = async (token: string) => roleListSchema.parse((await call('GET', '/roles', token)).json().data).rows.map((r) => [r.name, r.users.length]);
    // The built-in operator role has no members yet; the admin role, the managers and outsiders have members elsewhere.
    expect(await names(viewer)).toEqual([
      ['operator', 0],
      ['role viewers', 1],
    ]);
    expect(await names(userScreen)).toEqual([
      ['operator', 0],
      ['user screen', 1],
    ]);
    const managerView = roleListSchema.parse((await call('GET', '/roles', manager.token)).json().data).rows;
    expect(managerView.find((r) => r._id === managerRole)?.users).toEqual([manager.id]);
    expect(managerView.some((r) => r.name === 'admin')).toBe(false);
  });

  it('filters by type, by member users (any of them) and by a piece of the name, and pages', async () => {
    const names = async (query: string) => roleListSchema.parse((await call('GET', `/roles?${query}`, admin)).json().data);
    expect((await names('type=0')).rows.map((r) => r.name)).toEqual(['admin']);
    expect((await names(`users=${manager.id},${stranger}`)).rows.map((r) => r.name)).toEqual(['role managers', 'outsiders']);
    expect((await names('name=VIEW')).rows.map((r) => r.name)).toEqual(['role viewers']);
    expect((await names('name=_')).rows).toEqual([]);
    const page = await names('page=2&size=3');
    expect([page.total, page.rows.map((r) => r.name)]).toEqual([6, ['role viewers', 'user screen', 'outsiders']]);
  });

  it('validates the users filter', async () => {
    const response = await call('GET', '/roles?users=1,x', admin);
    expect(response.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'querystring.users: users must be a comma-separated list of user ids',
    });
  });

  it('refuses a user with neither screen, and a caller without a token', async () => {
    await expectRefused('GET', '/roles', outsider);
  });
});

describe('POST /api/roles', () => {
  it('creates a role with its members', async () => {
    const response = await create(admin, { name: ' Shift leads ', description: 'Night and day shift leads', users: [child, child] });
    expect(response.json()).toMatchObject({ code: 0, message: 'Created' });
    expect(roleRowSchema.parse(response.json().data)).toMatchObject({
      name: 'Shift leads',
      type: 1,
      description: 'Night and day shift leads',
      isDefault: false,
      users: [child],
      routers: [],
    });
  });

  it('refuses a taken name with roles.name_err and an empty one with roles.ph_name', async () => {
    const taken = await create(admin, { name: 'operator' });
    expect([taken.statusCode, taken.json()]).toEqual([
      400,
      { code: ErrorCode.VALIDATION_FAILED, message: 'roles.name_err', data: { issues: [{ field: 'body.name', rule: 'unique', message: 'roles.name_err' }] } },
    ]);
    expect((await create(admin, { name: '  ' })).json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'body.name: roles.ph_name' });
    expect((await create(admin, { name: 'ghosts', users: [999_999] })).json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'users: no such user: 999999',
    });
  });

  it('lets a holder of the add button create type-1 roles with members of its own tree only', async () => {
    const own = await create(manager.token, { name: 'Meter readers', users: [child] });
    expect(own.json()).toMatchObject({ code: 0, data: { users: [child] } });
    const foreign = await create(manager.token, { name: 'Poachers', users: [stranger] });
    expect([foreign.statusCode, foreign.json()]).toEqual([403, forbidden('You may only add users of your own tree to a role')]);
    const administrative = await create(manager.token, { name: 'Admins too', type: 0 });
    expect([administrative.statusCode, administrative.json()]).toEqual([403, forbidden('Only an administrator may manage administrative roles')]);
  });

  it('needs the add button', async () => {
    await expectRefused('POST', '/roles', viewer, { name: 'nope' });
  });
});

describe('PUT /api/roles/:id', () => {
  it('saves the fields and replaces the members', async () => {
    const role = await created({ name: 'Auditors', users: [stranger] });
    const response = await call('PUT', `/roles/${role._id}`, admin, { name: 'Energy auditors', description: 'Yearly audit', users: [child] });
    expect(response.json()).toMatchObject({
      code: 0,
      message: 'Updated',
      data: { _id: role._id, name: 'Energy auditors', description: 'Yearly audit', users: [child] },
    });
    const kept = await call('PUT', `/roles/${role._id}`, admin, { name: 'Energy auditors' });
    expect(kept.json().data.users).toEqual([child]);
  });

  it('keeps the admin and default roles’ names and types, but saves their description', async () => {
    for (const [id, name] of [
      [adminRole, 'root'],
      [operatorRole, 'watchers'],
    ] as const) {
      const response = await call('PUT', `/roles/${id}`, admin, { name, type: 1 });
      expect([response.statusCode, response.json()]).toEqual([400, BUILT_IN]);
    }
    const described = await call('PUT', `/roles/${operatorRole}`, admin, { name: 'operator', type: 1, description: 'Watches the plant' });
    expect(described.json()).toMatchObject({ code: 0, data: { name: 'operator', description: 'Watches the plant', isDefault: true } });
  });

  it('refuses a taken name and an unknown id', async () => {
    const role = await created({ name: 'Planners' });
    expect((await call('PUT', `/roles/${role._id}`, admin, { name: 'outsiders' })).json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'roles.name_err',
    });
    const unknown = await call('PUT', '/roles/999999', admin, { name: 'x' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { code: ErrorCode.NOT_FOUND, message: 'No such role', data: null }]);
  });

  it('lets a non-admin edit only roles within its reach: never the admin role, nor one granting more than it holds', async () => {
    const mine = roleRowSchema.parse((await create(manager.token, { name: 'Night shift' })).json().data);
    expect((await call('PUT', `/roles/${mine._id}`, manager.token, { name: 'Night shift B', users: [manager.id, child] })).json()).toMatchObject({
      code: 0,
      data: { users: [manager.id, child] },
    });
    const escalate = await call('PUT', `/roles/${adminRole}`, manager.token, { name: 'admin', type: 0, users: [manager.id] });
    expect([escalate.statusCode, escalate.json()]).toEqual([403, forbidden('Only an administrator may manage administrative roles')]);
    const richer = await roleWith(t.app, 'menu editors', ['/settings', '/settings/router']);
    const response = await call('PUT', `/roles/${richer}`, manager.token, { name: 'menu editors', users: [manager.id] });
    expect([response.statusCode, response.json()]).toEqual([403, forbidden('This role grants menus you do not hold')]);
  });

  it('needs the edit button', async () => {
    await expectRefused('PUT', `/roles/${managerRole}`, viewer, { name: 'x' });
  });
});

describe('DELETE /api/roles/:id and DELETE /api/roles', () => {
  it('deletes a role with its memberships and grants', async () => {
    const role = await created({ name: 'Temporary', users: [child] });
    const response = await call('DELETE', `/roles/${role._id}`, admin);
    expect(response.json()).toEqual({ code: 0, message: 'Deleted', data: { deleted: 1 } });
    expect(await t.app.storage.db.selectFrom('user_roles').select('user_id').where('role_id', '=', role._id).execute()).toEqual([]);
  });

  it('never deletes the admin or default role, alone or in a batch', async () => {
    for (const id of [adminRole, operatorRole]) expect((await call('DELETE', `/roles/${id}`, admin)).json()).toEqual(BUILT_IN);
    const keep = await created({ name: 'Survivor' });
    const batch = await call('DELETE', '/roles', admin, { ids: [keep._id, operatorRole] });
    expect([batch.statusCode, batch.json()]).toEqual([400, BUILT_IN]);
    expect((await call('GET', '/roles?name=Survivor', admin)).json().data.total).toBe(1);
  });

  it('deletes a batch, counting only the roles that existed; 404 for one unknown id', async () => {
    const a = await created({ name: 'Batch A' });
    const b = await created({ name: 'Batch B' });
    expect((await call('DELETE', '/roles', admin, { ids: [a._id, b._id, 999_999] })).json()).toEqual({ code: 0, message: 'Deleted', data: { deleted: 2 } });
    const unknown = await call('DELETE', '/roles/999999', admin);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'No such role']);
  });

  it('lets a non-admin delete roles within its reach only', async () => {
    const mine = roleRowSchema.parse((await create(manager.token, { name: 'Short lived', users: [child] })).json().data);
    expect((await call('DELETE', `/roles/${mine._id}`, manager.token)).json()).toMatchObject({ code: 0, data: { deleted: 1 } });
    const foreign = await created({ name: 'Foreign members', users: [stranger] });
    const response = await call('DELETE', '/roles', manager.token, { ids: [foreign._id] });
    expect([response.statusCode, response.json()]).toEqual([403, forbidden('You may only add users of your own tree to a role')]);
  });

  it('needs the delete button', async () => {
    await expectRefused('DELETE', `/roles/${managerRole}`, viewer);
    await expectRefused('DELETE', '/roles', viewer, { ids: [managerRole] });
  });
});

describe('PUT /api/routers/roles-auth', () => {
  it('replaces what a role holds; a granted button brings its screen and group', async () => {
    const role = await created({ name: 'Menu keepers', users: [stranger] });
    const [settings, router, add] = await idsOf('/settings', '/settings/router', '/settings/router/add');
    const response = await call('PUT', '/routers/roles-auth', admin, { roleId: role._id, routerIds: [add] });
    expect(response.json()).toMatchObject({ code: 0, message: 'Saved', data: { _id: role._id, routers: ascending([settings, router, add].map(Number)) } });
    // The grant takes effect on the member's next request.
    expect((await call('GET', '/routers/tree', outsider)).statusCode).toBe(200);
    const replaced = await call('PUT', '/routers/roles-auth', admin, { roleId: role._id, routerIds: [] });
    expect(replaced.json().data.routers).toEqual([]);
    expect((await call('GET', '/routers/tree', outsider)).statusCode).toBe(403);
  });

  it('leaves the admin role alone, and refuses unknown roles and entries', async () => {
    expect((await call('PUT', '/routers/roles-auth', admin, { roleId: adminRole, routerIds: [] })).json()).toEqual(BUILT_IN);
    const unknownRole = await call('PUT', '/routers/roles-auth', admin, { roleId: 999_999, routerIds: [] });
    expect([unknownRole.statusCode, unknownRole.json().message]).toEqual([404, 'No such role']);
    const unknownEntry = await call('PUT', '/routers/roles-auth', admin, { roleId: operatorRole, routerIds: [999_999] });
    expect(unknownEntry.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'routerIds: no such menu entry: 999999' });
  });

  it('lets a non-admin grant only what it holds itself', async () => {
    const mine = roleRowSchema.parse((await create(manager.token, { name: 'Device clerks', users: [child] })).json().data);
    const [base, device, deviceAdd, routerScreen] = await idsOf('/base', '/base/device', '/base/device/add', '/settings/router');
    const granted = await call('PUT', '/routers/roles-auth', manager.token, { roleId: mine._id, routerIds: [deviceAdd] });
    expect(granted.json()).toMatchObject({ code: 0, data: { routers: ascending([base, device, deviceAdd].map(Number)) } });
    const escalate = await call('PUT', '/routers/roles-auth', manager.token, { roleId: mine._id, routerIds: [routerScreen] });
    expect([escalate.statusCode, escalate.json()]).toEqual([403, forbidden('You may only grant menus and buttons you hold yourself')]);
    const shared = await call('PUT', '/routers/roles-auth', manager.token, { roleId: operatorRole, routerIds: [device] });
    expect(shared.statusCode).toBe(403);
  });

  it('needs the auth button', async () => {
    await expectRefused('PUT', '/routers/roles-auth', viewer, { roleId: managerRole, routerIds: [] });
  });
});
