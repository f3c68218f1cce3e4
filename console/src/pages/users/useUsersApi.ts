import { useMemo } from 'react';
import { createUsersApi, type UsersApi } from '@shared/api/usersApi';
import { useStores } from '../../stores/StoreContext';

/** The users client over the console's one axios instance (its failures also raise the api toast). */
export function useUsersApi(): UsersApi {
  const root = useStores();
  return useMemo(() => createUsersApi(root.http), [root.http]);
}
