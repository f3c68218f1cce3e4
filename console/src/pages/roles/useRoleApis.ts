import { useMemo } from 'react';
import { createRolesApi, type RolesApi } from '@shared/api/rolesApi';
import { createRoutersApi, type RoutersApi } from '@shared/api/routersApi';
import { useStores } from '../../stores/StoreContext';

/** The roles and routers clients over the console's one axios instance (its errors become the api toast). */
export function useRoleApis(): { roles: RolesApi; routers: RoutersApi } {
  const root = useStores();
  return useMemo(() => ({ roles: createRolesApi(root.http), routers: createRoutersApi(root.http) }), [root.http]);
}
