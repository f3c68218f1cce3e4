import { useCallback, useEffect, useState } from 'react';
import type { UsersApi } from '@shared/api/usersApi';
import type { UserRow } from '@shared/schemas/userAdmin';

export const PAGE_SIZE = 20;

interface ListQuery {
  email: string;
  page: number;
  size: number;
}

/** The user list: e-mail filter and server paging (data.total, data.rows), selection for batch delete. */
export function useUsersList(api: UsersApi) {
  const [query, setQuery] = useState<ListQuery>({ email: '', page: 1, size: PAGE_SIZE });
  const [rows, setRows] = useState<UserRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const data = await api.list({ ...(query.email ? { email: query.email } : {}), page: query.page, size: query.size });
      setRows(data.rows);
      setTotal(data.total);
      setSelected((ids) => ids.filter((id) => data.rows.some((row) => row._id === id)));
    } catch {
      // The api toast has said why; the last page stays on screen.
    } finally {
      setLoading(false);
    }
  }, [api, query]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Resolves true when the server deleted them (a refusal shows the api toast). */
  const remove = async (ids: number[]): Promise<boolean> => {
    try {
      if (ids.length === 1 && ids[0] !== undefined) await api.remove(ids[0]);
      else await api.removeMany(ids);
    } catch {
      return false;
    }
    setSelected([]);
    await load();
    return true;
  };

  return {
    ...query,
    rows,
    total,
    loading,
    selected,
    select: setSelected,
    filterEmail: (email: string) => setQuery((q) => ({ ...q, email: email.trim(), page: 1 })),
    setPage: (page: number, size: number) => setQuery((q) => ({ ...q, page, size })),
    reload: load,
    remove,
  };
}
export type UsersList = ReturnType<typeof useUsersList>;
