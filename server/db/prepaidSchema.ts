import type { ColumnType, Generated } from 'kysely';

/** Table types of the prepaid and billing side (migration 0021_prepaid); conventions as in schema.ts. */
type Id = Generated<number>;
type Flag = number;
type EpochMs = ColumnType<number, number, number>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface MembersTable {
  id: Id;
  owner_user_id: number;
  code: string;
  name: string;
  /** person | company */
  kind: string;
  phone: Defaulted<string>;
  email: Defaulted<string>;
  remark: Defaulted<string>;
}

export interface RoomsTable {
  id: Id;
  owner_user_id: number;
  code: string;
  building: Defaulted<string>;
  floor: Defaulted<string>;
  number: Defaulted<string>;
  area: Defaulted<number>;
  department_id: number | null;
  member_id: number | null;
  remark: Defaulted<string>;
}

export interface RoomMetersTable {
  id: Id;
  owner_user_id: number;
  room_id: number;
  meter_id: number;
  from_ts: EpochMs;
  to_ts: EpochMs | null;
}

export interface PrepaidAccountsTable {
  id: Id;
  owner_user_id: number;
  room_id: number;
  member_id: number | null;
  billing_mode: string;
  currency: Defaulted<string>;
  alarm1_minor: number;
  alarm2_minor: number;
  credit_limit_minor: Defaulted<number>;
  no_cut_from: string | null;
  no_cut_to: string | null;
  no_cut_weekends: Defaulted<Flag>;
  no_cut_holidays: Defaulted<Flag>;
  keep_supply: Defaulted<Flag>;
  supply_state: Defaulted<string>;
  balance_minor: Defaulted<number>;
  balance_level: Defaulted<number>;
  balance_alarm_id: number | null;
  charged_until: EpochMs;
  state: Defaulted<string>;
  opened_at: EpochMs;
  closed_at: EpochMs | null;
  updated_at: EpochMs;
}

export interface AccountItemsTable {
  id: Id;
  owner_user_id: number;
  account_id: number;
  kind: string;
  name: string;
  energy_type: string | null;
  tariff_id: number | null;
  amount_minor: Defaulted<number>;
  ratio_bp: Defaulted<number>;
  active: Defaulted<Flag>;
  created_at: EpochMs;
}

export interface LedgerEntriesTable {
  id: Id;
  owner_user_id: number;
  account_id: number;
  kind: string;
  amount_minor: number;
  balance_after_minor: number;
  hour_start: EpochMs | null;
  item_id: number | null;
  band: string | null;
  energy_milli: number | null;
  payment_id: number | null;
  reason: Defaulted<string>;
  operator: string;
  idem_key: string;
  created_at: EpochMs;
}

export interface DeductionHoursTable {
  account_id: number;
  hour_start: EpochMs;
  owner_user_id: number;
  energy_milli: number;
  amount_minor: number;
  adjustments: Defaulted<number>;
  charged_at: EpochMs;
}

export interface PaymentsTable {
  id: Id;
  owner_user_id: number;
  account_id: number;
  member_id: number | null;
  channel: string;
  out_trade_no: string;
  provider_txn_id: string | null;
  amount_minor: number;
  service_fee_minor: Defaulted<number>;
  state: string;
  refunded_minor: Defaulted<number>;
  operator: string;
  receipt_no: string | null;
  note: Defaulted<string>;
  query_attempts: Defaulted<number>;
  next_query_at: EpochMs | null;
  created_at: EpochMs;
  paid_at: EpochMs | null;
}

export interface RefundsTable {
  id: Id;
  owner_user_id: number;
  payment_id: number;
  out_refund_no: string;
  provider_refund_id: string | null;
  amount_minor: number;
  state: string;
  reason: string;
  operator: string;
  created_at: EpochMs;
  done_at: EpochMs | null;
}

export interface SupplyCommandsTable {
  id: Id;
  owner_user_id: number;
  command_id: string;
  account_id: number;
  meter_id: number;
  meter_code: string;
  gateway_sn: string;
  action: string;
  state: string;
  attempts: Defaulted<number>;
  next_attempt_at: EpochMs | null;
  cause: string;
  reason: Defaulted<string>;
  operator: string;
  result: Defaulted<string>;
  created_at: EpochMs;
  sent_at: EpochMs | null;
  acked_at: EpochMs | null;
}

export interface BillsTable {
  id: Id;
  owner_user_id: number;
  account_id: number;
  room_id: number;
  member_id: number | null;
  month: string;
  kind: string;
  opening_minor: number;
  charges_minor: number;
  fees_minor: number;
  topups_minor: number;
  refunds_minor: number;
  adjustments_minor: number;
  closing_minor: number;
  lines: string;
  due_day: string | null;
  state: string;
  paid_at: EpochMs | null;
  created_at: EpochMs;
}

export interface ReconciliationDaysTable {
  day: string;
  state: string;
  provider_count: Defaulted<number>;
  provider_minor: Defaulted<number>;
  ledger_count: Defaulted<number>;
  ledger_minor: Defaulted<number>;
  differences: Defaulted<number>;
  error: Defaulted<string>;
  run_at: EpochMs;
}

export interface ReconciliationItemsTable {
  id: Id;
  owner_user_id: number;
  day: string;
  kind: string;
  out_trade_no: string | null;
  provider_txn_id: string | null;
  payment_id: number | null;
  ledger_minor: number | null;
  provider_minor: number | null;
  reason: string;
  state: string;
  resolution: Defaulted<string>;
  resolved_by: string | null;
  resolved_at: EpochMs | null;
  created_at: EpochMs;
}

export interface CashUpsTable {
  id: Id;
  owner_user_id: number;
  operator: string;
  day: string;
  declared_minor: number;
  ledger_minor: number;
  note: Defaulted<string>;
  created_at: EpochMs;
}

export interface WxAppsTable {
  id: Id;
  app_id: string;
  mch_id: string;
  merchant_serial_no: Defaulted<string>;
  app_secret: Defaulted<string>;
  api_v3_key: Defaulted<string>;
  private_key_pem: Defaulted<string>;
  platform_public_key_pem: Defaulted<string>;
  base_url: Defaulted<string>;
  notify_url: Defaulted<string>;
  enabled: Defaulted<Flag>;
  updated_at: EpochMs;
}

export interface WxUsersTable {
  id: Id;
  owner_user_id: number;
  openid: string;
  nickname: Defaulted<string>;
  member_id: number | null;
  bound_at: EpochMs | null;
  created_at: EpochMs;
}

export interface MemberLoginCodesTable {
  phone: string;
  code_hash: string;
  attempts: Defaulted<number>;
  sent_at: EpochMs;
  expires_at: EpochMs;
}

export interface AccountEventsTable {
  id: Id;
  owner_user_id: number;
  account_id: number;
  at: EpochMs;
  what: string;
  detail: Defaulted<string>;
  operator: string;
}

export interface PrepaidTables {
  members: MembersTable;
  rooms: RoomsTable;
  room_meters: RoomMetersTable;
  prepaid_accounts: PrepaidAccountsTable;
  account_items: AccountItemsTable;
  ledger_entries: LedgerEntriesTable;
  deduction_hours: DeductionHoursTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  supply_commands: SupplyCommandsTable;
  bills: BillsTable;
  reconciliation_days: ReconciliationDaysTable;
  reconciliation_items: ReconciliationItemsTable;
  cash_ups: CashUpsTable;
  wx_apps: WxAppsTable;
  wx_users: WxUsersTable;
  member_login_codes: MemberLoginCodesTable;
  account_events: AccountEventsTable;
}
