import type { Kysely } from 'kysely';
import { eeoiBreakdown, legShareInYear, rollingEeoi, type EeoiLeg, type FuelBurn, type ShipFuel } from '@shared/ships';
import type { ShipVoyagesAnswer, VoyageAnswer, VoyageLegAnswer } from '@shared/ships/api';
import type { VoyageBody } from '@shared/ships/schemas';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import type { LegRow, ShipRecord, ShipRow } from './shipRecord';
import { co2TonnesOf, fuelTotals, type MeterTonnes } from './shipYear';

const voyageNotFound = (id: number) => new AppError('NOT_FOUND', { message: `Voyage ${id} was not found` });

/** Creates a voyage of a ship with its legs (in order), in one transaction; answers its id. */
export async function createVoyage(db: Kysely<Database>, ship: ShipRow, body: VoyageBody): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const voyage = await trx
      .insertInto('ship_voyages')
      .values({ owner_user_id: ship.ownerUserId, ship_id: ship.id, code: body.code, note: body.note })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(voyage.id);
    for (const [seq, leg] of body.legs.entries()) {
      if (leg.id !== undefined) throw validationError([{ field: `legs.${seq}.id`, rule: 'unknown', message: `Leg ${leg.id} is not a leg of this voyage` }]);
      await trx
        .insertInto('voyage_legs')
        .values(legValues(ship, id, seq, leg))
        .execute();
    }
    return id;
  });
}

/**
 * Replaces a voyage's code, note and legs. A leg sent with its id is updated in place (its fuel entries stay
 * linked); one without is added; a stored leg left out is deleted and its fuel entries keep their day, unlinked.
 */
export async function updateVoyage(db: Kysely<Database>, voyageId: number, body: VoyageBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const voyage = await trx.selectFrom('ship_voyages').select(['id', 'ship_id', 'owner_user_id']).where('id', '=', voyageId).executeTakeFirst();
    if (!voyage) throw voyageNotFound(voyageId);
    const ship = { id: Number(voyage.ship_id), ownerUserId: Number(voyage.owner_user_id) } as ShipRow;
    const stored = new Set((await trx.selectFrom('voyage_legs').select('id').where('voyage_id', '=', voyageId).execute()).map((row) => Number(row.id)));
    const kept = new Set<number>();
    body.legs.forEach((leg, seq) => {
      if (leg.id === undefined) return;
      if (!stored.has(leg.id) || kept.has(leg.id))
        throw validationError([{ field: `legs.${seq}.id`, rule: 'unknown', message: `Leg ${leg.id} is not a leg of this voyage` }]);
      kept.add(leg.id);
    });
    const dropped = [...stored].filter((id) => !kept.has(id));
    if (dropped.length) {
      await trx.updateTable('ship_fuel_entries').set({ leg_id: null }).where('leg_id', 'in', dropped).execute();
      await trx.deleteFrom('voyage_legs').where('id', 'in', dropped).execute();
    }
    await trx.updateTable('ship_voyages').set({ code: body.code, note: body.note }).where('id', '=', voyageId).execute();
    for (const [seq, leg] of body.legs.entries()) {
      const values = legValues(ship, voyageId, seq, leg);
      if (leg.id === undefined) await trx.insertInto('voyage_legs').values(values).execute();
      else await trx.updateTable('voyage_legs').set(values).where('id', '=', leg.id).execute();
    }
  });
}

export async function deleteVoyage(db: Kysely<Database>, voyageId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const legs = (await trx.selectFrom('voyage_legs').select('id').where('voyage_id', '=', voyageId).execute()).map((row) => Number(row.id));
    if (legs.length) await trx.updateTable('ship_fuel_entries').set({ leg_id: null }).where('leg_id', 'in', legs).execute();
    await trx.deleteFrom('voyage_legs').where('voyage_id', '=', voyageId).execute();
    await trx.deleteFrom('ship_voyages').where('id', '=', voyageId).execute();
  });
}

function legValues(ship: Pick<ShipRow, 'id' | 'ownerUserId'>, voyageId: number, seq: number, leg: VoyageBody['legs'][number]) {
  return {
    owner_user_id: ship.ownerUserId,
    voyage_id: voyageId,
    ship_id: ship.id,
    seq,
    port_from: leg.portFrom,
    port_to: leg.portTo,
    departure_at: leg.departureAt,
    arrival_at: leg.arrivalAt,
    distance_nm: leg.distanceNm,
    cargo: leg.cargo,
    cargo_unit: leg.cargoUnit,
    condition: leg.condition,
  };
}

/** A leg's fuel: its linked entries plus what the ship's fuel meters counted between departure and arrival. */
async function legFuels(record: ShipRecord, leg: LegRow, meterTonnes: MeterTonnes): Promise<FuelBurn[]> {
  const tonnes = new Map<ShipFuel, number>();
  for (const entry of record.entries) if (entry.legId === leg.id) tonnes.set(entry.fuel, (tonnes.get(entry.fuel) ?? 0) + entry.tonnes);
  for (const meter of record.meters) {
    const value = await meterTonnes(meter, leg.departureAt, leg.arrivalAt);
    if (value !== 0) tonnes.set(meter.fuel, (tonnes.get(meter.fuel) ?? 0) + value);
  }
  return [...tonnes].map(([fuel, value]) => ({ fuel, tonnes: value }));
}

const sumFuels = (lists: readonly (readonly FuelBurn[])[]): FuelBurn[] => {
  const tonnes = new Map<ShipFuel, number>();
  for (const list of lists) for (const burn of list) tonnes.set(burn.fuel, (tonnes.get(burn.fuel) ?? 0) + burn.tonnes);
  return [...tonnes].map(([fuel, value]) => ({ fuel, tonnes: value }));
};

/**
 * A ship's voyages (oldest first; `year`: those with a leg in that UTC year) with each leg's fuel and CO2, the
 * voyage's EEOI (MEPC.1/Circ.684: ballast legs add fuel and no transport work) and the running EEOI over the
 * listed voyages so far. Voyages counting cargo in different units have no common running figure.
 */
export async function shipVoyages(db: Kysely<Database>, record: ShipRecord, year: number | undefined, meterTonnes: MeterTonnes): Promise<ShipVoyagesAnswer> {
  let voyageRows = await db.selectFrom('ship_voyages').select(['id', 'code', 'note']).where('ship_id', '=', record.ship.id).execute();
  const legsOf = new Map<number, LegRow[]>();
  for (const leg of record.legs) legsOf.set(leg.voyageId, [...(legsOf.get(leg.voyageId) ?? []), leg]);
  if (year !== undefined)
    voyageRows = voyageRows.filter((row) => (legsOf.get(Number(row.id)) ?? []).some((leg) => legShareInYear(leg.departureAt, leg.arrivalAt, year) > 0));
  const voyages: VoyageAnswer[] = [];
  const eeoiLegs: EeoiLeg[][] = [];
  for (const row of voyageRows) {
    const legs = (legsOf.get(Number(row.id)) ?? []).sort((a, b) => a.seq - b.seq);
    if (!legs.length) continue;
    const answers: VoyageLegAnswer[] = [];
    const forEeoi: EeoiLeg[] = [];
    for (const leg of legs) {
      const fuels = await legFuels(record, leg, meterTonnes);
      forEeoi.push({ fuels, cargo: leg.cargo, distanceNm: leg.distanceNm, condition: leg.condition });
      answers.push({
        id: leg.id,
        seq: leg.seq,
        portFrom: leg.portFrom,
        portTo: leg.portTo,
        departureAt: leg.departureAt,
        arrivalAt: leg.arrivalAt,
        distanceNm: leg.distanceNm,
        cargo: leg.cargo,
        cargoUnit: leg.cargoUnit,
        condition: leg.condition,
        fuels: fuelTotals(fuels),
        co2Tonnes: co2TonnesOf(fuels),
        transportWork: eeoiBreakdown([forEeoi.at(-1)!]).transportWork,
      });
    }
    const fuels = sumFuels(forEeoi.map((leg) => leg.fuels));
    const breakdown = eeoiBreakdown(forEeoi);
    eeoiLegs.push(forEeoi);
    voyages.push({
      id: Number(row.id),
      shipId: record.ship.id,
      code: row.code,
      note: row.note,
      departureAt: legs[0]!.departureAt,
      arrivalAt: legs.at(-1)!.arrivalAt,
      distanceNm: legs.reduce((sum, leg) => sum + leg.distanceNm, 0),
      cargoUnit: legs[0]!.cargoUnit,
      legs: answers,
      fuels: fuelTotals(fuels),
      co2Tonnes: co2TonnesOf(fuels),
      transportWork: breakdown.transportWork,
      eeoi: breakdown.eeoi,
      rollingEeoi: null,
    });
  }
  const order = voyages.map((_, index) => index).sort((a, b) => voyages[a]!.departureAt - voyages[b]!.departureAt || voyages[a]!.id - voyages[b]!.id);
  const sorted = order.map((index) => voyages[index]!);
  const sortedLegs = order.map((index) => eeoiLegs[index]!);
  const units = new Set(sorted.map((voyage) => voyage.cargoUnit));
  if (units.size !== 1) return { shipId: record.ship.id, voyages: sorted, rollingEeoi: null, cargoUnit: null };
  // A window as long as the list: each voyage's running figure covers it and every listed voyage before it.
  const running = rollingEeoi(sortedLegs, sorted.length);
  sorted.forEach((voyage, index) => (voyage.rollingEeoi = running[index] ?? null));
  return { shipId: record.ship.id, voyages: sorted, rollingEeoi: running.at(-1) ?? null, cargoUnit: sorted[0]!.cargoUnit };
}
