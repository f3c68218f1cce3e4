import { Migrator, sql, type Migration } from 'kysely';
import type { Storage } from './connect';
import { foundation } from './migrations/0001_foundation';
import { metering } from './migrations/0002_metering';
import { meterReplacementCredit } from './migrations/0003_meter_replacement_credit';
import { readingsInMilliUnits } from './migrations/0004_readings_in_milli_units';
import { alarms } from './migrations/0005_alarms';
import { pushes } from './migrations/0006_pushes';
import { alarmActions } from './migrations/0007_alarm_actions';
import { boards } from './migrations/0008_boards';
import { userAdmin } from './migrations/0009_user_admin';
import { boardHistory } from './migrations/0010_board_history';
import { filesSprites } from './migrations/0011_files_sprites';
import { ownerTrees } from './migrations/0012_owner_trees';
import { loginThrottle } from './migrations/0013_login_throttle';
import { routerKeys } from './migrations/0014_router_keys';
import { fileOwners } from './migrations/0015_file_owners';
import { inquiry } from './migrations/0016_inquiry';
import { siteSettings } from './migrations/0017_site_settings';
import { webServiceForwarding } from './migrations/0018_web_service_forwarding';
import { tariffsSettlement } from './migrations/0019_tariffs_settlement';
import { meterChecks } from './migrations/0020_meter_checks';
import { prepaid } from './migrations/0021_prepaid';
import { reports } from './migrations/0022_reports';
import { ships } from './migrations/0023_ships';
import { production } from './migrations/0024_production';
import { productionDevices } from './migrations/0025_production_devices';
import { powerImports } from './migrations/0026_power_imports';
import { powerComparison } from './migrations/0027_power_comparison';
import { jobLeases } from './migrations/0028_job_leases';
import { exportFiles } from './migrations/0029_export_files';
import { readingsByMonth } from './migrations/0030_readings_by_month';
import { jobClaimHeartbeats } from './migrations/0031_job_claim_heartbeats';
import { forwardEnergyCursors } from './migrations/0032_forward_energy_cursors';

/** One ordered migration set for both engines; names sort in the order they apply. */
export function migrationsFor(storage: Storage): Record<string, Migration> {
  return {
    '0001_foundation': foundation(storage.kind),
    '0002_metering': metering(storage.kind),
    '0003_meter_replacement_credit': meterReplacementCredit(),
    '0004_readings_in_milli_units': readingsInMilliUnits(storage.kind),
    '0005_alarms': alarms(storage.kind),
    '0006_pushes': pushes(storage.kind),
    '0007_alarm_actions': alarmActions(storage.kind),
    '0008_boards': boards(storage.kind),
    '0009_user_admin': userAdmin(storage.kind),
    '0010_board_history': boardHistory(storage.kind),
    '0011_files_sprites': filesSprites(storage.kind),
    '0012_owner_trees': ownerTrees(storage.kind),
    '0013_login_throttle': loginThrottle(),
    '0014_router_keys': routerKeys(),
    '0015_file_owners': fileOwners(storage.kind),
    '0016_inquiry': inquiry(storage.kind),
    '0017_site_settings': siteSettings(),
    '0018_web_service_forwarding': webServiceForwarding(storage.kind),
    '0019_tariffs_settlement': tariffsSettlement(storage.kind),
    '0020_meter_checks': meterChecks(storage.kind),
    '0021_prepaid': prepaid(storage.kind),
    '0022_reports': reports(storage.kind),
    '0023_ships': ships(storage.kind),
    '0024_production': production(storage.kind),
    '0025_production_devices': productionDevices(storage.kind),
    '0026_power_imports': powerImports(storage.kind),
    '0027_power_comparison': powerComparison(storage.kind),
    '0028_job_leases': jobLeases(),
    '0029_export_files': exportFiles(storage.kind),
    '0030_readings_by_month': readingsByMonth(storage.kind),
    '0031_job_claim_heartbeats': jobClaimHeartbeats(),
    '0032_forward_energy_cursors': forwardEnergyCursors(),
  };
}

export async function migrateToLatest(storage: Storage): Promise<string[]> {
  const migrator = new Migrator({
    db: storage.db,
    provider: { getMigrations: async () => migrationsFor(storage) },
    // Kysely looks for its bookkeeping tables across all schemas; pin it to ours (tests run one schema each).
    ...(storage.schema ? { migrationTableSchema: storage.schema } : {}),
  });
  const { error, results } = await underSchemaChangeLock(storage, () => migrator.migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * One PostgreSQL advisory lock for whoever changes tables in any schema of the database (migrations here, test
 * schemas dropped by the suites: tests/support/testApp.ts takes it too). Kysely's migrator reads the catalogue of
 * every schema (pg_get_serial_sequence per column) and fails with "column … does not exist" when another schema's
 * migration renames that column at the same moment; the migrator's own lock only covers its schema.
 */
export const SCHEMA_CHANGE_LOCK = 7_410_022;

export async function underSchemaChangeLock<T>(storage: Storage, work: () => Promise<T>): Promise<T> {
  if (storage.kind !== 'postgres') return work();
  // The lock is held by one pooled connection for the duration; the migrator works on the others.
  return storage.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SCHEMA_CHANGE_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_CHANGE_LOCK})`.execute(connection);
    }
  });
}
