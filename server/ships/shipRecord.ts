import type { Kysely } from 'kysely';
import type { ShipFuel, ShipType } from '@shared/ships';
import type { CargoUnit, LegCondition } from '@shared/ships/schemas';
import type { FuelVolumeUnit } from '@shared/resources/shipFuelMeters';
import { entryTonnes } from '@shared/resources/shipFuelEntries';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { inScope, type OwnerScope } from '../tenancy/ownerScope';

export interface ShipRow {
  id: number;
  ownerUserId: number;
  imoNumber: string;
  name: string;
  shipType: ShipType;
  dwt: number;
  gt: number;
}

export interface LegRow {
  id: number;
  voyageId: number;
  seq: number;
  portFrom: string;
  portTo: string;
  departureAt: number;
  arrivalAt: number;
  distanceNm: number;
  cargo: number;
  cargoUnit: CargoUnit;
  condition: LegCondition;
}

export interface FuelEntryRow {
  legId: number | null;
  fuel: ShipFuel;
  entryDay: string;
  tonnes: number;
}

export interface FuelMeterRow {
  meterId: number;
  fuel: ShipFuel;
  volumeUnit: FuelVolumeUnit;
  densityKgM3: number;
}

/** Everything a ship's CII and EEOI are computed from, read once. */
export interface ShipRecord {
  ship: ShipRow;
  legs: LegRow[];
  entries: FuelEntryRow[];
  meters: FuelMeterRow[];
}

const shipNotFound = (id: number) => new AppError('NOT_FOUND', { message: `Ship ${id} was not found` });

export async function loadShip(db: Kysely<Database>, id: number, scope: OwnerScope): Promise<ShipRow> {
  const row = await db
    .selectFrom('ships')
    .select(['id', 'owner_user_id', 'imo_number', 'name', 'ship_type', 'dwt', 'gt'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !inScope(scope, Number(row.owner_user_id))) throw shipNotFound(id);
  return toShip(row);
}

function toShip(row: { id: number; owner_user_id: number; imo_number: string; name: string; ship_type: string; dwt: number; gt: number }): ShipRow {
  return {
    id: Number(row.id),
    ownerUserId: Number(row.owner_user_id),
    imoNumber: row.imo_number,
    name: row.name,
    shipType: row.ship_type as ShipType,
    dwt: Number(row.dwt),
    gt: Number(row.gt),
  };
}

/** The ships of the caller's tree, by name. */
export async function shipsInScope(db: Kysely<Database>, owners: readonly number[] | null): Promise<ShipRow[]> {
  let query = db.selectFrom('ships').select(['id', 'owner_user_id', 'imo_number', 'name', 'ship_type', 'dwt', 'gt']);
  if (owners) query = query.where('owner_user_id', 'in', owners.length ? [...owners] : [-1]);
  return (await query.orderBy('name').orderBy('id').execute()).map(toShip);
}

export async function loadShipRecord(db: Kysely<Database>, ship: ShipRow): Promise<ShipRecord> {
  const [legs, entries, meters] = await Promise.all([
    db.selectFrom('voyage_legs').selectAll().where('ship_id', '=', ship.id).orderBy('departure_at').orderBy('id').execute(),
    db.selectFrom('ship_fuel_entries').select(['leg_id', 'fuel', 'entry_day', 'tonnes', 'litres', 'density_kg_m3']).where('ship_id', '=', ship.id).execute(),
    db.selectFrom('ship_fuel_meters').select(['meter_id', 'fuel', 'volume_unit', 'density_kg_m3']).where('ship_id', '=', ship.id).execute(),
  ]);
  return {
    ship,
    legs: legs.map((leg) => ({
      id: Number(leg.id),
      voyageId: Number(leg.voyage_id),
      seq: Number(leg.seq),
      portFrom: leg.port_from,
      portTo: leg.port_to,
      departureAt: Number(leg.departure_at),
      arrivalAt: Number(leg.arrival_at),
      distanceNm: Number(leg.distance_nm),
      cargo: Number(leg.cargo),
      cargoUnit: leg.cargo_unit as CargoUnit,
      condition: leg.condition as LegCondition,
    })),
    entries: entries.map((entry) => ({
      legId: entry.leg_id === null ? null : Number(entry.leg_id),
      fuel: entry.fuel as ShipFuel,
      entryDay: entry.entry_day,
      tonnes: entryTonnes({
        tonnes: entry.tonnes === null ? null : Number(entry.tonnes),
        litres: entry.litres === null ? null : Number(entry.litres),
        densityKgM3: entry.density_kg_m3 === null ? null : Number(entry.density_kg_m3),
      }),
    })),
    meters: meters.map((meter) => ({
      meterId: Number(meter.meter_id),
      fuel: meter.fuel as ShipFuel,
      volumeUnit: meter.volume_unit as FuelVolumeUnit,
      densityKgM3: Number(meter.density_kg_m3),
    })),
  };
}
