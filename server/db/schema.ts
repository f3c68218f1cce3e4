import type { ColumnType, Generated } from 'kysely';
import type { Milli } from '@shared/metering';
import type { subitemSchema, tagSchema } from '@shared/resources';
import type { meterCheckSchema } from '@shared/resources/meterChecks';
import type { StoredRow } from './resourceRow';
import type { PrepaidTables } from './prepaidSchema';
import type { ReportTables } from './reportsSchema';
import type { PowerComparisonTables } from './powerComparisonSchema';
import type { ExportFilesTables } from './exportFilesSchema';
import type { PowerImportTables } from './powerImportsSchema';
import type { ProductionDeviceTables } from './productionDevicesSchema';
import type { ProductionTables } from './productionSchema';
import type { ShipTables } from './shipsSchema';

/**
 * Table types for kysely. Booleans are stored as 0/1 integers on both engines (better-sqlite3 cannot
 * bind booleans); times are epoch milliseconds (bigint on PostgreSQL, parsed back to number).
 */
type Id = Generated<number>;
type Flag = number;
type EpochMs = ColumnType<number, number, number>;

export interface UsersTable {
  id: Id;
  username: string;
  true_name: string;
  email: string;
  password_hash: string;
  father_id: number | null;
  type: number;
  status: Flag;
  cloud_type: Flag;
  avatar: string;
  introduction: string;
  created_at: EpochMs;
  updated_at: EpochMs;
  mqtt_username: ColumnType<string | null, string | null | undefined, string | null>;
  mqtt_password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  mqtt_role: ColumnType<string, string | undefined, string>;
  /** JSON array of e-mail addresses pushes go to (migration 0006). */
  push_emails: ColumnType<string, string | undefined, string>;
  /** JSON array of mainland mobile numbers for SMS and WeChat mentions. */
  push_phones: ColumnType<string, string | undefined, string>;
  /** SMS pushes the user may receive per calendar month (0: none). */
  sms_count: ColumnType<number, number | undefined, number>;
}

export interface RolesTable {
  id: Id;
  name: string;
  type: number;
  description: string;
  is_default: Flag;
  created_at: EpochMs;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface RoutersTable {
  id: Id;
  path: string;
  fullpath: string;
  /** Stable permission key: what routes check; the editor never changes it (seeded: the product path, created: custom:<uuid>). */
  perm_key: string;
  level: number;
  parent_id: number | null;
  type: string;
  title: string;
  icon: string | null;
  sort: number;
  hidden: Flag;
  no_role: Flag;
}

export interface RoleRoutersTable {
  role_id: number;
  router_id: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  visit_source: string;
  created_at: EpochMs;
  expires_at: EpochMs;
  last_seen_at: EpochMs;
  revoked_at: EpochMs | null;
}

/** Login attempts per scope (migration 0013); see server/auth/loginThrottle.ts. */
export interface LoginAttemptsTable {
  scope: 'account-address' | 'account' | 'address';
  username: string;
  address: string;
  attempts: number;
  window_started_at: EpochMs;
}

export interface DepartmentsTable {
  /** The user whose tree the row belongs to (server/tenancy). */
  owner_user_id: number;
  id: Id;
  name: string;
  code: string;
  parent_id: number | null;
  level: number;
  sort: number;
}

export interface GatewaysTable {
  id: Id;
  sn: string;
  name: string;
  owner_user_id: number;
  online: Flag;
  last_seen_at: EpochMs | null;
  mqtt_username: ColumnType<string | null, string | null | undefined, string | null>;
  mqtt_password_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MetersTable {
  /** The user whose tree the row belongs to (server/tenancy). */
  owner_user_id: number;
  id: Id;
  code: string;
  name: string;
  gateway_id: number | null;
  department_id: number | null;
  energy_type: string;
  unit: string;
  ct_ratio: number;
  pt_ratio: number;
  register_max: number;
  created_at: EpochMs;
  subitem_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Most power the installation can draw (kW, primary); energy steps above it are quarantined. */
  rated_power_kw: ColumnType<number, number | undefined, number>;
  install_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** The department's main (incoming) meter for its energy type: the department's total is this meter. */
  is_main: ColumnType<Flag, Flag | undefined, Flag>;
  online: ColumnType<Flag, Flag | undefined, Flag>;
  last_seen_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Plain resources: the row type follows the shared schema (resourceRow.ts). */
export type SubitemsTable = StoredRow<typeof subitemSchema>;

export type TagsTable = StoredRow<typeof tagSchema>;

export interface MeterTagsTable {
  meter_id: number;
  tag_id: number;
}

export interface MeterReplacementsTable {
  id: Id;
  meter_id: number;
  replaced_at: EpochMs;
  old_serial: string;
  new_serial: string;
  old_final_reading: number | null;
  new_initial_reading: number | null;
  note: string;
  user_id: number | null;
  credited_energy: Generated<number>;
}

export interface DisplayAreasTable {
  /** The user whose tree the row belongs to (server/tenancy). */
  owner_user_id: number;
  id: Id;
  name: string;
  image: string;
  gateway_id: number | null;
  cloud: Flag;
  show_status: Flag;
  config: string;
}

export interface ReadingsTable {
  meter_id: number;
  ts: EpochMs;
  /** The register (kwh or m3) in thousandths of its unit (Wh, litres): `toMilli` / `fromMilli` in shared/metering. */
  register_milli: Milli | null;
  /** The rate (kw or flow) in thousandths of its unit (W, litres/h). */
  rate_milli: Milli | null;
  extra: string | null;
}

export interface MeterStateTable {
  meter_id: number;
  register_ts: EpochMs | null;
  register_value: number | null;
  latest_ts: EpochMs;
  latest: string;
}

export interface EnergyIntervalsTable {
  meter_id: number;
  start: EpochMs;
  energy: number;
}

export type RollupScope = 'meter' | 'department' | 'subitem';
export type RollupGrain = 'hour' | 'day' | 'month';

export interface EnergyRollupsTable {
  scope: RollupScope;
  scope_id: number;
  energy_type: string;
  grain: RollupGrain;
  period: string;
  energy: number;
}

export interface QuarantineTable {
  id: Id;
  meter_id: number;
  from_ts: EpochMs;
  to_ts: EpochMs;
  energy: number;
  limit_energy: number;
  raw_from: number;
  raw_to: number;
  status: ColumnType<string, string | undefined, string>;
  corrected_energy: number | null;
  note: ColumnType<string, string | undefined, string>;
  resolved_by: number | null;
  resolved_at: EpochMs | null;
  created_at: EpochMs;
}

export interface AuditLogTable {
  id: Id;
  at: EpochMs;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  detail: string;
}

export interface IngestRejectionsTable {
  /** The user whose tree the row belongs to (server/tenancy). */
  owner_user_id: number;
  id: Id;
  at: EpochMs;
  source: string;
  gateway_sn: string | null;
  meter_code: string | null;
  reason: string;
}

export interface InterfaceKeysTable {
  /** The user whose tree the row belongs to (server/tenancy). */
  owner_user_id: number;
  id: Id;
  key: string;
  name: string;
  user_id: number;
  state: ColumnType<string, string | undefined, string>;
  created_at: EpochMs;
  activated_at: EpochMs | null;
  last_used_at: EpochMs | null;
}

export interface InterfaceCallsTable {
  id: Id;
  key_id: number | null;
  at: EpochMs;
  ip: string;
  accepted: number;
  rejected: number;
  code: number;
  duration_ms: number;
}

/** Threshold rules: limits on a meter, department or sub-item metric. */
export interface AlarmRulesTable {
  /** The user whose tree the row belongs to (server/tenancy). */
  owner_user_id: number;
  id: Id;
  name: string;
  /** meter | department | subitem */
  scope: string;
  scope_id: number;
  metric: string;
  over: number | null;
  under: number | null;
  duration_s: number;
  hysteresis: number;
  severity: string;
  enabled: Flag;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** One alarm: raised by a rule, the data checks or the silence sweep; acted on by people. */
export interface AlarmRecordsTable {
  id: Id;
  /** device | error | trouble | offline */
  kind: string;
  severity: string;
  /** 1 new, 2 acknowledged, 3 processed, 4 cleared (shared/schemas/alarms ALARM_STATES) */
  processing_state: number;
  /** meter | department | subitem | gateway */
  subject_type: string;
  subject_id: number;
  subject_code: string | null;
  subject_name: string;
  /** The rule that raised it; 0 for kinds without a rule, so the open-condition index has no nulls. */
  rule_id: number;
  metric: string | null;
  value: number | null;
  limit_value: number | null;
  message: string;
  raised_at: EpochMs;
  ended_at: EpochMs | null;
  repeat_count: ColumnType<number, number | undefined, number>;
  last_repeat_at: EpochMs | null;
  acknowledged_by: string | null;
  acknowledged_at: EpochMs | null;
  processed_by: string | null;
  processed_at: EpochMs | null;
  note: string | null;
}

/** What happened to an alarm record and who did it (alarm-management/message). */
export interface AlarmActionsTable {
  id: Id;
  record_id: number;
  /** raised | repeated | acknowledged | processed | ended | cleared (shared/schemas/alarms ALARM_ACTIONS) */
  action: string;
  /** Username; null for what the system did. */
  actor: string | null;
  note: string | null;
  at: EpochMs;
}

/** A message template with {{placeholders}}. */
export interface PushTemplatesTable {
  /** The user whose tree the row belongs to (server/tenancy). */
  owner_user_id: number;
  id: Id;
  name: string;
  /** email | sms | wechat */
  channel: string;
  subject: string;
  body: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** The template an alarm kind uses on a channel when a push task names none. */
export interface PushTemplateDefaultsTable {
  kind: string;
  channel: string;
  template_id: number;
}

export interface PushTasksTable {
  /** The user whose tree the row belongs to (server/tenancy). */
  owner_user_id: number;
  id: Id;
  name: string;
  enabled: Flag;
  channel: string;
  /** JSON array of alarm kinds. */
  kinds: string;
  min_severity: string;
  department_id: number | null;
  template_id: number | null;
  on_repeat: Flag;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface PushTaskRecipientsTable {
  task_id: number;
  user_id: number;
}

/** One message to one address (a WeChat record: one group message mentioning several phones). */
export interface PushRecordsTable {
  id: Id;
  task_id: number | null;
  alarm_id: number | null;
  alarm_repeat: ColumnType<number, number | undefined, number>;
  channel: string;
  recipient_id: number | null;
  recipient_name: string | null;
  address: string;
  subject: string;
  body: string;
  /** pending | sent | failed | skipped (shared/schemas/pushes PUSH_STATES) */
  state: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: EpochMs | null;
  last_error: string | null;
  sent_at: EpochMs | null;
  created_at: EpochMs;
}

/** One call to a provider: SMTP server, SMS or WeChat endpoint. */
export interface ProviderCallsTable {
  id: Id;
  record_id: number | null;
  channel: string;
  endpoint: string;
  ok: Flag;
  status: number | null;
  detail: string;
  duration_ms: number;
  at: EpochMs;
}

export interface ForwardEndpointsTable {
  /** The user whose tree the row belongs to (server/tenancy). */
  owner_user_id: number;
  id: Id;
  name: string;
  url: string;
  method: string;
  headers: string;
  secret: string | null;
  send_readings: Flag;
  send_energy: Flag;
  send_alarms: Flag;
  meter_ids: string;
  department_ids: string;
  batch_size: number;
  interval_s: number;
  max_attempts: number;
  backoff_s: number;
  paused: ColumnType<number, number | undefined, number>;
  dropped: ColumnType<number, number | undefined, number>;
  last_status: number | null;
  last_error: string | null;
  last_call_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** Closed quarter hours an endpoint's receiver took, per meter (migration 0032, server/forwarding). */
export interface ForwardEnergyCursorsTable {
  endpoint_id: number;
  meter_id: number;
  /** Every interval ending at or before this (epoch ms) was taken. */
  sent_through: EpochMs;
}

export interface ForwardCallsTable {
  id: Id;
  endpoint_id: number;
  at: EpochMs;
  items: number;
  ok: Flag;
  status: number | null;
  error: string | null;
  duration_ms: number;
  attempt: number;
  test: ColumnType<number, number | undefined, number>;
}

export interface PushChannelSettingsTable {
  channel: string;
  /** JSON, secret included. */
  config: string;
  updated_at: EpochMs;
}

export interface BoardsTable {
  /** The user whose tree the row belongs to (server/tenancy). */
  owner_user_id: number;
  id: Generated<number>;
  name: string;
  description: string;
  document: string;
  revision: number;
  sample_key: string | null;
  created_at: number;
  updated_at: number;
  updated_by: string;
}

/** A NOT NULL column with a DB default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** A nullable column: optional on insert (null). */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** 0010_board_history: boards gain purpose, code (unique when not ''), equipment meter, review. */
export interface BoardsIssue8Columns {
  /** document.meta.purpose, mirrored on every save. */
  purpose: Defaulted<string>;
  /** document.meta.code, mirrored on every save; '' for none. */
  code: Defaulted<string>;
  equipment_meter_id: Optional<number>;
  /** draft | pending | approved | rejected; only equipment boards move off draft. */
  review_state: Defaulted<string>;
  review_revision: Optional<number>;
  review_submitted_at: Optional<number>;
  review_submitted_by: Optional<string>;
  review_decided_at: Optional<number>;
  review_decided_by: Optional<string>;
  review_comment: Defaulted<string>;
}

/** Every saved document of a board (0010_board_history); one row per revision. */
export interface BoardVersionsTable {
  board_id: number;
  revision: number;
  name: string;
  document: string;
  saved_at: EpochMs;
  saved_by: string;
  /** 'created' | 'saved' | 'restored from 3' | 'duplicated from board 7' */
  note: Defaulted<string>;
}

/**
 * Uploaded pictures (0011_files_sprites). The bytes live in the database (blob / bytea, at most
 * UPLOAD_MAX_BYTES): no client path ever reaches the file system, every server process of a scale-out serves
 * them, and a database backup holds them.
 */
export interface FilesTable {
  /** The user whose tree the row belongs to (server/tenancy). */
  owner_user_id: number;
  id: Generated<number>;
  sha256: string;
  content: Buffer;
  ext: string;
  content_type: string;
  original_name: string;
  size: number;
  width: number | null;
  height: number | null;
  uploaded_at: number;
  uploaded_by: string;
}

/** Plant pictures with meter icons (0011_files_sprites); icons as JSON text. */
export interface SpritesTable {
  /** The user whose tree the row belongs to (server/tenancy). */
  owner_user_id: number;
  id: Generated<number>;
  name: string;
  picture: string;
  icons: string;
  created_at: number;
  updated_at: number;
  updated_by: string;
}

export interface PlaylistsTable {
  /** The user whose tree the row belongs to (server/tenancy). */
  owner_user_id: number;
  id: Generated<number>;
  name: string;
  entries: string;
  updated_at: number;
}

export interface DisplaysTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  scope: string;
  owner_user_id: number;
  created_at: number;
  created_by: string;
  revoked_at: number | null;
  pinned_board_id: number | null;
  last_seen_at: number | null;
  board_id: number | null;
  resolution: string | null;
  version: string | null;
}

/** Boards a non-admin may see (the user dialog's "visible data boards"). */
export interface UserBoardsTable {
  user_id: number;
  board_id: number;
}

/** Display areas a user may see. */
export interface UserDisplayAreasTable {
  user_id: number;
  display_area_id: number;
}

/** /settings/loginPageSet entries; the login page uses the active one for its host. */
export interface LoginPagesTable {
  id: Id;
  edition: string;
  notes: string;
  state: number;
  domain_name: string;
  template_name: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** /settings/superConfig: one row (id 1) for the whole server (migration 0017). */
export interface SiteSettingsTable {
  id: number;
  name: string;
  logo_url: string;
  favicon_url: string;
  default_language: string | null;
  theme_color: string | null;
  reading_retention_days: number | null;
  session_minutes: number | null;
  /** JSON array of menu group paths. */
  hidden_groups: string;
  updated_at: EpochMs | null;
  updated_by: string | null;
}

/** The period each periodic job last claimed (server/siteSettings/jobClaims.ts). */
export interface JobClaimsTable {
  job: string;
  period: string;
  claimed_at: EpochMs;
  claimed_by: string;
  /** (migration 0031) epoch ms: the holder renews it while the period's work runs; past it, an unfinished period is taken over */
  claim_until: ColumnType<number, number | undefined, number>;
  /** (migration 0031) when the period's work finished; null while it runs */
  done_at: ColumnType<number | null, number | null | undefined, number | null>;
}
/** Leases of singleton jobs (migration 0028, server/jobs/jobLeases.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: EpochMs;
  taken_at: EpochMs;
  last_run_by: ColumnType<string | null, string | null | undefined, string | null>;
  last_run_at: ColumnType<number | null, number | null | undefined, number | null>;
}
/** Announcements (migration 0016): shown on the login page, the console home and walls while active. */
export interface AnnouncementsTable {
  id: Id;
  owner_user_id: number;
  title: string;
  body: string;
  picture: string;
  on_login: Flag;
  on_home: Flag;
  on_walls: Flag;
  starts_on: string;
  ends_on: string;
  sort: number;
}

/** Help articles (migration 0016): Markdown, one language each. */
export interface HelpArticlesTable {
  id: Id;
  owner_user_id: number;
  category: string;
  title: string;
  body: string;
  language: string;
  sort: number;
}

/** A tree's contact details (migration 0016): one per tree, kept so by the routes. */
export interface ContactDetailsTable {
  id: Id;
  owner_user_id: number;
  company: string;
  phone: string;
  email: string;
  address: string;
  hours: string;
  updated_at: EpochMs;
  updated_by: string;
}

/** Messages sent through the contact form (migration 0016). */
export interface ContactMessagesTable {
  id: Id;
  owner_user_id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  handled: ColumnType<number, number | undefined, number>;
  handled_by: string | null;
  handled_at: EpochMs | null;
  created_at: EpochMs;
}

export interface Database
  extends
    TariffSettlementTables,
    PrepaidTables,
    ReportTables,
    ShipTables,
    ProductionTables,
    ProductionDeviceTables,
    PowerImportTables,
    PowerComparisonTables,
    ExportFilesTables {
  /** Migration 0020: meter checks and repairs (shared/resources/meterChecks.ts) plus the reminder alarm of each row. */
  meter_checks: StoredRow<typeof meterCheckSchema> & { overdue_alarm_id: ColumnType<number | null, number | null | undefined, number | null> };
  announcements: AnnouncementsTable;
  help_articles: HelpArticlesTable;
  contact_details: ContactDetailsTable;
  contact_messages: ContactMessagesTable;
  site_settings: SiteSettingsTable;
  job_claims: JobClaimsTable;
  job_leases: JobLeasesTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  routers: RoutersTable;
  role_routers: RoleRoutersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  departments: DepartmentsTable;
  gateways: GatewaysTable;
  meters: MetersTable;
  subitems: SubitemsTable;
  tags: TagsTable;
  meter_tags: MeterTagsTable;
  meter_replacements: MeterReplacementsTable;
  display_areas: DisplayAreasTable;
  readings: ReadingsTable;
  meter_state: MeterStateTable;
  energy_intervals: EnergyIntervalsTable;
  energy_rollups: EnergyRollupsTable;
  quarantine: QuarantineTable;
  audit_log: AuditLogTable;
  ingest_rejections: IngestRejectionsTable;
  interface_keys: InterfaceKeysTable;
  interface_calls: InterfaceCallsTable;
  forward_endpoints: ForwardEndpointsTable;
  forward_calls: ForwardCallsTable;
  forward_energy_cursors: ForwardEnergyCursorsTable;
  alarm_rules: AlarmRulesTable;
  alarm_records: AlarmRecordsTable;
  push_templates: PushTemplatesTable;
  push_template_defaults: PushTemplateDefaultsTable;
  push_tasks: PushTasksTable;
  push_task_recipients: PushTaskRecipientsTable;
  push_records: PushRecordsTable;
  provider_calls: ProviderCallsTable;
  push_channel_settings: PushChannelSettingsTable;
  alarm_actions: AlarmActionsTable;
  boards: BoardsTable & BoardsIssue8Columns;
  board_versions: BoardVersionsTable;
  files: FilesTable;
  sprites: SpritesTable;
  seeded_samples: { key: string; seeded_at: number };
  playlists: PlaylistsTable;
  displays: DisplaysTable;
  user_boards: UserBoardsTable;
  user_display_areas: UserDisplayAreasTable;
  login_pages: LoginPagesTable;
}

/** Money side, part one (migration 0019): tariffs, calendar, band rollups, shifts, completion, settlement. */
export interface TariffsTable {
  id: Id;
  owner_user_id: number;
  name: string;
  energy_type: string;
  currency: ColumnType<string, string | undefined, string>;
  note: ColumnType<string, string | undefined, string>;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface TariffVersionsTable {
  id: Id;
  tariff_id: number;
  valid_from: string;
  valid_to: string | null;
  /** JSON TariffDefinition */
  definition: string;
  note: ColumnType<string, string | undefined, string>;
  created_by: number | null;
  created_at: EpochMs;
}

export interface TariffAssignmentsTable {
  id: Id;
  owner_user_id: number;
  tariff_id: number;
  target: 'department' | 'meter';
  target_id: number;
  energy_type: string;
  created_at: EpochMs;
}

export interface CalendarDaysTable {
  day: string;
  day_type: 'workday' | 'weekend' | 'holiday' | 'special';
  name: ColumnType<string, string | undefined, string>;
  updated_by: number | null;
  updated_at: EpochMs;
}

export interface BandRollupsTable {
  scope: RollupScope;
  scope_id: number;
  energy_type: string;
  grain: RollupGrain;
  period: string;
  version_id: number;
  season: number;
  band: string;
  energy: number;
  estimated: ColumnType<number, number | undefined, number>;
}

export interface RecomputeJobsTable {
  id: Id;
  owner_user_id: number;
  reason: string;
  detail: ColumnType<string, string | undefined, string>;
  meter_ids: ColumnType<string, string | undefined, string>;
  from_day: string;
  to_day: string;
  state: ColumnType<'queued' | 'running' | 'done' | 'failed', 'queued' | 'running' | 'done' | 'failed' | undefined, 'queued' | 'running' | 'done' | 'failed'>;
  done: ColumnType<number, number | undefined, number>;
  total: ColumnType<number, number | undefined, number>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>;
  heartbeat_at: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: number | null;
  created_at: EpochMs;
  started_at: ColumnType<number | null, number | null | undefined, number | null>;
  finished_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ShiftTemplatesTable {
  id: Id;
  owner_user_id: number;
  name: string;
  start_time: string;
  end_time: string;
  sort: ColumnType<number, number | undefined, number>;
}

export interface ShiftTeamsTable {
  id: Id;
  owner_user_id: number;
  name: string;
  sort: ColumnType<number, number | undefined, number>;
}

export interface ShiftRotaTable {
  id: Id;
  owner_user_id: number;
  department_id: number;
  day: string;
  shift_id: number;
  team_id: number | null;
}

export interface DataCompletionsTable {
  id: Id;
  owner_user_id: number;
  meter_id: number;
  from_ts: EpochMs;
  to_ts: EpochMs;
  method: 'linear' | 'weekday' | 'manual';
  intervals: string;
  energy_before: number;
  energy_after: number;
  state: ColumnType<'active' | 'undone' | 'replaced', 'active' | 'undone' | 'replaced' | undefined, 'active' | 'undone' | 'replaced'>;
  note: ColumnType<string, string | undefined, string>;
  created_by: number | null;
  created_at: EpochMs;
  undone_by: ColumnType<number | null, number | null | undefined, number | null>;
  undone_at: ColumnType<number | null, number | null | undefined, number | null>;
  replaced_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface IntervalEstimatesTable {
  meter_id: number;
  start: EpochMs;
  energy: number;
  completion_id: number;
}

export interface SettlementSnapshotsTable {
  id: Id;
  owner_user_id: number;
  month: string;
  version: number;
  state: 'closed' | 'reopened';
  figures: string;
  tariff_versions: string;
  diff: string | null;
  closed_by: number | null;
  closed_at: EpochMs;
  reopened_by: ColumnType<number | null, number | null | undefined, number | null>;
  reopened_at: ColumnType<number | null, number | null | undefined, number | null>;
  reopen_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ApportionRulesTable {
  id: Id;
  owner_user_id: number;
  name: string;
  energy_type: string;
  source_department_id: number;
  method: 'area' | 'consumption' | 'fixed';
  shares: ColumnType<string, string | undefined, string>;
  created_at: EpochMs;
}

export interface MonthRegistersTable {
  id: Id;
  meter_id: number;
  month: string;
  band: string;
  start_register: number | null;
  end_register: number | null;
  edited_by: number | null;
  edited_at: EpochMs;
  reason: ColumnType<string, string | undefined, string>;
}

export interface TariffSettlementTables {
  tariffs: TariffsTable;
  tariff_versions: TariffVersionsTable;
  tariff_assignments: TariffAssignmentsTable;
  calendar_days: CalendarDaysTable;
  band_rollups: BandRollupsTable;
  recompute_jobs: RecomputeJobsTable;
  shift_templates: ShiftTemplatesTable;
  shift_teams: ShiftTeamsTable;
  shift_rota: ShiftRotaTable;
  data_completions: DataCompletionsTable;
  interval_estimates: IntervalEstimatesTable;
  settlement_snapshots: SettlementSnapshotsTable;
  apportion_rules: ApportionRulesTable;
  month_registers: MonthRegistersTable;
}
