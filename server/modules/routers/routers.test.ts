import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { productRouterEntries } from '@shared/menu';
import { routerListSchema } from '@shared/schemas';
import { createTestApp, loginAs, bearer, type TestApp } from '@tests/support/testApp';
import { insertSubUser } from '@tests/support/users';

let t: TestApp;
let adminToken: string;
let operatorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await loginAs(t.app);
  await insertSubUser(t.app, { username: 'operator1', password: 'Secret!234' });
  operatorToken = await loginAs(t.app, 'operator1', 'Secret!234');
});
afterAll(() => t.close());

const list = (token: string, query = '') => t.app.inject({ url: `/api/routers${query}`, headers: bearer(token) });

describe('GET /api/routers', () => {
  it('gives an admin every entry, with children and role ids', async () => {
    const body = routerListSchema.parse((await list(adminToken)).json().data);
    expect(body.total).toBe(productRouterEntries().length);
    const settings = body.rows.find((r) => r.fullpath === '/settings');
    const children = body.rows.filter((r) => r.parent === settings?._id);
    expect(settings?.children).toEqual(children.map((c) => c._id));
    expect(children.map((c) => c.path)).toContain('boardConfig');
  });

  it("gives a sub-user its role's entries plus those that need no role", async () => {
    const rows = routerListSchema.parse((await list(operatorToken)).json().data).rows;
    const paths = rows.map((r) => r.fullpath);
    expect(paths).toContain('/dashboard');
    expect(paths).toContain('/alerts/devices');
    expect(paths).toContain('/login');
    expect(paths).not.toContain('/settings');
    expect(paths).not.toContain('/settings/boardConfig');
    const granted = rows.filter((r) => !r.noRole);
    const operatorRole = await t.app.storage.db.selectFrom('roles').select('id').where('name', '=', 'operator').executeTakeFirstOrThrow();
    expect(granted.every((r) => r.roles.includes(operatorRole.id))).toBe(true);
  });

  it("refuses a sub-user asking for another role's menus", async () => {
    const admin = await t.app.storage.db.selectFrom('roles').select('id').where('name', '=', 'admin').executeTakeFirstOrThrow();
    const response = await list(operatorToken, `?roles=${admin.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: ErrorCode.FORBIDDEN, message: 'You may only read the menus of your own roles' });
  });

  it('validates the roles parameter', async () => {
    const response = await list(adminToken, '?roles=1,abc');
    expect(response.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'querystring.roles: roles must be a comma-separated list of role ids',
    });
  });
});

describe('PUT /api/users/info (own account)', () => {
  it('saves the true name and introduction, and keeps the e-mail', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/info',
      headers: bearer(operatorToken),
      payload: { trueName: '  Olga Operator ', introduction: 'Night shift' },
    });
    expect(response.json()).toMatchObject({
      code: 0,
      message: 'Saved',
      data: { trueName: 'Olga Operator', introduction: 'Night shift', email: 'operator1@example.test' },
    });
  });

  it('rejects an empty name and a script address as avatar', async () => {
    const empty = await t.app.inject({ method: 'PUT', url: '/api/users/info', headers: bearer(operatorToken), payload: { trueName: ' ' } });
    expect(empty.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'body.trueName: Please enter your name' });
    const script = await t.app.inject({
      method: 'PUT',
      url: '/api/users/info',
      headers: bearer(operatorToken),
      payload: { trueName: 'x', avatar: 'javascript:alert(1)' },
    });
    expect(script.json().data.issues[0]).toMatchObject({ field: 'body.avatar', message: 'avatar must be an http(s) address or a path on this site' });
  });
});
