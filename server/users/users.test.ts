import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { userInfoSchema } from '@shared/schemas';
import { createTestApp, loginAs, bearer, type TestApp } from '@tests/support/testApp';
import { insertSubUser } from '@tests/support/users';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await loginAs(t.app);
});
afterAll(() => t.close());

describe('GET /api/users/info', () => {
  it('describes the admin with every field the spec lists', async () => {
    const body = (await t.app.inject({ url: '/api/users/info', headers: bearer(adminToken) })).json();
    expect(body.code).toBe(0);
    const info = userInfoSchema.parse(body.data);
    expect(info).toMatchObject({ username: 'admin', trueName: 'Administrator', email: 'admin@energy.local', father: null, status: true, type: 0 });
    expect(info.roles.map((r) => r.name)).toEqual(['admin']);
  });

  it('gives a sub-user its father and the default role', async () => {
    const admin = await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await insertSubUser(t.app, { username: 'operator1', password: 'Secret!234', fatherId: admin.id });
    const token = await loginAs(t.app, 'operator1', 'Secret!234');
    const info = (await t.app.inject({ url: '/api/users/info', headers: bearer(token) })).json().data;
    expect(info).toMatchObject({ username: 'operator1', father: admin.id, type: 1, status: true });
    expect(info.roles.map((r: { name: string }) => r.name)).toEqual(['operator']);
  });
});

describe('GET /api/users/check', () => {
  const check = (query: string) => t.app.inject({ url: `/api/users/check?${query}`, headers: bearer(adminToken) });

  it('returns taken with the matching user _id for an administrator, or null', async () => {
    const admin = await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect((await check('username=admin')).json()).toEqual({ code: 0, data: { taken: true, _id: admin.id }, message: 'ok' });
    expect((await check('email=admin%40energy.local')).json().data).toEqual({ taken: true, _id: admin.id });
    expect((await check('username=nobody')).json().data).toBeNull();
  });

  it('wants exactly one of email or username', async () => {
    const neither = await check('');
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'querystring.email: Give exactly one of email or username' });
    expect((await check('email=a%40b.c&username=admin')).json().code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ url: '/api/users/check?username=admin' })).json().code).toBe(ErrorCode.TOKEN_MISSING);
  });
});
