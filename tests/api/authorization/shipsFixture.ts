import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

/** Tree A's voyage of its ship (the ship itself is a resource row): one laden leg. */
export interface ShipObjects {
  voyage: number;
  leg: number;
}

/** A leg body the suite's voyage writes send (the fixture's leg, kept by its id). */
export const probeLeg = (leg?: number) => ({
  ...(leg === undefined ? {} : { id: leg }),
  portFrom: 'Probe port A',
  portTo: 'Probe port B',
  departureAt: '2025-03-01T00:00:00Z',
  arrivalAt: '2025-03-05T00:00:00Z',
  distanceNm: 1200,
  cargo: 50_000,
  cargoUnit: 't',
  condition: 'laden',
});

export async function makeShipObjects(db: Kysely<Database>, owner: number, ship: number, mark: string): Promise<ShipObjects> {
  const voyage = await db
    .insertInto('ship_voyages')
    .values({ owner_user_id: owner, ship_id: ship, code: `${mark}-V1`, note: `${mark} voyage` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const leg = await db
    .insertInto('voyage_legs')
    .values({
      owner_user_id: owner,
      voyage_id: Number(voyage.id),
      ship_id: ship,
      seq: 0,
      port_from: `${mark} port A`,
      port_to: `${mark} port B`,
      departure_at: Date.UTC(2025, 2, 1),
      arrival_at: Date.UTC(2025, 2, 5),
      distance_nm: 1200,
      cargo: 50_000,
      cargo_unit: 't',
      condition: 'laden',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { voyage: Number(voyage.id), leg: Number(leg.id) };
}
