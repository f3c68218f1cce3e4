import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Money side, part one: tariffs with effective-dated versions and their assignments, the working calendar,
 * per-band energy rollups, recompute jobs, shifts, data completion, settlement snapshots, common-area
 * apportionment and manual month registers. Money is never stored as a float: prices live in the version's
 * JSON as decimal strings (6 decimals), settlement figures in integer minor units inside the snapshot.
 */
export function tariffsSettlement(kind: DbKind) {
  const compactKeyed = kind === 'sqlite' ? sql`without rowid` : sql``;
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('tariffs'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        /** electricity | water | gas (the meter energy types) */
        .addColumn('energy_type', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CNY'))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tariffs_owner').on('tariffs').column('owner_user_id').execute();

      await withId(db.schema.createTable('tariff_versions'), kind)
        .addColumn('tariff_id', 'integer', (c) => c.notNull().references('tariffs.id').onDelete('cascade'))
        /** first local day (YYYY-MM-DD) the version prices */
        .addColumn('valid_from', 'text', (c) => c.notNull())
        /** last local day it prices (inclusive), null = open-ended */
        .addColumn('valid_to', 'text')
        /** JSON TariffDefinition (shared/tariffs/tariffDefinition.ts) */
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tariff_versions_tariff').on('tariff_versions').columns(['tariff_id', 'valid_from']).execute();

      await withId(db.schema.createTable('tariff_assignments'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('tariff_id', 'integer', (c) => c.notNull().references('tariffs.id').onDelete('cascade'))
        /** department | meter */
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('energy_type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('tariff_assignments_target', ['target', 'target_id', 'energy_type'])
        .execute();

      // The working calendar is a platform setting (holidays are national): only entries that differ from
      // the default (Monday–Friday workday, Saturday–Sunday weekend) are stored.
      await db.schema
        .createTable('calendar_days')
        .addColumn('day', 'text', (c) => c.primaryKey())
        /** workday | weekend | holiday | special */
        .addColumn('day_type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      // Energy per price slot (tariff version × season × band). Cost is energy × the slot's price, computed
      // when read: a price edit needs no recompute, and nothing is rounded before the line total.
      await db.schema
        .createTable('band_rollups')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('scope_id', 'integer', (c) => c.notNull())
        .addColumn('energy_type', 'text', (c) => c.notNull())
        .addColumn('grain', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('version_id', 'integer', (c) => c.notNull())
        .addColumn('season', 'integer', (c) => c.notNull())
        .addColumn('band', 'text', (c) => c.notNull())
        .addColumn('energy', 'double precision', (c) => c.notNull())
        /** the part of `energy` that is estimated (completed gaps) */
        .addColumn('estimated', 'double precision', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('band_rollups_pk', ['scope', 'scope_id', 'energy_type', 'grain', 'period', 'version_id', 'season', 'band'])
        .modifyEnd(compactKeyed)
        .execute();

      await withId(db.schema.createTable('recompute_jobs'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        /** tariff-version | calendar | assignment | correction */
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
        /** JSON meter ids, [] = every meter the reason touches */
        .addColumn('meter_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('from_day', 'text', (c) => c.notNull())
        .addColumn('to_day', 'text', (c) => c.notNull())
        /** queued | running | done | failed */
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('heartbeat_at', 'bigint')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema.createIndex('recompute_jobs_state').on('recompute_jobs').columns(['state', 'id']).execute();

      await withId(db.schema.createTable('shift_templates'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        /** HH:MM local; end ≤ start crosses midnight (the shift belongs to the day it starts) */
        .addColumn('start_time', 'text', (c) => c.notNull())
        .addColumn('end_time', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(db.schema.createTable('shift_teams'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(db.schema.createTable('shift_rota'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id').onDelete('cascade'))
        /** production day YYYY-MM-DD */
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('shift_id', 'integer', (c) => c.notNull().references('shift_templates.id').onDelete('cascade'))
        .addColumn('team_id', 'integer', (c) => c.references('shift_teams.id').onDelete('set null'))
        .addUniqueConstraint('shift_rota_slot', ['department_id', 'day', 'shift_id'])
        .execute();

      await withId(db.schema.createTable('data_completions'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('meter_id', 'integer', (c) => c.notNull().references('meters.id').onDelete('cascade'))
        .addColumn('from_ts', 'bigint', (c) => c.notNull())
        .addColumn('to_ts', 'bigint', (c) => c.notNull())
        /** linear | weekday | manual */
        .addColumn('method', 'text', (c) => c.notNull())
        /** JSON [{start, before, after}] per 15-minute interval */
        .addColumn('intervals', 'text', (c) => c.notNull())
        .addColumn('energy_before', 'double precision', (c) => c.notNull())
        .addColumn('energy_after', 'double precision', (c) => c.notNull())
        /** active | undone | replaced */
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('undone_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('undone_at', 'bigint')
        .addColumn('replaced_at', 'bigint')
        .execute();
      await db.schema.createIndex('data_completions_meter').on('data_completions').columns(['meter_id', 'from_ts']).execute();
      // Which stored intervals hold an estimate, and from which completion.
      await db.schema
        .createTable('interval_estimates')
        .addColumn('meter_id', 'integer', (c) => c.notNull())
        .addColumn('start', 'bigint', (c) => c.notNull())
        .addColumn('energy', 'double precision', (c) => c.notNull())
        .addColumn('completion_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('interval_estimates_pk', ['meter_id', 'start'])
        .modifyEnd(compactKeyed)
        .execute();

      await withId(db.schema.createTable('settlement_snapshots'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        /** YYYY-MM */
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        /** closed | reopened */
        .addColumn('state', 'text', (c) => c.notNull())
        /** JSON settlement figures (money in integer minor units) */
        .addColumn('figures', 'text', (c) => c.notNull())
        /** JSON the tariff versions that priced it */
        .addColumn('tariff_versions', 'text', (c) => c.notNull())
        /** JSON difference against the previous version, null for the first */
        .addColumn('diff', 'text')
        .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('closed_at', 'bigint', (c) => c.notNull())
        .addColumn('reopened_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('reopened_at', 'bigint')
        .addColumn('reopen_reason', 'text')
        .addUniqueConstraint('settlement_snapshots_version', ['owner_user_id', 'month', 'version'])
        .execute();

      await withId(db.schema.createTable('apportion_rules'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('energy_type', 'text', (c) => c.notNull())
        /** the common-area department whose energy is shared out */
        .addColumn('source_department_id', 'integer', (c) => c.notNull().references('departments.id').onDelete('cascade'))
        /** area | consumption | fixed */
        .addColumn('method', 'text', (c) => c.notNull())
        /** JSON [{departmentId, value}]: m² for area, a ratio for fixed, ignored for consumption */
        .addColumn('shares', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      // Month registers typed in for manually read meters; the rest are derived from readings.
      await withId(db.schema.createTable('month_registers'), kind)
        .addColumn('meter_id', 'integer', (c) => c.notNull().references('meters.id').onDelete('cascade'))
        .addColumn('month', 'text', (c) => c.notNull())
        /** total | sharp | peak | flat | valley | deepValley */
        .addColumn('band', 'text', (c) => c.notNull())
        .addColumn('start_register', 'double precision')
        .addColumn('end_register', 'double precision')
        .addColumn('edited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('edited_at', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('month_registers_key', ['meter_id', 'month', 'band'])
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of [
        'month_registers',
        'apportion_rules',
        'settlement_snapshots',
        'interval_estimates',
        'data_completions',
        'shift_rota',
        'shift_teams',
        'shift_templates',
        'recompute_jobs',
        'band_rollups',
        'calendar_days',
        'tariff_assignments',
        'tariff_versions',
        'tariffs',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
