import type { ColumnType, Generated } from 'kysely';

/** Table types of reports and utility-bill analysis (migration 0022_reports); conventions as in schema.ts. */
type Id = Generated<number>;
type Flag = number;
type EpochMs = ColumnType<number, number, number>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface ReportDefinitionsTable {
  id: Id;
  owner_user_id: number;
  name: string;
  description: Defaulted<string>;
  template: string | null;
  /** JSON ReportSpec */
  spec: string;
  created_by: number | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface ReportSchedulesTable {
  id: Id;
  owner_user_id: number;
  definition_id: number;
  name: string;
  cadence: string;
  time: Defaulted<string>;
  weekday: Defaulted<number>;
  month_day: Defaulted<number>;
  cron: Defaulted<string>;
  /** JSON ReportPeriod */
  period: string;
  /** JSON ReportFormat[] */
  formats: string;
  lang: Defaulted<string>;
  /** JSON string[] */
  recipients: string;
  enabled: Defaulted<Flag>;
  next_run_at: number | null;
  last_run_at: number | null;
  created_by: number | null;
  created_at: EpochMs;
}

export interface ReportRunsTable {
  id: Id;
  owner_user_id: number;
  definition_id: number | null;
  schedule_id: number | null;
  schedule_slot: number | null;
  name: string;
  /** JSON ReportSpec as asked for */
  spec: string;
  format: string;
  lang: string;
  period_from: string;
  period_to: string;
  /** JSON Paper or null */
  paper: string | null;
  state: Defaulted<string>;
  progress: Defaulted<number>;
  error: string | null;
  cancel_requested: Defaulted<Flag>;
  claimed_by: string | null;
  heartbeat_at: number | null;
  file_name: Defaulted<string>;
  size_bytes: Defaulted<number>;
  downloads: Defaulted<number>;
  created_by: number | null;
  created_at: EpochMs;
  started_at: number | null;
  finished_at: number | null;
}

export interface ReportFilesTable {
  run_id: number;
  content: Buffer;
}

export interface ReportDeliveriesTable {
  id: Id;
  owner_user_id: number;
  run_id: number;
  schedule_id: number | null;
  recipient: string;
  mode: Defaulted<string>;
  state: Defaulted<string>;
  attempts: Defaulted<number>;
  next_attempt_at: number | null;
  claimed_by: string | null;
  claimed_at: number | null;
  last_status: number | null;
  last_detail: Defaulted<string>;
  sent_at: number | null;
  created_at: EpochMs;
}

export interface ReportLinksTable {
  id: Id;
  owner_user_id: number;
  token_hash: string;
  target: string;
  run_id: number | null;
  definition_id: number | null;
  period: string | null;
  label: Defaulted<string>;
  created_by: number | null;
  created_at: EpochMs;
  expires_at: EpochMs;
  revoked_at: number | null;
  revoked_by: number | null;
  views: Defaulted<number>;
  last_viewed_at: number | null;
}

export interface ReportSettingsTable {
  id: number;
  retention_days: number;
  updated_by: number | null;
  updated_at: EpochMs;
}

export interface BillTemplatesTable {
  id: Id;
  owner_user_id: number;
  name: string;
  utility: Defaulted<string>;
  /** JSON extraction rules */
  rules: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface BillAnalysesTable {
  id: Id;
  owner_user_id: number;
  template_id: number | null;
  file_name: string;
  pdf: Buffer;
  text: Defaulted<string>;
  state: string;
  /** JSON fields, checks, comparison */
  result: string;
  targets: Defaulted<string>;
  created_by: number | null;
  created_at: EpochMs;
}

export interface ReportTables {
  report_definitions: ReportDefinitionsTable;
  report_schedules: ReportSchedulesTable;
  report_runs: ReportRunsTable;
  report_files: ReportFilesTable;
  report_deliveries: ReportDeliveriesTable;
  report_links: ReportLinksTable;
  report_settings: ReportSettingsTable;
  bill_templates: BillTemplatesTable;
  bill_analyses: BillAnalysesTable;
}
