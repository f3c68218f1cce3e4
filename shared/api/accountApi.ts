import type { AxiosInstance } from 'axios';
import type { AccountUpdate } from '../schemas/account';
import type { RouterList } from '../schemas/router';
import type { UserInfo } from '../schemas/user';
import { envelopeData } from './envelopeData';

/** The signed-in user's own menus and account. */
export interface AccountApi {
  /** GET /api/routers?roles=… (spec §6: routes queried by role ids). */
  routers(roleIds: readonly number[]): Promise<RouterList>;
  /** PUT /api/users/info: own true name, avatar, introduction. */
  updateAccount(fields: AccountUpdate): Promise<UserInfo>;
}

export function createAccountApi(http: AxiosInstance): AccountApi {
  return {
    routers: (roleIds) => envelopeData(http.get('/routers', { params: roleIds.length ? { roles: roleIds.join(',') } : {} })),
    updateAccount: (fields) => envelopeData(http.put('/users/info', fields)),
  };
}
