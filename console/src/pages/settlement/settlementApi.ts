import type { AxiosInstance } from 'axios';
import type {
  ApportionRule,
  ApportionRuleInput,
  CompareMode,
  SettlementBy,
  SettlementClose,
  SettlementExportJob,
  SettlementExportRequest,
  SettlementFigures,
} from '@shared/schemas/settlement';
import { envelopeData } from '@shared/api/envelopeData';

export interface SettlementQueryParams {
  month?: string;
  from?: string;
  to?: string;
  by: SettlementBy;
  departmentIds?: number[];
  compare?: CompareMode;
}

/** The settlement API (server/modules/settlement): figures, month closes, apportionment rules, exports. */
export interface SettlementApi {
  figures(query: SettlementQueryParams): Promise<SettlementFigures>;
  closes(month?: string): Promise<SettlementClose[]>;
  close(month: string): Promise<SettlementClose>;
  reopen(id: number, reason: string): Promise<SettlementClose>;
  rules(): Promise<ApportionRule[]>;
  createRule(body: ApportionRuleInput): Promise<ApportionRule>;
  updateRule(id: number, body: ApportionRuleInput): Promise<ApportionRule>;
  removeRule(id: number): Promise<unknown>;
  startExport(body: SettlementExportRequest): Promise<SettlementExportJob>;
  exportProgress(id: string): Promise<SettlementExportJob>;
  exportFile(id: string): Promise<Blob>;
}

export function createSettlementApi(http: AxiosInstance): SettlementApi {
  return {
    figures: ({ departmentIds, ...query }) =>
      envelopeData(
        http.get('/settlement', {
          params: Object.fromEntries(
            Object.entries({ ...query, departmentIds: departmentIds?.length ? departmentIds.join(',') : undefined }).filter(
              ([, v]) => v !== undefined && v !== '',
            ),
          ),
        }),
      ),
    closes: (month) => envelopeData(http.get('/settlement-closes', { params: month ? { month } : {} })),
    close: (month) => envelopeData(http.post('/settlement-closes', { month })),
    reopen: (id, reason) => envelopeData(http.post(`/settlement-closes/${id}/reopen`, { reason })),
    rules: () => envelopeData(http.get('/apportion-rules')),
    createRule: (body) => envelopeData(http.post('/apportion-rules', body)),
    updateRule: (id, body) => envelopeData(http.put(`/apportion-rules/${id}`, body)),
    removeRule: (id) => envelopeData(http.delete(`/apportion-rules/${id}`)),
    startExport: (body) => envelopeData(http.post('/settlement-exports', body)),
    exportProgress: (id) => envelopeData(http.get(`/settlement-exports/${encodeURIComponent(id)}`)),
    exportFile: async (id) => (await http.get<Blob>(`/settlement-exports/${encodeURIComponent(id)}/file`, { responseType: 'blob' })).data,
  };
}
