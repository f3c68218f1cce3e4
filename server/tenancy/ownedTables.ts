import { RESOURCE_TABLES } from '@shared/resources/catalogue';

/**
 * Tables whose rows belong to a user tree through an `owner_user_id` column. A row's tree is its owner
 * and that owner's tree root (see ownerScope.ts). Rows of every other stored kind hang off one of these
 * (readings and quarantine off a meter, versions off a board, records off a push task) and take its tree.
 * Every resource of shared/resources is one (its `table`); the others are listed here.
 */
export const OWNED_TABLES = [
  ...RESOURCE_TABLES,
  'alarm_rules',
  'displays',
  'playlists',
  'boards',
  'sprites',
  'files',
  'push_tasks',
  'push_templates',
  'interface_keys',
  'display_areas',
  'ingest_rejections',
  'contact_details',
  'contact_messages',
  'forward_endpoints',
  'tariffs',
  'tariff_assignments',
  'settlement_snapshots',
  'apportion_rules',
  'data_completions',
  'shift_templates',
  'shift_teams',
  'shift_rota',
  'recompute_jobs',
  'room_meters',
  'prepaid_accounts',
  'account_items',
  'ledger_entries',
  'deduction_hours',
  'payments',
  'refunds',
  'supply_commands',
  'bills',
  'reconciliation_items',
  'cash_ups',
  'wx_users',
  'account_events',
  'report_definitions',
  'report_schedules',
  'report_runs',
  'report_deliveries',
  'report_links',
  'bill_templates',
  'bill_analyses',
] as const;

export type OwnedTable = (typeof OWNED_TABLES)[number];
