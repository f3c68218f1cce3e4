import type { AxiosInstance } from 'axios';
import { useMemo } from 'react';
import { envelopeData } from '@shared/api/envelopeData';
import type {
  BaselineBody,
  BaselineChoice,
  BaselineReport,
  LineCostReport,
  LineMeter,
  LineMetersBody,
  LineSecReport,
  LineShiftReport,
  ProductionBoard,
  RangeQuery,
  SecPeriod,
} from '@shared/production/api';
import { useStores } from '../../stores/StoreContext';

/** The routes of shared/production/api.ts the two production screens call. */
export interface ProductionApi {
  lineMeters(lineId: number): Promise<LineMeter[]>;
  putLineMeters(lineId: number, body: LineMetersBody): Promise<LineMeter[]>;
  board(range: RangeQuery): Promise<ProductionBoard>;
  sec(lineId: number, query: RangeQuery & { period: SecPeriod }): Promise<LineSecReport>;
  shifts(lineId: number, range: RangeQuery): Promise<LineShiftReport>;
  /** The reporting period is the range; a baseline given here is tried without being saved. */
  baseline(lineId: number, query: RangeQuery & { baselineFrom?: string; baselineTo?: string }): Promise<BaselineReport>;
  saveBaseline(lineId: number, body: BaselineBody): Promise<BaselineChoice>;
  saveTarget(lineId: number, targetSecKwh: number | null): Promise<unknown>;
  cost(lineId: number, range: RangeQuery): Promise<LineCostReport>;
}

export function createProductionApi(http: AxiosInstance): ProductionApi {
  const line = (id: number) => `/production/lines/${id}`;
  return {
    lineMeters: (id) => envelopeData(http.get(`${line(id)}/meters`)),
    putLineMeters: (id, body) => envelopeData(http.put(`${line(id)}/meters`, body)),
    board: (range) => envelopeData(http.get('/production/board', { params: range })),
    sec: (id, query) => envelopeData(http.get(`${line(id)}/sec`, { params: query })),
    shifts: (id, range) => envelopeData(http.get(`${line(id)}/shifts`, { params: range })),
    baseline: (id, query) => envelopeData(http.get(`${line(id)}/baseline`, { params: query })),
    saveBaseline: (id, body) => envelopeData(http.put(`${line(id)}/baseline`, body)),
    saveTarget: (id, targetSecKwh) => envelopeData(http.put(`${line(id)}/target`, { targetSecKwh })),
    cost: (id, range) => envelopeData(http.get(`${line(id)}/cost`, { params: range })),
  };
}

/** The production client on the console's axios instance (token, envelope, error toast). */
export function useProductionApi(): ProductionApi {
  const root = useStores();
  return useMemo(() => createProductionApi(root.http), [root.http]);
}
