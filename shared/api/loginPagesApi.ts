import axios, { type AxiosInstance } from 'axios';
import type { Envelope } from '../errors/envelope';
import type { CurrentLoginPage, LoginPageInput, LoginPageList, LoginPageRow } from '../schemas/loginPages';
import { envelopeData } from './envelopeData';

/** Login-page settings (/settings/loginPageSet, shared/schemas/loginPages.ts). */
export interface LoginPagesApi {
  list(query: { page: number; size: number }): Promise<LoginPageList>;
  create(input: LoginPageInput): Promise<LoginPageRow>;
  update(id: number, input: LoginPageInput): Promise<LoginPageRow>;
  remove(id: number): Promise<unknown>;
  removeMany(ids: readonly number[]): Promise<{ deleted: number }>;
}

export function createLoginPagesApi(http: AxiosInstance): LoginPagesApi {
  return {
    list: (query) => envelopeData(http.get('/login-pages', { params: query })),
    create: (input) => envelopeData(http.post('/login-pages', input)),
    update: (id, input) => envelopeData(http.put(`/login-pages/${id}`, input)),
    remove: (id) => envelopeData(http.delete(`/login-pages/${id}`)),
    removeMany: (ids) => envelopeData(http.delete('/login-pages', { data: { ids } })),
  };
}

/**
 * GET /api/login-pages/current: the entry the login page shows on this host (null: product defaults).
 * The title is cosmetic, so this call goes past the console's error hook (same base address and
 * transport, no interceptors): a failure means the catalogue title, never an error toast on the login page.
 */
export async function fetchCurrentLoginPage(http: AxiosInstance): Promise<CurrentLoginPage> {
  const { baseURL, timeout, adapter } = http.defaults;
  const quiet = axios.create({ baseURL, timeout, ...(adapter ? { adapter } : {}) });
  try {
    const { data } = await quiet.get<Envelope<CurrentLoginPage>>('/login-pages/current');
    return data?.code === 0 ? (data.data ?? null) : null;
  } catch {
    return null;
  }
}
