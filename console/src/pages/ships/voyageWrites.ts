import { useMemo } from 'react';
import { envelopeData } from '@shared/api/envelopeData';
import type { VoyageBody } from '@shared/ships/schemas';
import { useStores } from '../../stores/StoreContext';

/** The voyage writes of server/modules/ships/routes.ts: `<menu>/add`, `/edit` and `/delete` on the server too. */
export interface VoyageWrites {
  create(shipId: number, body: VoyageBody): Promise<{ id: number }>;
  update(voyageId: number, body: VoyageBody): Promise<{ id: number }>;
  remove(voyageId: number): Promise<void>;
}

export function useVoyageWrites(): VoyageWrites {
  const { http } = useStores();
  return useMemo(
    () => ({
      create: (shipId, body) => envelopeData<{ id: number }>(http.post(`/ships/${shipId}/voyages`, body)),
      update: (voyageId, body) => envelopeData<{ id: number }>(http.put(`/ship-voyages/${voyageId}`, body)),
      remove: async (voyageId) => {
        await http.delete(`/ship-voyages/${voyageId}`);
      },
    }),
    [http],
  );
}
