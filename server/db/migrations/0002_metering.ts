import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Metering: credentials for MQTT, the meter model (sub-items, tags, replacements, display areas),
 * raw readings, per-meter register state, 15-minute energy, rollups, quarantine, audit, ingestion records.
 */
export function metering(kind: DbKind) {
  // Raw readings are keyed (meter, ts): SQLite stores them in the key's b-tree itself (no rowid) to stay small.
  const compactKeyed = kind === 'sqlite' ? sql`without rowid` : sql``;
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('users').addColumn('mqtt_username', 'text').execute();
      await db.schema.alterTable('users').addColumn('mqtt_password_hash', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('mqtt_role', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('users_mqtt_username_idx').unique().on('users').column('mqtt_username').execute();
      await db.schema.alterTable('gateways').addColumn('mqtt_username', 'text').execute();
      await db.schema.alterTable('gateways').addColumn('mqtt_password_hash', 'text').execute();
      await db.schema.createIndex('gateways_mqtt_username_idx').unique().on('gateways').column('mqtt_username').execute();

      await withId(db.schema.createTable('subitems'), kind)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'integer', (c) => c.references('subitems.id').onDelete('cascade'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(db.schema.createTable('tags'), kind)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('color', 'text', (c) => c.notNull().defaultTo('#409EFF'))
        .execute();

      for (const [name, type, build] of [
        ['subitem_id', 'integer', (c: any) => c.references('subitems.id').onDelete('set null')],
        ['rated_power_kw', 'double precision', (c: any) => c.notNull().defaultTo(1000)],
        ['install_date', 'text', (c: any) => c],
        ['is_main', 'integer', (c: any) => c.notNull().defaultTo(0)],
        ['online', 'integer', (c: any) => c.notNull().defaultTo(0)],
        ['last_seen_at', 'bigint', (c: any) => c],
      ] as const) {
        await db.schema.alterTable('meters').addColumn(name, type, build).execute();
      }
      await db.schema
        .createTable('meter_tags')
        .addColumn('meter_id', 'integer', (c) => c.notNull().references('meters.id').onDelete('cascade'))
        .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('meter_tags_pk', ['meter_id', 'tag_id'])
        .execute();
      await withId(db.schema.createTable('meter_replacements'), kind)
        .addColumn('meter_id', 'integer', (c) => c.notNull().references('meters.id').onDelete('cascade'))
        .addColumn('replaced_at', 'bigint', (c) => c.notNull())
        .addColumn('old_serial', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('new_serial', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('old_final_reading', 'double precision')
        .addColumn('new_initial_reading', 'double precision')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await withId(db.schema.createTable('display_areas'), kind)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('gateway_id', 'integer', (c) => c.references('gateways.id').onDelete('set null'))
        .addColumn('cloud', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('show_status', 'integer', (c) => c.notNull().defaultTo(1))
        /** detection data, control buttons, cameras, devices, scenes (spec §3) */
        .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();

      await db.schema
        .createTable('readings')
        .addColumn('meter_id', 'integer', (c) => c.notNull())
        .addColumn('ts', 'bigint', (c) => c.notNull())
        /** the register that drives energy: kwh for electricity, m3 for water and gas */
        .addColumn('register', 'double precision')
        /** the matching rate: kw for electricity, flow otherwise */
        .addColumn('rate', 'double precision')
        /** the other metrics of the catalogue, as JSON, only when present */
        .addColumn('extra', 'text')
        .addPrimaryKeyConstraint('readings_pk', ['meter_id', 'ts'])
        .modifyEnd(compactKeyed)
        .execute();
      await db.schema
        .createTable('meter_state')
        .addColumn('meter_id', 'integer', (c) => c.primaryKey().references('meters.id').onDelete('cascade'))
        /** last accepted register reading: where the next energy step starts */
        .addColumn('register_ts', 'bigint')
        .addColumn('register_value', 'double precision')
        .addColumn('latest_ts', 'bigint', (c) => c.notNull())
        /** latest value of every metric, JSON {code: [value, ts]} */
        .addColumn('latest', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('energy_intervals')
        .addColumn('meter_id', 'integer', (c) => c.notNull())
        .addColumn('start', 'bigint', (c) => c.notNull())
        .addColumn('energy', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('energy_intervals_pk', ['meter_id', 'start'])
        .modifyEnd(compactKeyed)
        .execute();
      await db.schema
        .createTable('energy_rollups')
        /** meter | department | subitem */
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('scope_id', 'integer', (c) => c.notNull())
        .addColumn('energy_type', 'text', (c) => c.notNull())
        /** hour (period = local hour start, epoch ms) | day (YYYY-MM-DD) | month (YYYY-MM) */
        .addColumn('grain', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('energy', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('energy_rollups_pk', ['scope', 'scope_id', 'energy_type', 'grain', 'period'])
        .modifyEnd(compactKeyed)
        .execute();

      await withId(db.schema.createTable('quarantine'), kind)
        .addColumn('meter_id', 'integer', (c) => c.notNull().references('meters.id').onDelete('cascade'))
        .addColumn('from_ts', 'bigint', (c) => c.notNull())
        .addColumn('to_ts', 'bigint', (c) => c.notNull())
        .addColumn('energy', 'double precision', (c) => c.notNull())
        .addColumn('limit_energy', 'double precision', (c) => c.notNull())
        .addColumn('raw_from', 'double precision', (c) => c.notNull())
        .addColumn('raw_to', 'double precision', (c) => c.notNull())
        /** pending | accepted | corrected | discarded */
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('corrected_energy', 'double precision')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('resolved_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('quarantine_status_idx').on('quarantine').columns(['status', 'created_at']).execute();
      await withId(db.schema.createTable('audit_log'), kind)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await withId(db.schema.createTable('ingest_rejections'), kind)
        .addColumn('at', 'bigint', (c) => c.notNull())
        /** mqtt | http */
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('gateway_sn', 'text')
        .addColumn('meter_code', 'text')
        .addColumn('reason', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ingest_rejections_at_idx').on('ingest_rejections').column('at').execute();
      await withId(db.schema.createTable('interface_keys'), kind)
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        /** issued | active | revoked */
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('issued'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('activated_at', 'bigint')
        .addColumn('last_used_at', 'bigint')
        .execute();
      await withId(db.schema.createTable('interface_calls'), kind)
        .addColumn('key_id', 'integer', (c) => c.references('interface_keys.id').onDelete('set null'))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('accepted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rejected', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('code', 'integer', (c) => c.notNull())
        .addColumn('duration_ms', 'double precision', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('interface_calls_at_idx').on('interface_calls').column('at').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of [
        'interface_calls',
        'interface_keys',
        'ingest_rejections',
        'audit_log',
        'quarantine',
        'energy_rollups',
        'energy_intervals',
        'meter_state',
        'readings',
        'display_areas',
        'meter_replacements',
        'meter_tags',
        'tags',
        'subitems',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
