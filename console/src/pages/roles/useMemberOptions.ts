import { useEffect, useState } from 'react';
import type { UserRow } from '@shared/schemas/userAdmin';
import type { Envelope } from '@shared/errors/envelope';
import { useStores } from '../../stores/StoreContext';
import { USERS_MENU } from './roleMenus';

export interface MemberOption {
  value: number;
  label: string;
}

/**
 * The users a role's members can be picked from: those the caller may list (itself and its tree).
 * Without the users screen there is nothing to ask for; the filter then takes typed user ids.
 */
export function useMemberOptions(): MemberOption[] {
  const root = useStores();
  const [options, setOptions] = useState<MemberOption[]>([]);
  const allowed = root.permission.hasRoute(USERS_MENU) || root.session.isAdmin;
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    root.http
      .get<Envelope<{ rows: UserRow[] }>>('/users', { params: { page: 1, size: 200 } })
      .then(
        ({ data }) =>
          live && setOptions(data.data.rows.map((user) => ({ value: user._id, label: user.trueName ? `${user.trueName} (${user.username})` : user.username }))),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [root.http, allowed]);
  return options;
}
