import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { createTestApp, loginAs, bearer, TEST_ADMIN_PASSWORD, type TestApp } from '@tests/support/testApp';
import { insertSubUser } from '@tests/support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });

describe('POST /api/auth/login', () => {
  it('returns a token for the seeded admin and trims the username', async () => {
    const response = await login({ username: '  admin ', password: TEST_ADMIN_PASSWORD, visitSource: 'energy', codeText: '' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(0);
    expect(body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('refuses a wrong password with 10001 and the catalogue message', async () => {
    const response = await login({ username: 'admin', password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: ErrorCode.LOGIN_FAILED, data: null, message: 'Login account or password is wrong' });
  });

  it('gives the same answer for an account that does not exist', async () => {
    expect((await login({ username: 'nobody-here', password: 'whatever1' })).json().code).toBe(ErrorCode.LOGIN_FAILED);
  });

  it('names the field and rule when a field is missing or of the wrong type', async () => {
    const missing = await login({ password: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(missing.json().data.issues[0]).toMatchObject({ field: 'username', rule: 'invalid_type' });

    const wrongType = await login({ username: 12345, password: ['a'] });
    const fields = wrongType.json().data.issues.map((i: { field: string }) => i.field);
    expect(fields).toEqual(['username', 'password']);

    const blank = await login({ username: '   ', password: 'x' });
    expect(blank.json().message).toBe('username: Please enter the username');
  });

  it('rejects bodies that are not objects, malformed JSON and oversized bodies with an envelope', async () => {
    const array = await login([1, 2]);
    expect(array.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: '(body): expected a JSON object' });

    const malformed = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(ErrorCode.VALIDATION_FAILED);

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: ErrorCode.BODY_TOO_LARGE, data: null, message: 'The request body is too large' });

    const textBody = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: 'admin', headers: { 'content-type': 'text/plain' } });
    // JSON only: a text/plain body is refused like any other type that is not JSON.
    expect(textBody.statusCode).toBe(415);
    expect(textBody.json()).toEqual({ code: ErrorCode.VALIDATION_FAILED, data: null, message: 'Unsupported Media Type' });

    const xmlBody = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xmlBody.statusCode).toBe(415);
    expect(xmlBody.json().code).toBe(ErrorCode.VALIDATION_FAILED);
  });
});

describe('link auto-login (type, username, password, user)', () => {
  it('logs in when all four are given and user names the account', async () => {
    const response = await login({ type: 'link', username: 'admin', password: TEST_ADMIN_PASSWORD, user: 'admin' });
    expect(response.json().code).toBe(0);
    expect(typeof response.json().data.token).toBe('string');
  });

  it("answers 'Missing parameters' when one is missing", async () => {
    const response = await login({ type: 'link', username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(response.json()).toEqual({ code: ErrorCode.MISSING_PARAMETERS, data: null, message: 'Missing parameters' });
  });

  it('gives the server message for wrong credentials', async () => {
    const response = await login({ type: 'link', username: 'admin', password: 'nope', user: 'admin' });
    expect(response.json().message).toBe('Login account or password is wrong');
  });
});

describe('disabled sub-users (status false, type 1)', () => {
  it('cannot log in, and their live tokens stop working', async () => {
    await insertSubUser(t.app, { username: 'disabled1', password: 'Secret!234', status: 0 });
    const refused = await login({ username: 'disabled1', password: 'Secret!234' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.ACCOUNT_DISABLED, message: 'This account has been disabled and cannot log in to the system' });

    const userId = await insertSubUser(t.app, { username: 'willbedisabled', password: 'Secret!234' });
    const token = await loginAs(t.app, 'willbedisabled', 'Secret!234');
    expect((await t.app.inject({ url: '/api/users/info', headers: bearer(token) })).json().code).toBe(0);
    await t.app.storage.db.updateTable('users').set({ status: 0 }).where('id', '=', userId).execute();
    expect((await t.app.inject({ url: '/api/users/info', headers: bearer(token) })).json().code).toBe(ErrorCode.ACCOUNT_DISABLED);
  });
});

describe('failed-login throttling', () => {
  it('locks an account after 5 failures, even for the right password, with 10005 and Retry-After', async () => {
    await insertSubUser(t.app, { username: 'throttled', password: 'Secret!234' });
    for (let i = 0; i < 5; i++) expect((await login({ username: 'throttled', password: `bad-${i}` })).json().code).toBe(ErrorCode.LOGIN_FAILED);
    const locked = await login({ username: 'throttled', password: 'Secret!234' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(ErrorCode.TOO_MANY_ATTEMPTS);
    expect(locked.json().message).toBe('Too many failed logins for this account, try again in 15 minutes');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Other accounts are unaffected.
    expect((await login({ username: 'admin', password: TEST_ADMIN_PASSWORD })).json().code).toBe(0);
  });

  it('forgets earlier failures after a successful login', async () => {
    await insertSubUser(t.app, { username: 'recovers', password: 'Secret!234' });
    for (let i = 0; i < 4; i++) await login({ username: 'recovers', password: 'bad' });
    expect((await login({ username: 'recovers', password: 'Secret!234' })).json().code).toBe(0);
    for (let i = 0; i < 4; i++) await login({ username: 'recovers', password: 'bad' });
    expect((await login({ username: 'recovers', password: 'Secret!234' })).json().code).toBe(0);
  });
});
