import { useMemo } from 'react';
import { useStores } from '../../stores/StoreContext';
import { createPrepaidApi, type PrepaidApi } from './prepaidApi';

/** The prepaid API on the console's http client (token, envelope, error toast). */
export function usePrepaidApi(): PrepaidApi {
  const root = useStores();
  return useMemo(() => createPrepaidApi(root.http), [root.http]);
}
