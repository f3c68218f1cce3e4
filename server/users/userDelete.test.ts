import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { loginAs } from '@tests/support/testApp';
import { GOOD_PASSWORD, USER_ADMIN_PATHS, usersKit, type Member, type UsersKit } from './usersKit.test-util';

let k: UsersKit;
let manager: Member;
beforeAll(async () => {
  k = await usersKit();
  manager = await k.member('manager', USER_ADMIN_PATHS);
}, 60_000);
afterAll(() => k.close());

const db = () => k.t.app.storage.db;
const fatherOf = async (id: number) => (await db().selectFrom('users').select('father_id').where('id', '=', id).executeTakeFirstOrThrow()).father_id;
const exists = async (id: number) => (await db().selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
const refused = (message: string) => ({ status: 403, body: { code: ErrorCode.FORBIDDEN, data: null, message } });

describe('DELETE /api/users/:id', () => {
  it('moves the children and gateways of the deleted user up to its father and ends its sessions', async () => {
    const middle = await k.insertUser('middle', manager.id);
    const leafA = await k.insertUser('leaf_a', middle);
    const leafB = await k.insertUser('leaf_b', middle);
    await db().insertInto('gateways').values({ sn: 'GW-M', name: 'Middle gateway', owner_user_id: middle, online: 0, last_seen_at: null }).execute();
    const token = await loginAs(k.t.app, 'middle', GOOD_PASSWORD);
    expect(await k.call('DELETE', `/api/users/${middle}`, undefined, manager.token)).toEqual({
      status: 200,
      body: { code: 0, data: null, message: 'Deleted' },
    });
    expect(await exists(middle)).toBe(false);
    expect([await fatherOf(leafA), await fatherOf(leafB)]).toEqual([manager.id, manager.id]);
    expect((await db().selectFrom('gateways').select('owner_user_id').where('sn', '=', 'GW-M').executeTakeFirstOrThrow()).owner_user_id).toBe(manager.id);
    expect((await k.call('GET', `/api/users/${manager.id}`)).body.data.children).toEqual(expect.arrayContaining([leafA, leafB]));
    expect((await k.call('GET', '/api/users/info', undefined, token)).body.code).toBe(ErrorCode.TOKEN_REVOKED);
  });

  it('never deletes the caller itself nor the built-in admin', async () => {
    expect(await k.call('DELETE', `/api/users/${manager.id}`, undefined, manager.token)).toEqual(refused('You cannot delete yourself'));
    expect(await k.call('DELETE', `/api/users/${k.adminId}`)).toEqual(refused('You cannot delete yourself'));
    const second = await k.member('second_admin', []);
    await db()
      .insertInto('user_roles')
      .values({ user_id: second.id, role_id: (await db().selectFrom('roles').select('id').where('name', '=', 'admin').executeTakeFirstOrThrow()).id })
      .execute();
    expect(await k.call('DELETE', `/api/users/${k.adminId}`, undefined, second.token)).toEqual(refused('The built-in administrator cannot be deleted'));
    expect(await exists(k.adminId)).toBe(true);
  });
});

describe('DELETE /api/users (batch)', () => {
  it("deletes a parent and its child together; the grandchildren end up under the parent's father", async () => {
    const parent = await k.insertUser('batch_parent', manager.id);
    const child = await k.insertUser('batch_child', parent);
    const grandchild = await k.insertUser('batch_grandchild', child);
    expect((await k.call('DELETE', '/api/users', { ids: [child, parent] }, manager.token)).body).toEqual({ code: 0, data: { deleted: 2 }, message: 'Deleted' });
    expect(await fatherOf(grandchild)).toBe(manager.id);
  });

  it('deletes nothing when one id is refused', async () => {
    const mine = await k.insertUser('batch_mine', manager.id);
    const elsewhere = await k.insertUser('batch_elsewhere', k.adminId);
    expect(await k.call('DELETE', '/api/users', { ids: [mine, elsewhere] }, manager.token)).toEqual(refused('This user is not in your user tree'));
    expect(await k.call('DELETE', '/api/users', { ids: [mine, manager.id] }, manager.token)).toEqual(refused('You cannot delete yourself'));
    expect(await k.call('DELETE', '/api/users', { ids: [mine, k.adminId] })).toEqual(refused('You cannot delete yourself'));
    expect([await exists(mine), await exists(elsewhere)]).toEqual([true, true]);
    expect((await k.call('DELETE', '/api/users', { ids: [] })).body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { issues: [{ field: 'ids', rule: 'too_small' }] },
    });
  });
});
