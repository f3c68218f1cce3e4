import type { AxiosInstance } from 'axios';
import { createApiClient } from '@shared/api/client';
import { envelopeData } from '@shared/api/envelopeData';
import type { ReportPeriod } from '@shared/reports/spec';
import type { ReportLinkView, ReportSheetView } from '@shared/reports/types';

export type ReportLinkState = 'active' | 'expired' | 'revoked';
/** The list answer adds the link's state as the server saw it. */
export type ReportLinkRow = ReportLinkView & { state?: ReportLinkState };

/** Revoked wins over expired; the server's own answer is used when it gave one. */
export const linkStateOf = (link: ReportLinkRow, now = Date.now()): ReportLinkState =>
  link.state ?? (link.revokedAt !== null ? 'revoked' : link.expiresAt <= now ? 'expired' : 'active');

export interface CreateLinkInput {
  target: 'run' | 'definition';
  runId?: number;
  definitionId?: number;
  period?: ReportPeriod;
  label: string;
  expiresInDays: number;
}

/** The sharing side of report links (/api/report-links), on the console's own client. */
export interface ReportLinksApi {
  list(filter: { runId?: number | undefined; definitionId?: number | undefined }): Promise<ReportLinkRow[]>;
  create(input: CreateLinkInput): Promise<ReportLinkRow>;
  revoke(id: number): Promise<ReportLinkRow>;
}

export function createReportLinksApi(http: AxiosInstance): ReportLinksApi {
  return {
    list: (filter) => envelopeData(http.get('/report-links', { params: filter })),
    create: (input) => envelopeData(http.post('/report-links', input)),
    revoke: (id) => envelopeData(http.post(`/report-links/${id}/revoke`)),
  };
}

/** The public side: no console token is ever sent, so the sheet opens the same for anyone with the address. */
export interface ReportSheetApi {
  sheet(token: string): Promise<ReportSheetView>;
  fileUrl(token: string): string;
}

export function createReportSheetApi(http: AxiosInstance = createApiClient({ tokens: { get: () => undefined, set: () => undefined } })): ReportSheetApi {
  return {
    sheet: (token) => envelopeData(http.get(`/report-sheets/${encodeURIComponent(token)}`)),
    fileUrl: (token) => `/api/report-sheets/${encodeURIComponent(token)}/file`,
  };
}
