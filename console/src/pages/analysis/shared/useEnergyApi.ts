import { useMemo } from 'react';
import { createEnergyApi, type EnergyApi } from '@shared/api/energyApi';
import { useStores } from '../../../stores/StoreContext';

/** The metering read API on the console's http client (token, envelope, error toast). */
export function useEnergyApi(): EnergyApi {
  const root = useStores();
  return useMemo(() => createEnergyApi(root.http), [root.http]);
}
