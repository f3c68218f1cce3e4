import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { GOOD_PASSWORD, USER_ADMIN_PATHS, newUser, usersKit, type Member, type UsersKit } from '../../users/usersKit.test-util';

/**
 * Who may call each users endpoint (acceptance): admin, a sub-user holding the screen and its
 * buttons (acting on its own subtree), the same kind of sub-user from another tree, a sub-user without
 * the permission, and no token.
 */
let k: UsersKit;
let manager: Member;
let outsider: Member;
let plain: Member;
beforeAll(async () => {
  k = await usersKit();
  manager = await k.member('manager', USER_ADMIN_PATHS);
  outsider = await k.member('outsider', USER_ADMIN_PATHS);
  plain = await k.member('plainuser', ['/dashboard']);
}, 60_000); // argon2id per account is slow by design
afterAll(() => k.close());

const FORBIDDEN = { code: ErrorCode.FORBIDDEN, data: null, message: 'You do not have permission to do this' };
const OUTSIDE = { code: ErrorCode.FORBIDDEN, data: null, message: 'This user is not in your user tree' };
const NO_TOKEN = { code: ErrorCode.TOKEN_MISSING, data: null, message: 'Please log in first' };

let serial = 0;
/** A fresh user under the manager, the target each call acts on. */
const staff = () => k.insertUser(`staff_${++serial}`, manager.id);

type Call = (token: string | null) => Promise<{ status: number; body: any }>;
const endpoints: Record<string, () => Promise<Call>> = {
  'GET /users/:id': async () => {
    const id = await staff();
    return (token) => k.call('GET', `/api/users/${id}`, undefined, token);
  },
  'PUT /users/:id': async () => {
    const id = await staff();
    return (token) => k.call('PUT', `/api/users/${id}`, { trueName: 'Renamed' }, token);
  },
  'PUT /users/:id/password': async () => {
    const id = await staff();
    return (token) => k.call('PUT', `/api/users/${id}/password`, { password: 'Fresh!pass99', repeatPassword: 'Fresh!pass99' }, token);
  },
  'DELETE /users/:id': async () => {
    const id = await staff();
    return (token) => k.call('DELETE', `/api/users/${id}`, undefined, token);
  },
  'DELETE /users': async () => {
    const ids = [await staff(), await staff()];
    return (token) => k.call('DELETE', '/api/users', { ids }, token);
  },
};

describe('users endpoints that act on one user of the tree', () => {
  for (const [name, prepare] of Object.entries(endpoints)) {
    it(`${name}: admin and the parent with the permission pass; another tree, no permission and no token are refused`, { timeout: 60_000 }, async () => {
      for (const [token, expected] of [
        [null, { status: 401, body: NO_TOKEN }],
        [plain.token, { status: 403, body: FORBIDDEN }],
        [outsider.token, { status: 403, body: OUTSIDE }],
      ] as const) {
        const call = await prepare();
        const answer = await call(token);
        expect({ status: answer.status, body: answer.body }).toEqual(expected);
      }
      for (const token of [k.adminToken, manager.token]) {
        const answer = await (await prepare())(token);
        expect(answer.status).toBe(200);
        expect(answer.body.code).toBe(0);
      }
    });
  }
});

describe('GET /users', () => {
  it('gives admins everyone, a parent itself and its descendants, another tree only its own', async () => {
    const child = await staff();
    const all = (await k.call('GET', '/api/users?size=200')).body.data;
    const total = await k.t.app.storage.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(all.total).toBe(Number(total.n));
    const mine = (await k.call('GET', '/api/users?size=200', undefined, manager.token)).body.data;
    expect(mine.rows.map((r: { _id: number }) => r._id)).toContain(child);
    expect(mine.rows.map((r: { _id: number }) => r._id)).toContain(manager.id);
    expect(mine.rows.every((r: { _id: number; father: number | null }) => r._id === manager.id || r.father === manager.id)).toBe(true);
    expect((await k.call('GET', '/api/users', undefined, outsider.token)).body.data.rows.map((r: { _id: number }) => r._id)).toEqual([outsider.id]);
  });

  it('refuses a sub-user without the screen and a caller without a token', async () => {
    expect(await k.call('GET', '/api/users', undefined, plain.token)).toEqual({ status: 403, body: FORBIDDEN });
    expect(await k.call('GET', '/api/users', undefined, null)).toEqual({ status: 401, body: NO_TOKEN });
  });
});

describe('POST /users', () => {
  it('lets admins and holders of the add button create; the new user hangs under its creator', async () => {
    const byAdmin = await k.call('POST', '/api/users', newUser('made_by_admin'));
    expect(byAdmin.body).toEqual({ code: 0, data: { _id: expect.any(Number) }, message: 'Created' });
    const byManager = await k.call('POST', '/api/users', newUser('made_by_manager'), manager.token);
    expect(byManager.body.code).toBe(0);
    const row = (await k.call('GET', `/api/users/${byManager.body.data._id}`, undefined, manager.token)).body.data;
    expect(row.father).toBe(manager.id);
  });

  it('refuses the screen alone (no add button), no permission and no token', async () => {
    const viewer = await k.member('viewer_only', ['/settings/user']);
    expect(await k.call('POST', '/api/users', newUser('never_made'), viewer.token)).toEqual({ status: 403, body: FORBIDDEN });
    expect(await k.call('POST', '/api/users', newUser('never_made'), plain.token)).toEqual({ status: 403, body: FORBIDDEN });
    expect(await k.call('POST', '/api/users', newUser('never_made'), null)).toEqual({ status: 401, body: NO_TOKEN });
    expect(await k.t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'never_made').executeTakeFirst()).toBeUndefined();
  });
});

describe('GET /display-areas/options', () => {
  it('answers the user screen and the board screen; refuses others and no token', async () => {
    const boardScreen = await k.member('board_person', ['/settings/boardConfig']);
    expect((await k.call('GET', '/api/display-areas/options')).body.code).toBe(0);
    expect((await k.call('GET', '/api/display-areas/options', undefined, manager.token)).body).toEqual({ code: 0, data: [], message: 'ok' });
    expect((await k.call('GET', '/api/display-areas/options', undefined, boardScreen.token)).body).toEqual({ code: 0, data: [], message: 'ok' });
    expect(await k.call('GET', '/api/display-areas/options', undefined, plain.token)).toEqual({ status: 403, body: FORBIDDEN });
    expect(await k.call('GET', '/api/display-areas/options', undefined, null)).toEqual({ status: 401, body: NO_TOKEN });
  });
});

describe('unknown ids', () => {
  it('answers NOT_FOUND to admins and parents alike', async () => {
    for (const token of [k.adminToken, manager.token]) {
      for (const [method, url, payload] of [
        ['GET', '/api/users/999999'],
        ['PUT', '/api/users/999999', { trueName: 'x' }],
        ['PUT', '/api/users/999999/password', { password: GOOD_PASSWORD, repeatPassword: GOOD_PASSWORD }],
        ['DELETE', '/api/users/999999'],
        ['DELETE', '/api/users', { ids: [999999] }],
      ] as const) {
        expect(await k.call(method, url, payload, token)).toEqual({
          status: 404,
          body: { code: ErrorCode.NOT_FOUND, data: null, message: 'User 999999 was not found' },
        });
      }
    }
  });
});
