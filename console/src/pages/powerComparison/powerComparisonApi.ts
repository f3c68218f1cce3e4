import type { AxiosInstance } from 'axios';
import { useMemo } from 'react';
import { envelopeData } from '@shared/api/envelopeData';
import type { ComparisonAnswer, ComparisonQuery, ComparisonTolerance, LatestImported, ToleranceBody, ToleranceList } from '@shared/powerComparison';
import { useStores } from '../../stores/StoreContext';

/** The routes of shared/powerComparison/api.ts. */
export interface PowerComparisonApi {
  compare(query: ComparisonQuery): Promise<ComparisonAnswer>;
  latest(): Promise<LatestImported | null>;
  tolerances(): Promise<ToleranceList>;
  putTolerance(body: ToleranceBody): Promise<ComparisonTolerance | null>;
}

export function createPowerComparisonApi(http: AxiosInstance): PowerComparisonApi {
  return {
    compare: (query) => envelopeData(http.get('/power-comparison', { params: query })),
    latest: () => envelopeData(http.get('/power-comparison/latest')),
    tolerances: () => envelopeData(http.get('/power-comparison/tolerances')),
    putTolerance: (body) => envelopeData(http.put('/power-comparison/tolerances', body)),
  };
}

export function usePowerComparisonApi(): PowerComparisonApi {
  const root = useStores();
  return useMemo(() => createPowerComparisonApi(root.http), [root.http]);
}
