import type { AxiosInstance } from 'axios';
import type { LinkLogin, LoginResult, PasswordLogin } from '../schemas/auth';
import type { UserCheckResult, UserInfo } from '../schemas/user';
import { envelopeData } from './envelopeData';

/** Body of POST /api/auth/logout (spec §7). */
export interface LogoutRequest {
  token?: string;
  username?: string;
  trueName?: string;
  visitSource: 'energy';
}

/** GET /api/users/check: exactly one of the two. */
export type UserCheckQuery = { username: string } | { email: string };

/** The session calls, typed; each resolves with the envelope's `data`. */
export interface AuthApi {
  login(credentials: PasswordLogin): Promise<LoginResult>;
  linkLogin(params: LinkLogin): Promise<LoginResult>;
  logout(request: LogoutRequest): Promise<void>;
  getUserInfo(): Promise<UserInfo | null>;
  checkUser(query: UserCheckQuery): Promise<UserCheckResult>;
}

export function createAuthApi(http: AxiosInstance): AuthApi {
  const data = envelopeData;
  return {
    login: (credentials) => data(http.post('/auth/login', { ...credentials, username: credentials.username.trim() })),
    linkLogin: (params) => data(http.post('/auth/login', params)),
    logout: async (request) => {
      await http.post('/auth/logout', request);
    },
    getUserInfo: () => data(http.get('/users/info')),
    checkUser: (query) => data(http.get('/users/check', { params: query })),
  };
}
