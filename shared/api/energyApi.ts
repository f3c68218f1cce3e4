import type { AxiosInstance } from 'axios';
import type {
  AuditEntry,
  BalanceQuery,
  BalanceResult,
  EnergySummary,
  ExportJob,
  GatewayCredentials,
  MeterExportCreate,
  MeterHistoryPage,
  MeterHistoryPageQuery,
  MeterHistoryQuery,
  MeterLatest,
  MeterReplacement,
  MeterReplacementInput,
  MeterSeries,
  QuarantineItem,
  QuarantineQuery,
  QuarantineResolve,
  RankingQuery,
  RankingResult,
  RejectedReadingRow,
  RejectionQuery,
  RollupQuery,
  RollupResult,
} from '../schemas/energy';
import { envelopeData } from './envelopeData';

export interface Page<T> {
  total: number;
  rows: T[];
}

/** The metering read API (server/modules/energy). Lists of ids travel as `1,2,3`. */
export interface EnergyApi {
  series(query: MeterHistoryQuery): Promise<MeterSeries>;
  history(query: MeterHistoryPageQuery): Promise<MeterHistoryPage>;
  latest(meterId: number): Promise<MeterLatest>;
  startExport(body: MeterExportCreate): Promise<ExportJob>;
  exportState(id: string): Promise<ExportJob>;
  /** The finished file as a Blob (the request carries the token, so a plain link cannot be used). */
  exportFile(id: string): Promise<Blob>;
  rollups(query: RollupQuery): Promise<RollupResult>;
  ranking(query: RankingQuery): Promise<RankingResult>;
  balance(query: BalanceQuery): Promise<BalanceResult>;
  summary(): Promise<EnergySummary>;
  quarantine(query: QuarantineQuery): Promise<Page<QuarantineItem>>;
  resolveQuarantine(id: number, body: QuarantineResolve): Promise<QuarantineItem>;
  audit(entity: string, entityId: number): Promise<AuditEntry[]>;
  rejections(query: RejectionQuery): Promise<Page<RejectedReadingRow>>;
  replacements(meterId: number): Promise<MeterReplacement[]>;
  replaceMeter(meterId: number, body: MeterReplacementInput): Promise<MeterReplacement>;
  setGatewayCredentials(gatewayId: number, body: GatewayCredentials): Promise<{ mqttUsername: string }>;
}

const listParams = <T extends object>(query: T): Record<string, unknown> =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]));

export function createEnergyApi(http: AxiosInstance): EnergyApi {
  return {
    series: (query) => envelopeData(http.get('/meter-data/series', { params: query })),
    history: (query) => envelopeData(http.get('/meter-data/history', { params: query })),
    latest: (meterId) => envelopeData(http.get('/meter-data/latest', { params: { meterId } })),
    startExport: (body) => envelopeData(http.post('/meter-data/exports', body)),
    exportState: (id) => envelopeData(http.get(`/meter-data/exports/${encodeURIComponent(id)}`)),
    exportFile: async (id) => (await http.get<Blob>(`/meter-data/exports/${encodeURIComponent(id)}/file`, { responseType: 'blob' })).data,
    rollups: (query) => envelopeData(http.get('/energy/rollups', { params: listParams(query) })),
    ranking: (query) => envelopeData(http.get('/energy/ranking', { params: query })),
    balance: (query) => envelopeData(http.get('/energy/balance', { params: query })),
    summary: () => envelopeData(http.get('/energy/summary')),
    quarantine: (query) => envelopeData(http.get('/quarantine', { params: query })),
    resolveQuarantine: (id, body) => envelopeData(http.post(`/quarantine/${id}/resolve`, body)),
    audit: (entity, entityId) => envelopeData(http.get('/audit-log', { params: { entity, entityId } })),
    rejections: (query) => envelopeData(http.get('/ingest/rejections', { params: query })),
    replacements: (meterId) => envelopeData(http.get(`/meters/${meterId}/replacements`)),
    replaceMeter: (meterId, body) => envelopeData(http.post(`/meters/${meterId}/replacements`, body)),
    setGatewayCredentials: (gatewayId, body) => envelopeData(http.put(`/gateways/${gatewayId}/mqtt-credentials`, body)),
  };
}
