import { useMemo } from 'react';
import { envelopeData } from '@shared/api/envelopeData';
import type { DeviceDayAnswer, DeviceDaysAnswer } from '@shared/productionDevices/api';
import { useStores } from '../../stores/StoreContext';

/** The device analytics of shared/productionDevices/api.ts (the list and form are the resource kit's). */
export interface DevicesApi {
  day(id: number, day: string): Promise<DeviceDayAnswer>;
  days(id: number, from: string, to: string): Promise<DeviceDaysAnswer>;
}

export function useDevicesApi(): DevicesApi {
  const { http } = useStores();
  return useMemo(
    () => ({
      day: (id, day) => envelopeData<DeviceDayAnswer>(http.get(`/production-devices/${id}/day`, { params: { day } })),
      days: (id, from, to) => envelopeData<DeviceDaysAnswer>(http.get(`/production-devices/${id}/days`, { params: { from, to } })),
    }),
    [http],
  );
}
