import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { loginAs } from '@tests/support/testApp';
import { GOOD_PASSWORD, USER_ADMIN_PATHS, editOf, usersKit, type Member, type UsersKit } from './usersKit.test-util';

let k: UsersKit;
let manager: Member;
beforeAll(async () => {
  k = await usersKit();
  manager = await k.member('manager', USER_ADMIN_PATHS);
}, 60_000);
afterAll(() => k.close());

const db = () => k.t.app.storage.db;
const roleId = async (name: string) => (await db().selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const rowOf = async (id: number) => (await k.call('GET', `/api/users/${id}`)).body.data;
const put = async (id: number, overrides: Record<string, unknown>, token = k.adminToken) =>
  k.call('PUT', `/api/users/${id}`, editOf(await rowOf(id), overrides), token);
let serial = 0;
const staff = () => k.insertUser(`staff_${++serial}`, manager.id);

describe('PUT /api/users/:id', () => {
  it('saves the dialog and answers the updated row; the e-mail stays as created', async () => {
    const id = await staff();
    const answer = await put(id, {
      trueName: 'Night shift lead',
      email: 'changed@plant.test',
      pushEmails: ['lead@plant.test'],
      pushPhones: ['13600000004'],
      smsCount: 12,
      mqttRole: 'both',
      mqttUsername: 'mq_lead',
    });
    expect(answer.body).toMatchObject({
      code: 0,
      message: 'Updated',
      data: {
        _id: id,
        trueName: 'Night shift lead',
        email: `staff_${serial}@plant.test`,
        pushEmails: ['lead@plant.test'],
        pushPhones: ['13600000004'],
        smsCount: 12,
        mqttRole: 'both',
        mqttUsername: 'mq_lead',
      },
    });
    // Its own phone and MQTT account are not "taken".
    expect((await put(id, { trueName: 'Again' })).body.code).toBe(0);
  });

  it("makes role membership follow a type-0 caller's selection and ignores a type-1 caller's", async () => {
    const id = await staff();
    const operator = await roleId('operator');
    expect((await put(id, { roles: [manager.roleId] })).body.data.roles).toEqual([{ _id: manager.roleId, name: 'role_manager' }]);
    expect((await put(id, { roles: [operator, manager.roleId] })).body.data.roles.map((r: { _id: number }) => r._id)).toEqual(
      [operator, manager.roleId].sort((a, b) => a - b),
    );
    expect((await put(id, { roles: [operator] }, manager.token)).body.data.roles.map((r: { _id: number }) => r._id)).toEqual(
      [operator, manager.roleId].sort((a, b) => a - b),
    );
    expect((await put(id, {}, manager.token)).body.data.roles.map((r: { _id: number }) => r._id)).toEqual([operator, manager.roleId].sort((a, b) => a - b));
  });

  it('lets only admins change a username; the same username is fine for anyone', async () => {
    const id = await staff();
    const name = `staff_${serial}`;
    expect((await put(id, { username: name }, manager.token)).body.code).toBe(0);
    expect(await put(id, { username: 'renamed_by_parent' }, manager.token)).toEqual({
      status: 403,
      body: { code: ErrorCode.FORBIDDEN, data: null, message: 'Only admins may change a username' },
    });
    expect((await put(id, { username: 'renamed_by_admin' })).body.data.username).toBe('renamed_by_admin');
    expect(await put(id, { username: 'manager' })).toEqual({
      status: 400,
      body: {
        code: ErrorCode.VALIDATION_FAILED,
        message: 'users.ph_username_err',
        data: { issues: [{ field: 'username', rule: 'unique', message: 'users.ph_username_err' }] },
      },
    });
  });

  it('keeps the password when empty; a new one works at once and signs the user out everywhere', async () => {
    const id = await staff();
    const name = `staff_${serial}`;
    const token = await loginAs(k.t.app, name, GOOD_PASSWORD);
    expect((await put(id, { password: '', repeatPassword: '' })).body.code).toBe(0);
    expect((await k.call('GET', '/api/users/info', undefined, token)).body.code).toBe(0);
    expect((await put(id, { password: 'Newer!pass42', repeatPassword: 'Newer!pass42' })).body.code).toBe(0);
    expect((await k.call('GET', '/api/users/info', undefined, token)).body.code).toBe(ErrorCode.TOKEN_REVOKED);
    expect(await loginAs(k.t.app, name, 'Newer!pass42')).toEqual(expect.any(String));
    expect((await put(id, { password: 'Newer!pass42' })).body.data.issues).toEqual([{ field: 'repeatPassword', rule: 'custom', message: 'users.ph_repwd' }]);
  });

  it('disables with status false: sessions end and the user cannot log in; true enables again', async () => {
    const id = await staff();
    const name = `staff_${serial}`;
    const token = await loginAs(k.t.app, name, GOOD_PASSWORD);
    expect((await put(id, { status: false }, manager.token)).body.data.status).toBe(false);
    expect((await k.call('GET', '/api/users/info', undefined, token)).body.code).toBe(ErrorCode.TOKEN_REVOKED);
    const login = await k.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: name, password: GOOD_PASSWORD } });
    expect(login.json()).toEqual({ code: ErrorCode.ACCOUNT_DISABLED, data: null, message: 'This account has been disabled and cannot log in to the system' });
    expect((await put(id, { status: true }, manager.token)).body.data.status).toBe(true);
    expect(await loginAs(k.t.app, name, GOOD_PASSWORD)).toEqual(expect.any(String));
  });

  it('replaces the visible boards and display areas; a parent may give only what it sees itself', async () => {
    const id = await staff();
    const areas = await db()
      .insertInto('display_areas')
      .values([1, 2, 3].map((n) => ({ name: `Hall ${n}`, image: '', gateway_id: null, cloud: 0, show_status: 0, config: '{}', owner_user_id: k.adminId })))
      .returning('id')
      .execute();
    const boards = (await db().selectFrom('boards').select('id').orderBy('id').execute()).map((b) => b.id);
    expect(boards.length).toBeGreaterThan(1);
    const [a1, a2, a3] = areas.map((a) => a.id) as [number, number, number];
    expect((await put(id, { displayAreaIds: [a1, a2], boardIds: [boards[0]] })).body.data).toMatchObject({ displayAreaIds: [a1, a2], boardIds: [boards[0]] });
    expect((await put(id, { displayAreaIds: [a3], boardIds: [] })).body.data).toMatchObject({ displayAreaIds: [a3], boardIds: [] });
    // The manager sees area 1 only: it may give that, keep what the user has (area 3), nothing else.
    await db().insertInto('user_display_areas').values({ user_id: manager.id, display_area_id: a1 }).execute();
    expect((await put(id, { displayAreaIds: [a1, a3] }, manager.token)).body.data.displayAreaIds).toEqual([a1, a3]);
    expect(await put(id, { displayAreaIds: [a2] }, manager.token)).toEqual({
      status: 403,
      body: { code: ErrorCode.FORBIDDEN, data: null, message: 'You may only give boards and display areas you see yourself' },
    });
    expect(await put(id, { boardIds: [boards[1]] }, manager.token)).toEqual({
      status: 403,
      body: { code: ErrorCode.FORBIDDEN, data: null, message: 'You may only give boards and display areas you see yourself' },
    });
    expect((await put(id, { boardIds: [999999] })).body).toEqual({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'boardIds: Unknown board 999999',
      data: { issues: [{ field: 'boardIds', rule: 'unknown', message: 'Unknown board 999999' }] },
    });
  });
});

describe('PUT /api/users/:id/password', () => {
  it('sets a new password, ends the sessions, and applies the password rules', async () => {
    const id = await staff();
    const name = `staff_${serial}`;
    const token = await loginAs(k.t.app, name, GOOD_PASSWORD);
    const set = (body: object) => k.call('PUT', `/api/users/${id}/password`, body, manager.token);
    expect((await set({ password: 'Fresh!pass99', repeatPassword: 'Fresh!pass98' })).body).toEqual({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'repeatPassword: users.ph_errpwd',
      data: { issues: [{ field: 'repeatPassword', rule: 'custom', message: 'users.ph_errpwd' }] },
    });
    expect((await set({ password: '', repeatPassword: '' })).body.data.issues).toEqual([{ field: 'password', rule: 'custom', message: 'users.ph_pwd' }]);
    expect((await set({ password: 'nouppercase1!', repeatPassword: 'nouppercase1!' })).body.data.issues).toEqual([
      { field: 'password', rule: 'custom', message: 'rules.password_isPassword' },
    ]);
    expect((await k.call('GET', '/api/users/info', undefined, token)).body.code).toBe(0);
    expect((await set({ password: 'Fresh!pass99', repeatPassword: 'Fresh!pass99' })).body).toEqual({ code: 0, data: null, message: 'Updated' });
    expect((await k.call('GET', '/api/users/info', undefined, token)).body.code).toBe(ErrorCode.TOKEN_REVOKED);
    expect(await loginAs(k.t.app, name, 'Fresh!pass99')).toEqual(expect.any(String));
  });
});
