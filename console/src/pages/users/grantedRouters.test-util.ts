import type { AxiosAdapter, AxiosInstance } from 'axios';
import { productRouterEntries } from '@shared/menu';
import type { RouterEntry } from '@shared/schemas/router';

/**
 * GET /routers with the button entries too: renderConsole's `routers` option grants menu entries only
 * (testing/routerRows lists allRouterEntries()), and this screen's buttons are entries of their own.
 * Answers the call in place of the fake server: menus and buttons granted by full path, plus those
 * needing no role.
 */
export function grantRouters(http: AxiosInstance, granted: readonly string[]): void {
  const defs = productRouterEntries();
  const ids = new Map(defs.map((def, index) => [def.fullpath, index + 1]));
  const rows: RouterEntry[] = defs
    .filter((def) => def.noRole || granted.includes(def.fullpath))
    .map(({ parentFullpath, ...def }) => ({ ...def, _id: ids.get(def.fullpath) ?? 0, parent: parentFullpath ? (ids.get(parentFullpath) ?? null) : null, children: [], roles: [] }));
  const answer: AxiosAdapter = async (config) => ({ data: { code: 0, data: { total: rows.length, rows }, message: 'ok' }, status: 200, statusText: 'OK', headers: {}, config });
  http.interceptors.request.use((config) => (config.method === 'get' && config.url === '/routers' ? { ...config, adapter: answer } : config));
}
