import { useMemo } from 'react';
import { createDisplaysApi, type DisplaysApi } from '@shared/api/displaysApi';
import { useStores } from '../../stores/StoreContext';

/** The boards/displays client over the console's one axios instance (its errors become the api toast). */
export function useDisplaysApi(): DisplaysApi {
  const root = useStores();
  return useMemo(() => createDisplaysApi(root.http), [root.http]);
}
