import { useMemo } from 'react';
import { createPushesApi, type PushesApi } from '@shared/api/pushesApi';
import { useStores } from '../../stores/StoreContext';

/** The pushes client over the console's one axios instance (its errors become the api toast). */
export function usePushesApi(): PushesApi {
  const root = useStores();
  return useMemo(() => createPushesApi(root.http), [root.http]);
}
