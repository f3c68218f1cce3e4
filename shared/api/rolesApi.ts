import type { AxiosInstance } from 'axios';
import type { RoleInput, RoleList, RoleListQuery, RoleRow, RolesAuth } from '../schemas/roles';
import { envelopeData } from './envelopeData';

/** Roles (/settings/roles, shared/schemas/roles.ts) and the menus a role holds. */
export interface RolesApi {
  /** GET /api/roles: `users` are member user ids (roles holding any of them). */
  list(query: Omit<RoleListQuery, 'users'> & { users?: readonly number[] }): Promise<RoleList>;
  create(input: RoleInput): Promise<RoleRow>;
  update(id: number, input: RoleInput): Promise<RoleRow>;
  remove(id: number): Promise<unknown>;
  removeMany(ids: readonly number[]): Promise<{ deleted: number }>;
  /** PUT /api/routers/roles-auth: the role's menu entries and buttons, replaced as a whole. */
  saveAuth(body: RolesAuth): Promise<unknown>;
}

export function createRolesApi(http: AxiosInstance): RolesApi {
  return {
    list: ({ users, ...rest }) => envelopeData(http.get('/roles', { params: { ...rest, ...(users?.length ? { users: users.join(',') } : {}) } })),
    create: (input) => envelopeData(http.post('/roles', input)),
    update: (id, input) => envelopeData(http.put(`/roles/${id}`, input)),
    remove: (id) => envelopeData(http.delete(`/roles/${id}`)),
    removeMany: (ids) => envelopeData(http.delete('/roles', { data: { ids } })),
    saveAuth: (body) => envelopeData(http.put('/routers/roles-auth', body)),
  };
}
