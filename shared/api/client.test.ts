import { describe, expect, it, vi } from 'vitest';
import { ApiError, NO_ENVELOPE_CODE } from './apiError';
import { createApiClient, REQUEST_TIMEOUT_MS } from './client';
import { fakeAdapter, type FakeReply } from './fakeAdapter.test-util';
import type { TokenSource } from './token';

function setup(reply: Parameters<typeof fakeAdapter>[0], initialToken?: string) {
  let stored = initialToken;
  const tokens: TokenSource = { get: () => stored, set: (token) => (stored = token) };
  const onError = vi.fn<(error: ApiError) => void>();
  const http = createApiClient({ tokens, onError, adapter: fakeAdapter(reply) });
  return { http, onError, token: () => stored };
}

const envelope = (code: number, message: string, data: unknown = null): FakeReply['body'] => ({ code, data, message });

describe('api client', () => {
  it('uses /api, JSON and the spec timeout', () => {
    const { http } = setup(() => ({ body: envelope(0, 'ok') }));
    expect(http.defaults.baseURL).toBe('/api');
    expect(http.defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('sends the stored token as a Bearer header, and none without a token', async () => {
    const seen: unknown[] = [];
    const reply = (config: { headers: { get(name: string): unknown } }): FakeReply => {
      seen.push(config.headers.get('Authorization'));
      return { body: envelope(0, 'ok') };
    };
    await setup(reply, 'abc').http.get('/users/info');
    await setup(reply).http.get('/users/info');
    expect(seen).toEqual(['Bearer abc', undefined]);
  });

  it('resolves code 0 with the envelope as response data', async () => {
    const { http, onError } = setup(() => ({ body: envelope(0, 'ok', { token: 't' }) }));
    const response = await http.post('/auth/login', {});
    expect(response.data).toEqual({ code: 0, data: { token: 't' }, message: 'ok' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('rejects a non-zero code on HTTP 200 with the server message', async () => {
    const { http, onError } = setup(() => ({ body: envelope(10001, 'Login account or password is wrong') }));
    const error = await http.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 10001, message: 'Login account or password is wrong', isLogoutCode: false });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('reads the envelope of an HTTP error response and marks logout codes', async () => {
    const { http, onError } = setup(() => ({ status: 401, statusText: 'Unauthorized', body: envelope(10003, 'Invalid token') }));
    const error = await http.get('/users/info').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 10003, message: 'Invalid token', status: 401, isLogoutCode: true });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it.each([10002, 10003, 10004])('marks %i as a logout code', async (code) => {
    const { http } = setup(() => ({ status: 401, body: envelope(code, 'x') }));
    await expect(http.get('/x')).rejects.toMatchObject({ code, isLogoutCode: true });
  });

  it('turns an HTTP failure without an envelope into error-message:status-text', async () => {
    const { http, onError } = setup(() => ({ status: 502, statusText: 'Bad Gateway', body: '<html>proxy</html>' }));
    const error = await http.get('/users/info').catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: NO_ENVELOPE_CODE,
      message: 'Request failed with status code 502:Bad Gateway',
      status: 502,
    });
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('turns a network failure into an ApiError with the axios message', async () => {
    const { http } = setup(() => 'network-error');
    await expect(http.get('/users/info')).rejects.toMatchObject({ code: NO_ENVELOPE_CODE, message: 'Network Error' });
  });

  it('replaces the stored token with x-new-token, on success and on failure', async () => {
    const ok = setup(() => ({ body: envelope(0, 'ok'), headers: { 'X-New-Token': 'renewed' } }), 'old');
    await ok.http.get('/users/info');
    expect(ok.token()).toBe('renewed');

    const failed = setup(() => ({ status: 400, body: envelope(40000, 'bad'), headers: { 'x-new-token': 'renewed2' } }), 'old');
    await failed.http.get('/users/info').catch(() => undefined);
    expect(failed.token()).toBe('renewed2');
  });

  it('keeps the token when no renewal header comes', async () => {
    const { http, token } = setup(() => ({ body: envelope(0, 'ok') }), 'old');
    await http.get('/users/info');
    expect(token()).toBe('old');
  });
});
