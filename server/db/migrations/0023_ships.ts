import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Ship energy efficiency (IMO CII and EEOI): ships, fuel entries and fuel flow meters (plain resources,
 * shared/resources/ships*.ts), voyages with their legs (server/ships/). Every row belongs to a user tree.
 * Times are epoch ms (UTC instants); distances in nautical miles; fuel in tonnes, or litres with the density.
 */
export function ships(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('ships'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        /** 7 digits, the last one the IMO check digit */
        .addColumn('imo_number', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        /** shared/ships/shipTypes.ts SHIP_TYPES */
        .addColumn('ship_type', 'text', (c) => c.notNull())
        .addColumn('dwt', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('gt', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('flag', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('year_built', 'integer')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('ships_owner').on('ships').column('owner_user_id').execute();

      await withId(db.schema.createTable('ship_voyages'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('ship_id', 'integer', (c) => c.notNull().references('ships.id').onDelete('cascade'))
        /** the operator's voyage number */
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('ship_voyages_ship').on('ship_voyages').column('ship_id').execute();
      await db.schema.createIndex('ship_voyages_owner').on('ship_voyages').column('owner_user_id').execute();

      await withId(db.schema.createTable('voyage_legs'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('voyage_id', 'integer', (c) => c.notNull().references('ship_voyages.id').onDelete('cascade'))
        /** the voyage's ship, kept on the leg so a ship's legs of a year are one index range */
        .addColumn('ship_id', 'integer', (c) => c.notNull().references('ships.id').onDelete('cascade'))
        /** order within the voyage, from 0 */
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('port_from', 'text', (c) => c.notNull())
        .addColumn('port_to', 'text', (c) => c.notNull())
        .addColumn('departure_at', 'bigint', (c) => c.notNull())
        .addColumn('arrival_at', 'bigint', (c) => c.notNull())
        .addColumn('distance_nm', 'double precision', (c) => c.notNull())
        /** transport work's mass (or count): 0 on a ballast leg */
        .addColumn('cargo', 'double precision', (c) => c.notNull().defaultTo(0))
        /** t | teu | passengers | units */
        .addColumn('cargo_unit', 'text', (c) => c.notNull())
        /** laden | ballast */
        .addColumn('condition', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('voyage_legs_voyage').on('voyage_legs').columns(['voyage_id', 'seq']).execute();
      await db.schema.createIndex('voyage_legs_ship_time').on('voyage_legs').columns(['ship_id', 'departure_at']).execute();
      await db.schema.createIndex('voyage_legs_owner').on('voyage_legs').column('owner_user_id').execute();

      await withId(db.schema.createTable('ship_fuel_entries'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('ship_id', 'integer', (c) => c.notNull().references('ships.id').onDelete('cascade'))
        /** the leg it was burnt on (its year share follows the leg's); null: counted on entry_day's UTC year */
        .addColumn('leg_id', 'integer', (c) => c.references('voyage_legs.id').onDelete('set null'))
        /** shared/ships/fuels.ts SHIP_FUELS */
        .addColumn('fuel', 'text', (c) => c.notNull())
        /** UTC calendar day YYYY-MM-DD */
        .addColumn('entry_day', 'text', (c) => c.notNull())
        /** tonnes, or litres with the density (kg/m³) */
        .addColumn('tonnes', 'double precision')
        .addColumn('litres', 'double precision')
        .addColumn('density_kg_m3', 'double precision')
        /** bdn | manual */
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('bdn_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('ship_fuel_entries_ship').on('ship_fuel_entries').columns(['ship_id', 'entry_day']).execute();
      await db.schema.createIndex('ship_fuel_entries_leg').on('ship_fuel_entries').column('leg_id').execute();
      await db.schema.createIndex('ship_fuel_entries_owner').on('ship_fuel_entries').column('owner_user_id').execute();

      // A metering-core meter counting one fuel on board: its counted volume × density is the fuel burnt.
      await withId(db.schema.createTable('ship_fuel_meters'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('ship_id', 'integer', (c) => c.notNull().references('ships.id').onDelete('cascade'))
        .addColumn('meter_id', 'integer', (c) => c.notNull().references('meters.id').onDelete('cascade'))
        .addColumn('fuel', 'text', (c) => c.notNull())
        /** what one counted unit of the meter is: l | m3 */
        .addColumn('volume_unit', 'text', (c) => c.notNull())
        .addColumn('density_kg_m3', 'double precision', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('ship_fuel_meters_ship').on('ship_fuel_meters').column('ship_id').execute();
      await db.schema.createIndex('ship_fuel_meters_owner').on('ship_fuel_meters').column('owner_user_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['ship_fuel_meters', 'ship_fuel_entries', 'voyage_legs', 'ship_voyages', 'ships'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
