import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { createTestApp, loginAs, bearer, type TestApp } from '@tests/support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('envelope on every path', () => {
  it('GET /api/health answers without a token', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, data: { status: 'ok', version: t.config.version }, message: 'ok' });
  });

  it('an unknown API path is a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: ErrorCode.NOT_FOUND, data: null, message: 'Not found: DELETE /api/no/such/thing' });
  });

  it('pages are 503 with the fix when the bundles are not built', async () => {
    const response = await t.app.inject({ url: '/dashboard' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });

  it('an internal failure is a 500 envelope without a stack trace', async () => {
    const token = await loginAs(t.app);
    await t.app.storage.db.destroy(); // the database goes away under the running server
    const response = await t.app.inject({ url: '/api/users/info', headers: bearer(token) });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: ErrorCode.INTERNAL, data: null, message: 'Internal server error' });
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
