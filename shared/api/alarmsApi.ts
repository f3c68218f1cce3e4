import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import type {
  AlarmActionPage,
  alarmActionQuerySchema,
  AlarmActionResult,
  AlarmRecordPage,
  AlarmRecordQuery,
  AlarmState,
  AlarmStats,
  alarmStatsQuerySchema,
  AlarmTotalCount,
  ThresholdRule,
  ThresholdRuleInput,
  ThresholdScope,
  ThresholdSuggestion,
} from '../schemas/alarms';
import type { Page } from './energyApi';
import { envelopeData } from './envelopeData';

export type AlarmActionQuery = z.input<typeof alarmActionQuerySchema>;
export type AlarmStatsQuery = z.input<typeof alarmStatsQuerySchema>;
export type AlarmRecordAction = 'acknowledge' | 'process';

export interface ThresholdRuleQuery {
  page: number;
  size: number;
  scope?: ThresholdScope | undefined;
  scopeId?: number | undefined;
  metric?: string | undefined;
  keyword?: string | undefined;
}

/** Alarm records, their actions and logbook, statistics and threshold rules (server/modules/alarms). */
export interface AlarmsApi {
  records(query: AlarmRecordQuery): Promise<AlarmRecordPage>;
  /** Acknowledge (1 → 2) or process (1|2 → 3) many records; those that cannot change come back in `skipped`. */
  act(action: AlarmRecordAction, body: { ids: number[]; note?: string }): Promise<AlarmActionResult>;
  totalCount(processingState: readonly AlarmState[]): Promise<AlarmTotalCount>;
  actions(query: AlarmActionQuery): Promise<AlarmActionPage>;
  stats(query: AlarmStatsQuery): Promise<AlarmStats>;
  rules(query: ThresholdRuleQuery): Promise<Page<ThresholdRule>>;
  createRule(body: ThresholdRuleInput): Promise<ThresholdRule>;
  updateRule(id: number, body: ThresholdRuleInput): Promise<ThresholdRule>;
  deleteRules(ids: readonly number[]): Promise<{ deleted: number }>;
  suggest(query: { meterId: number; metric: string; days?: number }): Promise<ThresholdSuggestion>;
}

/** Lists travel as `1,2` (the contract's state lists split on commas); empty values stay out of the URL. */
const params = (query: object): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]),
  );

export function createAlarmsApi(http: AxiosInstance): AlarmsApi {
  return {
    records: (query) => envelopeData(http.get('/alarm-records', { params: params(query) })),
    act: (action, body) => envelopeData(http.post(`/alarm-records/${action}`, body)),
    totalCount: (processingState) => envelopeData(http.post('/alarm-records/alarm-total-count', { processingState })),
    actions: (query) => envelopeData(http.get('/alarm-actions', { params: params(query) })),
    stats: (query) => envelopeData(http.get('/alarm-records/stats', { params: params(query) })),
    rules: (query) => envelopeData(http.get('/alarm-rules', { params: params(query) })),
    createRule: (body) => envelopeData(http.post('/alarm-rules', body)),
    updateRule: (id, body) => envelopeData(http.put(`/alarm-rules/${id}`, body)),
    deleteRules: (ids) => envelopeData(http.delete('/alarm-rules', { data: { ids } })),
    suggest: (query) => envelopeData(http.get('/alarm-rules/suggest', { params: params(query) })),
  };
}
