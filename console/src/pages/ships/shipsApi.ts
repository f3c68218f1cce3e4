import { useMemo } from 'react';
import { envelopeData } from '@shared/api/envelopeData';
import type { FleetCiiAnswer, ShipCiiAnswer, ShipCiiYearsAnswer, ShipVoyagesAnswer } from '@shared/ships/api';
import { useStores } from '../../stores/StoreContext';

/** The ships routes of shared/ships/api.ts (ships, fuel entries and fuel meters are resource-kit routes). */
export interface ShipsApi {
  fleet(year: number): Promise<FleetCiiAnswer>;
  cii(shipId: number, year: number): Promise<ShipCiiAnswer>;
  ciiYears(shipId: number): Promise<ShipCiiYearsAnswer>;
  voyages(shipId: number, year: number | null): Promise<ShipVoyagesAnswer>;
}

export function useShipsApi(): ShipsApi {
  const { http } = useStores();
  return useMemo(
    () => ({
      fleet: (year) => envelopeData<FleetCiiAnswer>(http.get('/ships/fleet-cii', { params: { year } })),
      cii: (shipId, year) => envelopeData<ShipCiiAnswer>(http.get(`/ships/${shipId}/cii`, { params: { year } })),
      ciiYears: (shipId) => envelopeData<ShipCiiYearsAnswer>(http.get(`/ships/${shipId}/cii-years`)),
      voyages: (shipId, year) => envelopeData<ShipVoyagesAnswer>(http.get(`/ships/${shipId}/voyages`, { params: year === null ? {} : { year } })),
    }),
    [http],
  );
}
