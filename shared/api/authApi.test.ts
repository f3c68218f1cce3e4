import { describe, expect, it } from 'vitest';
import { createAuthApi } from './authApi';
import { createApiClient } from './client';
import { fakeAdapter } from './fakeAdapter.test-util';

describe('auth api', () => {
  it('trims the username, posts to /auth/login and resolves with data', async () => {
    const requests: { url?: string; body: unknown }[] = [];
    const http = createApiClient({
      tokens: { get: () => undefined, set: () => undefined },
      adapter: fakeAdapter((config) => {
        requests.push({ url: config.url, body: JSON.parse(String(config.data)) });
        return { body: { code: 0, data: { token: 'jwt' }, message: 'ok' } };
      }),
    });
    const result = await createAuthApi(http).login({ username: '  admin ', password: 'pw' });
    expect(result).toEqual({ token: 'jwt' });
    expect(requests).toEqual([{ url: '/auth/login', body: { username: 'admin', password: 'pw' } }]);
  });

  it('passes the check query as URL parameters', async () => {
    let params: unknown;
    const http = createApiClient({
      tokens: { get: () => undefined, set: () => undefined },
      adapter: fakeAdapter((config) => {
        params = config.params;
        return { body: { code: 0, data: null, message: 'ok' } };
      }),
    });
    await expect(createAuthApi(http).checkUser({ email: 'a@b.c' })).resolves.toBeNull();
    expect(params).toEqual({ email: 'a@b.c' });
  });
});
