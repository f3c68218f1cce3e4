import type { BillAnalysisState, DeliveryState, ReportFormat, ReportLang, RunState, ScheduleCadence } from './constants';
import type { Paper, ReportPeriod, ReportSpec } from './spec';

/** GET /api/report-definitions(/:id) */
export interface ReportDefinitionView {
  id: number;
  name: string;
  description: string;
  template: string | null;
  spec: ReportSpec;
  ownerUserId: number;
  createdBy: string;
  createdAt: number;
  updatedAt: number;
  /** schedules of this definition */
  schedules: number;
}

/** GET /api/report-templates: the shipped templates, named in the caller's language on the console. */
export interface ReportTemplateView {
  key: string;
  spec: ReportSpec;
}

/** GET /api/report-runs(/:id): a generated (or generating) file. */
export interface ReportRunView {
  id: number;
  definitionId: number | null;
  scheduleId: number | null;
  name: string;
  format: ReportFormat;
  lang: ReportLang;
  period: { from: string; to: string };
  paper: Paper | null;
  state: RunState;
  /** 0..1 */
  progress: number;
  error: string | null;
  fileName: string;
  sizeBytes: number;
  downloads: number;
  /** user name, or "schedule: <name>" */
  requestedBy: string;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** when retention deletes it */
  expiresAt: number;
}

/** GET /api/report-schedules */
export interface ReportScheduleView {
  id: number;
  definitionId: number;
  definitionName: string;
  name: string;
  cadence: ScheduleCadence;
  time: string;
  weekday: number;
  monthDay: number;
  cron: string;
  /** the five-field expression the schedule runs on */
  expression: string;
  period: ReportPeriod;
  formats: ReportFormat[];
  lang: ReportLang;
  recipients: string[];
  enabled: boolean;
  nextRunAt: number | null;
  lastRunAt: number | null;
}

/** GET /api/report-deliveries: one e-mail to one recipient for one run. */
export interface ReportDeliveryView {
  id: number;
  runId: number;
  scheduleId: number | null;
  recipient: string;
  /** attachment, or link when the file was too large to attach */
  mode: 'attachment' | 'link';
  state: DeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastDetail: string;
  sentAt: number | null;
  createdAt: number;
}

/** GET /api/report-links */
export interface ReportLinkView {
  id: number;
  target: 'run' | 'definition';
  runId: number | null;
  definitionId: number | null;
  name: string;
  label: string;
  period: ReportPeriod | null;
  /** the full public address; only in the answer that created the link (the token is stored hashed) */
  url?: string;
  createdBy: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  revokedBy: string | null;
  views: number;
  lastViewedAt: number | null;
}

/** GET /api/report-sheets/:token (public): what the link shows. */
export interface ReportSheetView {
  target: 'run' | 'definition';
  name: string;
  expiresAt: number;
  /** a live definition's table, or a generated run's table rebuilt from its stored parameters */
  table: import('./table').ReportTable | null;
  /** a generated run's file: download at /api/report-sheets/:token/file */
  file: { fileName: string; format: ReportFormat; sizeBytes: number } | null;
}

/** GET /api/bill-analyses(/:id) */
export interface BillAnalysisView {
  id: number;
  fileName: string;
  templateId: number | null;
  state: BillAnalysisState;
  /** the fields the template found, as text and as a number where it is one */
  fields: { field: string; text: string; value: number | null; line: number | null }[];
  checks: { rule: string; ok: boolean; expected: number | null; actual: number | null; detail: string }[];
  comparison: {
    scope: 'meter' | 'department';
    ids: number[];
    period: { from: string; to: string } | null;
    billed: number | null;
    metered: number | null;
    differencePercent: number | null;
    tolerancePercent: number;
    ok: boolean | null;
  } | null;
  createdBy: string;
  createdAt: number;
}
