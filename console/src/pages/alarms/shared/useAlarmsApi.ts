import { useMemo } from 'react';
import { createAlarmsApi, type AlarmsApi } from '@shared/api/alarmsApi';
import { useStores } from '../../../stores/StoreContext';

/** The alarms API on the console's one http client. */
export function useAlarmsApi(): AlarmsApi {
  const { http } = useStores();
  return useMemo(() => createAlarmsApi(http), [http]);
}
