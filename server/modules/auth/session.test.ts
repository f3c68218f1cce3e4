import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { ErrorCode } from '@shared/errors';
import { createTestApp, loginAs, bearer, TEST_JWT_SECRET, type TestApp } from '@tests/support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ tokenTtlSeconds: 3600 });
});
afterAll(() => t.close());

const info = (headers: Record<string, string>) => t.app.inject({ url: '/api/users/info', headers });
const claimsOf = (token: string) => jwt.decode(token) as { sub: string; sid: string; exp: number; iat: number };

describe('tokens on every request', () => {
  it('asks for a login when no token is sent', async () => {
    const response = await info({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: ErrorCode.TOKEN_MISSING, data: null, message: 'Please log in first' });
  });

  it('answers 10003 for a forged or garbled token', async () => {
    const real = claimsOf(await loginAs(t.app));
    const forged = jwt.sign({ sub: real.sub, sid: real.sid }, 'another-secret-of-sufficient-length-123456', { expiresIn: 600 });
    expect((await info(bearer(forged))).json().code).toBe(ErrorCode.TOKEN_INVALID);
    expect((await info(bearer('not-a-token'))).json().code).toBe(ErrorCode.TOKEN_INVALID);
    expect((await info({ authorization: 'Basic abc' })).json().code).toBe(ErrorCode.TOKEN_MISSING);
  });

  it('answers 10002 for an expired token', async () => {
    const real = claimsOf(await loginAs(t.app));
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = jwt.sign({ sub: real.sub, sid: real.sid, iat: past - 3600, exp: past }, TEST_JWT_SECRET);
    const response = await info(bearer(expired));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ErrorCode.TOKEN_EXPIRED);
  });

  it('answers 10004 after logout, and for a session that never existed', async () => {
    const token = await loginAs(t.app);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token), payload: { visitSource: 'energy' } });
    expect(logout.json()).toEqual({ code: 0, data: null, message: 'Logged out' });
    const after = await info(bearer(token));
    expect(after.json()).toMatchObject({ code: ErrorCode.TOKEN_REVOKED, message: 'You have been logged out, please log in again' });

    const real = claimsOf(await loginAs(t.app));
    const unknownSession = jwt.sign({ sub: real.sub, sid: '00000000-0000-0000-0000-000000000000' }, TEST_JWT_SECRET, { expiresIn: 600 });
    expect((await info(bearer(unknownSession))).json().code).toBe(ErrorCode.TOKEN_REVOKED);
  });

  it('logging out one session leaves the others working', async () => {
    const first = await loginAs(t.app);
    const second = await loginAs(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
    expect((await info(bearer(second))).json().code).toBe(0);
  });
});

describe('sliding renewal', () => {
  it('sends no new token while the current one is fresh', async () => {
    const response = await info(bearer(await loginAs(t.app)));
    expect(response.headers['x-new-token']).toBeUndefined();
  });

  it('returns a new token in x-new-token once past half its life, for the same session', async () => {
    const real = claimsOf(await loginAs(t.app));
    const now = Math.floor(Date.now() / 1000);
    const aging = jwt.sign({ sub: real.sub, sid: real.sid, iat: now - 3000, exp: now + 600 }, TEST_JWT_SECRET);
    const response = await info(bearer(aging));
    expect(response.json().code).toBe(0);
    const renewed = response.headers['x-new-token'];
    expect(typeof renewed).toBe('string');
    const claims = claimsOf(renewed as string);
    expect(claims.sid).toBe(real.sid);
    expect(claims.exp).toBeGreaterThanOrEqual(now + 3600 - 5);
    expect((await info(bearer(renewed as string))).json().code).toBe(0);
  });
});
