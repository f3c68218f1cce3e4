import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import type { OwnedTable } from './ownedTables';
import { RESOURCES, nounOf, type ResourceDefinition } from '@shared/resources';
import type { ResourceTableName } from '@shared/resources/catalogue';

/**
 * Every kind of stored object a route can name. Owned tables carry their owner; the others take it
 * from the object they hang off, or are checked by their module (`users`: the managed subtree, `roles`:
 * the role policy, `alarmRecords`: the alarm subject's tree, `exports`: the job's starter).
 */
export type ObjectKind = OwnedTable | 'quarantine' | 'users' | 'roles' | 'alarmRecords' | 'exports' | 'pushRecords' | 'tariffVersions';

interface KindRule {
  /** The owner of object `id`: a user id, or undefined when there is no such object. */
  ownerOf?(db: Kysely<Database>, id: number): Promise<number | undefined>;
  /** What a caller outside the tree is told: the same as for an id that does not exist. */
  notFound(id: number): AppError;
}

const notFound = (label: string) => (id: number) => new AppError('NOT_FOUND', { message: `${label} ${id} was not found` });

function direct(table: OwnedTable, label: string): KindRule {
  return {
    async ownerOf(db, id) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is a parameter here, not a name the Database type can check
      const row = await (db as Kysely<any>).selectFrom(table).select('owner_user_id').where('id', '=', id).executeTakeFirst();
      return row ? Number(row.owner_user_id) : undefined;
    },
    notFound: notFound(label),
  };
}

/** Every resource's table is a kind of its own: `<noun> 7 was not found`, as the resource's own answers say. */
const RESOURCE_RULES = Object.fromEntries(
  (RESOURCES as readonly ResourceDefinition[]).map((definition) => [definition.table, direct(definition.table as OwnedTable, nounOf(definition))]),
) as Record<ResourceTableName, KindRule>;

export const KIND_RULES: Record<ObjectKind, KindRule> = {
  ...RESOURCE_RULES,
  alarm_rules: direct('alarm_rules', 'Alarm rule'),
  displays: direct('displays', 'Display'),
  playlists: direct('playlists', 'Playlist'),
  boards: { ...direct('boards', 'Board'), notFound: () => new AppError('KANBAN_NOT_FOUND') },
  sprites: direct('sprites', 'Sprite'),
  files: direct('files', 'File'),
  push_tasks: direct('push_tasks', 'Push task'),
  push_templates: direct('push_templates', 'Push template'),
  interface_keys: direct('interface_keys', 'Interface key'),
  display_areas: direct('display_areas', 'Display area'),
  ingest_rejections: direct('ingest_rejections', 'Rejection'),
  contact_details: direct('contact_details', 'Contact details'),
  contact_messages: direct('contact_messages', 'Contact message'),
  forward_endpoints: direct('forward_endpoints', 'Forwarding endpoint'),
  tariffs: direct('tariffs', 'Tariff'),
  tariff_assignments: direct('tariff_assignments', 'Tariff assignment'),
  tariffVersions: {
    async ownerOf(db, id) {
      const row = await db
        .selectFrom('tariff_versions')
        .innerJoin('tariffs', 'tariffs.id', 'tariff_versions.tariff_id')
        .select('tariffs.owner_user_id')
        .where('tariff_versions.id', '=', id)
        .executeTakeFirst();
      return row?.owner_user_id;
    },
    notFound: notFound('Tariff version'),
  },
  settlement_snapshots: direct('settlement_snapshots', 'Settlement close'),
  apportion_rules: direct('apportion_rules', 'Apportionment rule'),
  data_completions: direct('data_completions', 'Completion'),
  shift_templates: direct('shift_templates', 'Shift'),
  shift_teams: direct('shift_teams', 'Team'),
  shift_rota: direct('shift_rota', 'Rota slot'),
  recompute_jobs: direct('recompute_jobs', 'Recompute job'),
  room_meters: direct('room_meters', 'Room meter'),
  prepaid_accounts: direct('prepaid_accounts', 'Account'),
  account_items: direct('account_items', 'Charging item'),
  ledger_entries: direct('ledger_entries', 'Ledger entry'),
  // Keyed by account and hour, never named by id in a path.
  deduction_hours: { notFound: notFound('Deduction hour') },
  payments: direct('payments', 'Payment'),
  refunds: direct('refunds', 'Refund'),
  supply_commands: direct('supply_commands', 'Supply command'),
  bills: direct('bills', 'Bill'),
  reconciliation_items: direct('reconciliation_items', 'Reconciliation item'),
  cash_ups: direct('cash_ups', 'Cash-up'),
  wx_users: direct('wx_users', 'WeChat user'),
  account_events: direct('account_events', 'Account event'),
  report_definitions: direct('report_definitions', 'Report definition'),
  report_schedules: direct('report_schedules', 'Report schedule'),
  report_runs: direct('report_runs', 'Report'),
  report_deliveries: direct('report_deliveries', 'Report delivery'),
  report_links: direct('report_links', 'Report link'),
  bill_templates: direct('bill_templates', 'Bill template'),
  bill_analyses: direct('bill_analyses', 'Bill analysis'),
  comparison_tolerances: direct('comparison_tolerances', 'Tolerance'),
  comparison_findings: direct('comparison_findings', 'Comparison finding'),
  ship_voyages: direct('ship_voyages', 'Voyage'),
  voyage_legs: direct('voyage_legs', 'Voyage leg'),
  import_uploads: direct('import_uploads', 'Upload'),
  import_batches: direct('import_batches', 'Import'),
  imported_power: direct('imported_power', 'Imported power row'),
  imported_fuel: direct('imported_fuel', 'Imported fuel row'),
  fuel_factor_versions: direct('fuel_factor_versions', 'Fuel factor version'),
  quarantine: {
    async ownerOf(db, id) {
      const row = await db
        .selectFrom('quarantine')
        .innerJoin('meters', 'meters.id', 'quarantine.meter_id')
        .select('meters.owner_user_id')
        .where('quarantine.id', '=', id)
        .executeTakeFirst();
      return row?.owner_user_id;
    },
    notFound: notFound('Quarantine entry'),
  },
  users: { notFound: notFound('User') },
  roles: { notFound: notFound('Role') },
  alarmRecords: { notFound: notFound('Alarm record') },
  exports: { notFound: notFound('Export') },
  pushRecords: { notFound: notFound('Push record') },
};
