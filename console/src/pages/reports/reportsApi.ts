import type { AxiosInstance } from 'axios';
import type { Page } from '@shared/api/energyApi';
import { envelopeData } from '@shared/api/envelopeData';
import type { ReportFormat, ReportObjectKind, RunState } from '@shared/reports/constants';
import type { ReportSettings, ReportScheduleBody } from '@shared/reports/scheduleSchemas';
import type { ReportDefinitionBody, ReportPeriod, ReportRunRequest, ReportSpecInput } from '@shared/reports/spec';
import type { ReportTable } from '@shared/reports/table';
import type { ReportDefinitionView, ReportDeliveryView, ReportRunView, ReportScheduleView, ReportTemplateView } from '@shared/reports/types';
import type { ResourceOption } from '@shared/resources';

/** A list answer as `{ rows, total }` (the list kit's shape); `{ list, total }` and a bare array are read too. */
export function pageOf<R>(answer: unknown): Page<R> {
  if (Array.isArray(answer)) return { rows: answer as R[], total: answer.length };
  const value = (answer ?? {}) as { list?: R[]; rows?: R[]; total?: number };
  const rows = value.rows ?? value.list;
  return { rows: rows as R[], total: value.total ?? rows?.length ?? 0 };
}

const params = (query: object) => Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''));

export interface DefinitionFilters {
  keyword?: string;
}
export interface RunFilters {
  state?: RunState;
  format?: ReportFormat;
  definitionId?: number;
}
/** The body the editor sends: the contract's input shape (defaults filled by the server). */
export type DefinitionBodyInput = Omit<ReportDefinitionBody, 'spec'> & { spec: ReportSpecInput };

/** Where each object kind's picker choices come from (the resource options routes). */
export const OBJECT_OPTION_PATHS: Record<ReportObjectKind, string> = {
  meter: 'meters',
  department: 'departments',
  subitem: 'subitems',
  room: 'rooms',
  line: 'product-lines',
  ship: 'ships',
};

/** The reports API (server/modules/report*): definitions, templates, preview, runs, settings, schedules, deliveries. */
export interface ReportsApi {
  definitions(query: DefinitionFilters & { page: number; size: number }): Promise<Page<ReportDefinitionView>>;
  definition(id: number): Promise<ReportDefinitionView>;
  createDefinition(body: DefinitionBodyInput): Promise<ReportDefinitionView>;
  updateDefinition(id: number, body: DefinitionBodyInput): Promise<ReportDefinitionView>;
  removeDefinition(id: number): Promise<unknown>;
  templates(): Promise<ReportTemplateView[]>;
  preview(spec: ReportSpecInput, period?: ReportPeriod): Promise<ReportTable>;
  definitionTable(id: number, period?: ReportPeriod): Promise<ReportTable>;
  runs(query: RunFilters & { page: number; size: number }): Promise<Page<ReportRunView>>;
  run(id: number): Promise<ReportRunView>;
  createRun(body: ReportRunRequest): Promise<ReportRunView>;
  cancelRun(id: number): Promise<ReportRunView>;
  removeRun(id: number): Promise<unknown>;
  runFile(id: number): Promise<Blob>;
  settings(): Promise<ReportSettings>;
  saveSettings(body: ReportSettings): Promise<ReportSettings>;
  schedules(definitionId: number): Promise<ReportScheduleView[]>;
  createSchedule(body: ReportScheduleBody): Promise<ReportScheduleView>;
  updateSchedule(id: number, body: ReportScheduleBody): Promise<ReportScheduleView>;
  removeSchedule(id: number): Promise<unknown>;
  runScheduleNow(id: number): Promise<unknown>;
  deliveries(query: { runId?: number; scheduleId?: number }): Promise<ReportDeliveryView[]>;
  objectOptions(kind: ReportObjectKind): Promise<ResourceOption[]>;
}

export function createReportsApi(http: AxiosInstance): ReportsApi {
  return {
    definitions: async (query) => pageOf<ReportDefinitionView>(await envelopeData(http.get('/report-definitions', { params: params(query) }))),
    definition: (id) => envelopeData(http.get(`/report-definitions/${id}`)),
    createDefinition: (body) => envelopeData(http.post('/report-definitions', body)),
    updateDefinition: (id, body) => envelopeData(http.put(`/report-definitions/${id}`, body)),
    removeDefinition: (id) => envelopeData(http.delete(`/report-definitions/${id}`)),
    templates: async () => pageOf<ReportTemplateView>(await envelopeData(http.get('/report-templates'))).rows,
    preview: (spec, period) => envelopeData(http.post('/report-preview', period ? { spec, period } : { spec })),
    definitionTable: (id, period) =>
      envelopeData(http.get(`/report-definitions/${id}/table`, { params: period ? params({ preset: period.preset, from: period.from, to: period.to }) : {} })),
    runs: async (query) => pageOf<ReportRunView>(await envelopeData(http.get('/report-runs', { params: params(query) }))),
    run: (id) => envelopeData(http.get(`/report-runs/${id}`)),
    createRun: (body) => envelopeData(http.post('/report-runs', body)),
    cancelRun: (id) => envelopeData(http.post(`/report-runs/${id}/cancel`, {})),
    removeRun: (id) => envelopeData(http.delete(`/report-runs/${id}`)),
    runFile: async (id) => (await http.get<Blob>(`/report-runs/${id}/file`, { responseType: 'blob' })).data,
    settings: () => envelopeData(http.get('/report-settings')),
    saveSettings: (body) => envelopeData(http.put('/report-settings', body)),
    schedules: async (definitionId) =>
      pageOf<ReportScheduleView>(await envelopeData(http.get('/report-schedules', { params: { definitionId, page: 1, size: 200 } }))).rows,
    createSchedule: (body) => envelopeData(http.post('/report-schedules', body)),
    updateSchedule: (id, body) => envelopeData(http.put(`/report-schedules/${id}`, body)),
    removeSchedule: (id) => envelopeData(http.delete(`/report-schedules/${id}`)),
    runScheduleNow: (id) => envelopeData(http.post(`/report-schedules/${id}/run-now`, {})),
    deliveries: async (query) => pageOf<ReportDeliveryView>(await envelopeData(http.get('/report-deliveries', { params: params(query) }))).rows,
    objectOptions: async (kind) => pageOf<ResourceOption>(await envelopeData(http.get(`/${OBJECT_OPTION_PATHS[kind]}/options`))).rows,
  };
}
