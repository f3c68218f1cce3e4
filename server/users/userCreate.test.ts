import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import argon2 from 'argon2';
import { ErrorCode } from '@shared/errors';
import { userRowSchema } from '@shared/schemas';
import { loginAs } from '@tests/support/testApp';
import { GOOD_PASSWORD, USER_ADMIN_PATHS, newUser, usersKit, type Member, type UsersKit } from './usersKit.test-util';

let k: UsersKit;
let manager: Member;
beforeAll(async () => {
  k = await usersKit();
  manager = await k.member('manager', USER_ADMIN_PATHS);
}, 60_000);
afterAll(() => k.close());

const db = () => k.t.app.storage.db;
const stored = (username: string) => db().selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
const roleId = async (name: string) => (await db().selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const unique = (field: string, message: string) => ({
  status: 400,
  body: { code: ErrorCode.VALIDATION_FAILED, message, data: { issues: [{ field, rule: 'unique', message }] } },
});

describe('POST /api/users', () => {
  it('creates a type-1, cloud, enabled sub-user under its creator with the roles a type-0 caller picked', async () => {
    const operator = await roleId('operator');
    const created = await k.call(
      'POST',
      '/api/users',
      newUser('field_engineer', {
        roles: [operator, manager.roleId],
        pushEmails: ['ops@plant.test'],
        pushPhones: ['13800000001'],
        smsCount: 30,
        mqttRole: 'publisher',
        mqttUsername: 'mq_field',
        mqttPassword: 'Mqtt!pass123',
      }),
    );
    expect(created.body).toEqual({ code: 0, data: { _id: expect.any(Number) }, message: 'Created' });
    const row = userRowSchema.strict().parse((await k.call('GET', `/api/users/${created.body.data._id}`)).body.data);
    expect(row).toEqual({
      _id: created.body.data._id,
      username: 'field_engineer',
      trueName: 'field_engineer name',
      email: 'field_engineer@plant.test',
      father: k.adminId,
      type: 1,
      status: true,
      cloudType: true,
      roles: [
        { _id: operator, name: 'operator' },
        { _id: manager.roleId, name: 'role_manager' },
      ].sort((a, b) => a._id - b._id),
      children: [],
      pushEmails: ['ops@plant.test'],
      pushPhones: ['13800000001'],
      mqttRole: 'publisher',
      mqttUsername: 'mq_field',
      smsCount: 30,
      displayAreaIds: [],
      boardIds: [],
      createdAt: expect.any(Number),
    });
    const admin = (await k.call('GET', `/api/users/${k.adminId}`)).body.data;
    expect(admin.children).toContain(row._id);
    const user = await stored('field_engineer');
    expect(user.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(await argon2.verify(user.mqtt_password_hash ?? '', 'Mqtt!pass123')).toBe(true);
    expect(await loginAs(k.t.app, 'field_engineer', GOOD_PASSWORD)).toEqual(expect.any(String));
  });

  it('lets only an administrator make a top-level account, which then sees none of the administrator’s tree', async () => {
    const refused = await k.call('POST', '/api/users', newUser('tenant_by_manager', { type: 0 }), manager.token);
    expect(refused).toEqual({
      status: 403,
      body: { code: ErrorCode.FORBIDDEN, message: 'Only an administrator may make a top-level account (a user tree of its own)', data: null },
    });
    const created = await k.call('POST', '/api/users', newUser('tenant_top', { type: 0 }));
    expect(created.body.code).toBe(0);
    expect((await stored('tenant_top')).type).toBe(0);
    const staff = await k.call('POST', '/api/users', newUser('plant_staff'));
    expect((await stored('plant_staff')).type).toBe(1);
    // A gateway of the administrator's tree: its sub-users see it, the tenant does not.
    await db()
      .insertInto('gateways')
      .values({ sn: 'GW-ADMIN-TREE', name: 'Admin tree gateway', owner_user_id: k.adminId, online: 0, last_seen_at: null })
      .execute();
    const visibleTo = async (userId: number) =>
      (
        await k.t.app.auth.authenticate(
          await loginAs(
            k.t.app,
            (await db().selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow()).username,
            GOOD_PASSWORD,
          ),
        )
      ).ownerScope();
    const tenantScope = await visibleTo(created.body.data._id);
    const staffScope = await visibleTo(staff.body.data._id);
    expect(tenantScope.all || tenantScope.owners.has(k.adminId)).toBe(false);
    expect(!staffScope.all && staffScope.owners.has(k.adminId)).toBe(true);
    // Nor may a parent turn a sub-user it manages into a tree of its own.
    const child = await k.call('POST', '/api/users', newUser('manager_child'), manager.token);
    const promoted = await k.call('PUT', `/api/users/${child.body.data._id}`, { trueName: 'Manager child', type: 0 }, manager.token);
    expect([promoted.status, promoted.body.message]).toEqual([403, 'Only an administrator may make a top-level account (a user tree of its own)']);
    expect((await stored('manager_child')).type).toBe(1);
  });

  it("lets an administrator give a new sub-user the boards of the administrator's tree, but not a new tenant", async () => {
    const board = (await db().selectFrom('boards').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const staff = await k.call('POST', '/api/users', newUser('wall_watcher', { boardIds: [board] }));
    expect(staff.body.code).toBe(0);
    expect((await k.call('GET', `/api/users/${staff.body.data._id}`)).body.data.boardIds).toEqual([board]);
    const tenant = await k.call('POST', '/api/users', newUser('wall_tenant', { type: 0, boardIds: [board] }));
    expect([tenant.status, tenant.body.message]).toEqual([400, `boardIds: Unknown board ${board}`]);
  });

  it('gives the default role when a type-0 caller picks none, and always to a type-1 caller', async () => {
    const operator = await roleId('operator');
    await k.call('POST', '/api/users', newUser('no_pick'));
    const picked = await k.call('POST', '/api/users', newUser('manager_pick', { roles: [manager.roleId] }), manager.token);
    expect(picked.body.code).toBe(0);
    for (const username of ['no_pick', 'manager_pick']) {
      const roles = await db()
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', '=', (await stored(username)).id)
        .execute();
      expect(roles.map((r) => r.role_id)).toEqual([operator]);
    }
  });

  it('lets a non-admin type-0 caller give only type-1 roles it holds', async () => {
    const chief = await k.member('chief_type0', USER_ADMIN_PATHS, { type: 0 });
    const ok = await k.call('POST', '/api/users', newUser('chief_child', { roles: [chief.roleId] }), chief.token);
    expect(ok.body.code).toBe(0);
    expect((await k.call('GET', `/api/users/${ok.body.data._id}`, undefined, chief.token)).body.data.roles).toEqual([
      { _id: chief.roleId, name: 'role_chief_type0' },
    ]);
    const refused = { status: 403, body: { code: ErrorCode.FORBIDDEN, data: null, message: 'You may only give roles of type 1 that you hold yourself' } };
    expect(await k.call('POST', '/api/users', newUser('chief_child2', { roles: [await roleId('operator')] }), chief.token)).toEqual(refused);
    expect(await k.call('POST', '/api/users', newUser('chief_child2', { roles: [await roleId('admin')] }), chief.token)).toEqual(refused);
    expect(await k.call('POST', '/api/users', newUser('chief_child2', { roles: [] }), chief.token)).toEqual({
      status: 400,
      body: {
        code: ErrorCode.VALIDATION_FAILED,
        message: 'users.ph_roles',
        data: { issues: [{ field: 'roles', rule: 'too_small', message: 'users.ph_roles' }] },
      },
    });
    expect((await k.call('POST', '/api/users', newUser('chief_child2', { roles: [999999] }))).body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'roles: Unknown role 999999',
    });
  });

  it('refuses a taken username, e-mail (any case), MQTT username (user or gateway) and push phone with the catalogue keys', async () => {
    await k.call('POST', '/api/users', newUser('taken_one', { pushPhones: ['13900000002'], mqttUsername: 'mq_taken' }));
    await db()
      .insertInto('gateways')
      .values({ sn: 'GW-1', name: 'Gateway 1', owner_user_id: k.adminId, online: 0, last_seen_at: null, mqtt_username: 'mq_gateway' })
      .execute();
    expect(await k.call('POST', '/api/users', newUser('taken_one', { email: 'other@plant.test' }))).toEqual(unique('username', 'users.ph_username_err'));
    expect(await k.call('POST', '/api/users', newUser('fresh_one', { email: 'TAKEN_ONE@plant.test' }))).toEqual(unique('email', 'users.email_registered'));
    expect(await k.call('POST', '/api/users', newUser('fresh_one', { mqttUsername: 'mq_taken' }))).toEqual(unique('mqttUsername', 'users.mqtt_username_err'));
    expect(await k.call('POST', '/api/users', newUser('fresh_one', { mqttUsername: 'mq_gateway' }))).toEqual(unique('mqttUsername', 'users.mqtt_username_err'));
    expect(await k.call('POST', '/api/users', newUser('fresh_one', { pushPhones: ['13700000003', '13900000002'] }))).toEqual(
      unique('pushPhones.1', 'users.phone_used'),
    );
  });

  it('applies the shared §5 rules', async () => {
    const issues = async (body: object) => (await k.call('POST', '/api/users', body)).body;
    expect(await issues(newUser('bad pw', { email: 'badpw@plant.test', password: 'short', repeatPassword: 'short' }))).toEqual({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'username: rules.username_isUserName',
      data: {
        issues: [
          { field: 'username', rule: 'custom', message: 'rules.username_isUserName' },
          { field: 'password', rule: 'custom', message: 'rules.password_isPassword' },
        ],
      },
    });
    // A valid username never carries a password symbol, so "equals the username" shows beside the username's own rule.
    expect((await issues(newUser('Same!pass1', { email: 'same@plant.test', password: 'Same!pass1', repeatPassword: 'Same!pass1' }))).data.issues).toEqual([
      { field: 'username', rule: 'custom', message: 'rules.username_isUserName' },
      { field: 'password', rule: 'custom', message: 'rules.password_notUsername' },
    ]);
    expect((await issues(newUser('mismatch', { repeatPassword: 'Other!pass1' }))).data.issues).toEqual([
      { field: 'repeatPassword', rule: 'custom', message: 'users.ph_errpwd' },
    ]);
    expect((await issues(newUser('nopass', { password: '', repeatPassword: '' }))).data.issues).toEqual([
      { field: 'password', rule: 'custom', message: 'users.ph_pwd' },
    ]);
    expect((await issues(newUser('badphone', { pushPhones: ['12345'] }))).data.issues).toEqual([
      { field: 'pushPhones.0', rule: 'invalid_format', message: 'users.push_phone_err' },
    ]);
    expect(await db().selectFrom('users').select('id').where('username', 'in', ['mismatch', 'nopass', 'badphone']).execute()).toEqual([]);
  });
});
