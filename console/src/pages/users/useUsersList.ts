import { useEffect, useState } from 'react';
import type { UsersApi } from '@shared/api/usersApi';
import type { UserRow } from '@shared/schemas/userAdmin';
import { PagedQuery } from '../../lists/PagedQuery';

export interface UserFilters {
  email?: string | undefined;
}

export type UsersList = PagedQuery<UserFilters, UserRow>;

/** The user list: e-mail filter and server paging (data.total, data.rows), ticks for batch delete. */
export function useUsersList(api: UsersApi): UsersList {
  const [list] = useState(
    () =>
      new PagedQuery<UserFilters, UserRow>(
        (query) => api.list(query),
        {},
        (row) => row._id,
      ),
  );
  useEffect(() => void list.load(), [list]);
  return list;
}

/** Deletes users and reloads; resolves true when the server deleted them (a refusal shows the api toast). */
export function removeUsers(list: UsersList, api: UsersApi, ids: readonly number[]): Promise<boolean> {
  const [only] = ids;
  return list.change(() => (ids.length === 1 && only !== undefined ? api.remove(only) : api.removeMany([...ids])));
}
