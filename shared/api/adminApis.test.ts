import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from './apiError';
import { createApiClient } from './client';
import { fakeAdapter, type FakeReply } from './fakeAdapter.test-util';
import { createLoginPagesApi, fetchCurrentLoginPage } from './loginPagesApi';
import { createRolesApi } from './rolesApi';
import { createRoutersApi } from './routersApi';

/** A client over a fake server that records `METHOD url params body` and answers with `reply`. */
function setup(reply: (route: string) => FakeReply | 'network-error') {
  const seen: string[] = [];
  const onError = vi.fn<(error: ApiError) => void>();
  const http = createApiClient({
    tokens: { get: () => 'jwt', set: () => undefined },
    onError,
    adapter: fakeAdapter((config) => {
      const route = `${config.method?.toUpperCase()} ${config.url}`;
      seen.push(`${route} ${JSON.stringify(config.params ?? null)} ${config.data ?? ''}`.trim());
      return reply(route);
    }),
  });
  return { http, seen, onError };
}
const ok = (data: unknown): FakeReply => ({ body: { code: 0, data, message: 'ok' } });

describe('roles and routers clients', () => {
  it('sends member ids as a comma list and batch deletes with a body', async () => {
    const { http, seen } = setup(() => ok({ total: 0, rows: [] }));
    const roles = createRolesApi(http);
    await roles.list({ type: 1, users: [3, 7], page: 2, size: 20 });
    await roles.list({ page: 1, size: 20, users: [] });
    await roles.removeMany([4, 5]);
    await roles.saveAuth({ roleId: 2, routerIds: [10, 11] });
    expect(seen).toEqual([
      'GET /roles {"type":1,"page":2,"size":20,"users":"3,7"}',
      'GET /roles {"page":1,"size":20}',
      'DELETE /roles null {"ids":[4,5]}',
      'PUT /routers/roles-auth null {"roleId":2,"routerIds":[10,11]}',
    ]);
  });

  it('takes the tree paged or bare', async () => {
    const row = { _id: 1 };
    expect(await createRoutersApi(setup(() => ok({ total: 1, rows: [row] })).http).tree()).toEqual([row]);
    expect(await createRoutersApi(setup(() => ok([row])).http).tree()).toEqual([row]);
  });
});

describe('login pages client', () => {
  it('lists with paging', async () => {
    const { http, seen } = setup(() => ok({ total: 0, rows: [] }));
    await createLoginPagesApi(http).list({ page: 3, size: 10 });
    expect(seen).toEqual(['GET /login-pages {"page":3,"size":10}']);
  });

  it('reads the current entry past the error hook: a failure is the product default, no toast', async () => {
    const current = setup(() => ok({ edition: 'Plant 2', templateName: 'minimal' }));
    expect(await fetchCurrentLoginPage(current.http)).toEqual({ edition: 'Plant 2', templateName: 'minimal' });
    expect(current.seen).toEqual(['GET /login-pages/current null']);

    for (const reply of [{ status: 500, body: { code: 50000, data: null, message: 'boom' } }, 'network-error' as const, ok(null)]) {
      const failing = setup(() => reply);
      expect(await fetchCurrentLoginPage(failing.http)).toBeNull();
      expect(failing.onError).not.toHaveBeenCalled();
    }
  });
});
