import type { AxiosInstance } from 'axios';
import type { Envelope } from '../errors/envelope';
import type { RoleList, RoleRow } from '../schemas/roles';
import type { UserCreate, UserList, UserRow, UserUpdate } from '../schemas/userAdmin';
import type { UserCheckResult } from '../schemas/user';
import { envelopeData } from './envelopeData';

/** A choice in the dialog's visibility selects (display areas, data boards). */
export interface UserOption {
  _id: number;
  name: string;
}

/** GET /users: the list query (shared/schemas/userAdmin.ts userListQuerySchema). */
export interface UsersQuery {
  email?: string;
  page: number;
  size: number;
}

/** GET /users/check answers the matching user or null (spec §7). */
export type UserCheck = { username: string } | { email: string };

/** Boards come bare or paged, keyed `id` (shared/schemas/boards.ts BoardSummary). */
type BoardAnswer = { id: number; name: string }[] | { rows: { id: number; name: string }[] };

/** User administration (/settings/user): list, dialog saves, password, and the dialog's choices. */
export interface UsersApi {
  list(query: UsersQuery): Promise<UserList>;
  create(body: UserCreate): Promise<{ _id: number }>;
  update(id: number, body: UserUpdate): Promise<UserRow>;
  remove(id: number): Promise<unknown>;
  removeMany(ids: number[]): Promise<{ deleted: number }>;
  setPassword(id: number, body: { password: string; repeatPassword: string }): Promise<unknown>;
  /** The user holding this username or e-mail, or null (the on-blur uniqueness checks). */
  check(query: UserCheck): Promise<UserCheckResult>;
  /**
   * Spec §6: the type-1 roles holding the current user, the only ones a type-0 user may hand out. An admin
   * (who sees everything and holds only the admin role) is offered every type-1 role.
   */
  assignableRoles(currentUserId: number, isAdmin: boolean): Promise<RoleRow[]>;
  displayAreaOptions(): Promise<UserOption[]>;
  boardOptions(): Promise<UserOption[]>;
}

/** Queries ride in the URL itself, so a log line (and a test's fake server) shows exactly what was asked. */
function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export function createUsersApi(http: AxiosInstance): UsersApi {
  return {
    list: (query) => envelopeData(http.get(withQuery('/users', { email: query.email, page: query.page, size: query.size }))),
    create: (body) => envelopeData(http.post('/users', body)),
    update: (id, body) => envelopeData(http.put(`/users/${id}`, body)),
    remove: (id) => envelopeData(http.delete(`/users/${id}`)),
    removeMany: (ids) => envelopeData(http.delete('/users', { data: { ids } })),
    setPassword: (id, body) => envelopeData(http.put(`/users/${id}/password`, body)),
    check: (query) => envelopeData(http.get(withQuery('/users/check', query))),
    assignableRoles: async (currentUserId, isAdmin) => {
      const data = await envelopeData<RoleList>(http.get(withQuery('/roles', { type: 1, users: isAdmin ? undefined : currentUserId, size: 500 })));
      return data?.rows ?? [];
    },
    displayAreaOptions: async () => (await envelopeData<UserOption[] | null>(http.get('/display-areas/options'))) ?? [],
    boardOptions: async () => {
      const data = await envelopeData<BoardAnswer | null>(http.get('/boards') as Promise<{ data: Envelope<BoardAnswer | null> }>);
      const rows = Array.isArray(data) ? data : (data?.rows ?? []);
      return rows.map((board) => ({ _id: board.id, name: board.name }));
    },
  };
}
