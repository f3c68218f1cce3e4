import type { Insertable, Kysely } from 'kysely';
import { shipSchema } from '@shared/resources/ships';
import { carbonFactor, requiredCii, type ShipFuel, type ShipType } from '@shared/ships';
import { voyageBodySchema, type CargoUnit } from '@shared/ships/schemas';
import type { Database } from '../db/schema';
import { ownerScopeOfUser } from '../tenancy/ownerScope';
import type { ShipRow } from './shipRecord';
import { createVoyage } from './voyages';

const DAY_MS = 86_400_000;
const FIRST_DEMO_YEAR = 2023;

interface DemoRoute {
  from: string;
  to: string;
  distanceNm: number;
  /** cargo on the way out and back (0: back in ballast) */
  cargoOut: number;
  cargoBack: number;
}

interface DemoShip {
  imoNumber: string;
  name: string;
  shipType: ShipType;
  dwt: number;
  gt: number;
  flag: string;
  yearBuilt: number;
  cargoUnit: CargoUnit;
  route: DemoRoute;
  knots: number;
  /** Days in port between legs. */
  portDays: number;
  /** Attained CII as a share of each year's required CII; 'same' keeps one attained figure (2024's at 0.93) every year. */
  ratio: Readonly<Record<number, number>> | 'same';
  /** Fuel burnt at berth each month (day entries from bunker delivery notes), the rest at sea is HFO on the legs. */
  berthFuel: { fuel: ShipFuel; tonnesPerMonth: number };
}

/**
 * Four ships of different types sailing round trips from January 2023 to today, their fuel chosen so each year's
 * attained CII sits at a planned share of that year's required CII: a container ship rated A–B, a tanker improving
 * from D to C, a ro-ro passenger ship (GT) at D–E, and a bulk carrier that sails the same way every year and still
 * drops from B to C in 2025 as the required line tightens (2024: 0.93 of required, B; 2025: 0.93 × 0.93 / 0.91 = 0.950, C).
 */
export const DEMO_SHIPS: readonly DemoShip[] = [
  {
    imoNumber: '9074729',
    name: 'Ocean Pioneer',
    shipType: 'bulk_carrier',
    dwt: 82_000,
    gt: 44_000,
    flag: 'Panama',
    yearBuilt: 2012,
    cargoUnit: 't',
    route: { from: 'Port Hedland', to: 'Qingdao', distanceNm: 3_600, cargoOut: 78_000, cargoBack: 0 },
    knots: 12.5,
    portDays: 3,
    ratio: 'same',
    berthFuel: { fuel: 'diesel_gas_oil', tonnesPerMonth: 18 },
  },
  {
    imoNumber: '9321483',
    name: 'Eastern Lantern',
    shipType: 'container_ship',
    dwt: 52_000,
    gt: 48_000,
    flag: 'Hong Kong',
    yearBuilt: 2016,
    cargoUnit: 'teu',
    route: { from: 'Shanghai', to: 'Singapore', distanceNm: 2_200, cargoOut: 3_400, cargoBack: 2_100 },
    knots: 17,
    portDays: 2,
    ratio: { 2023: 0.8, 2024: 0.84, 2025: 0.88, 2026: 0.87 },
    berthFuel: { fuel: 'diesel_gas_oil', tonnesPerMonth: 25 },
  },
  {
    imoNumber: '9176187',
    name: 'Nordic Meridian',
    shipType: 'tanker',
    dwt: 115_000,
    gt: 62_000,
    flag: 'Liberia',
    yearBuilt: 2009,
    cargoUnit: 't',
    route: { from: 'Ras Tanura', to: 'Ningbo', distanceNm: 5_800, cargoOut: 105_000, cargoBack: 0 },
    knots: 13,
    portDays: 3,
    ratio: { 2023: 1.14, 2024: 1.09, 2025: 1.04, 2026: 0.99 },
    berthFuel: { fuel: 'lfo', tonnesPerMonth: 30 },
  },
  {
    imoNumber: '9247431',
    name: 'Bohai Star',
    shipType: 'roro_passenger_ship',
    dwt: 6_000,
    gt: 31_000,
    flag: 'China',
    yearBuilt: 2014,
    cargoUnit: 'passengers',
    route: { from: 'Dalian', to: 'Yantai', distanceNm: 90, cargoOut: 1_400, cargoBack: 1_100 },
    knots: 18,
    portDays: 0.5,
    ratio: { 2023: 1.33, 2024: 1.26, 2025: 1.2, 2026: 1.17 },
    berthFuel: { fuel: 'diesel_gas_oil', tonnesPerMonth: 12 },
  },
];

const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const yearOf = (ms: number): number => new Date(ms).getUTCFullYear();

/** Attained CII planned for a year, g CO2 per capacity · nm. */
function plannedAttained(ship: DemoShip, year: number): number {
  const required = (y: number) => requiredCii({ shipType: ship.shipType, dwt: ship.dwt, gt: ship.gt, year: y }).required;
  if (ship.ratio === 'same') return 0.93 * required(2024);
  return (ship.ratio[year] ?? ship.ratio[2026]!) * required(Math.min(year, 2030));
}

/** Creates the demo fleet in the admin's tree: ships, voyages 2023 → today, fuel per leg and at berth. */
export async function createDemoShips(db: Kysely<Database>, adminId: number, now = Date.now()): Promise<void> {
  const owner = (await ownerScopeOfUser(db, adminId)).home;
  for (const demo of DEMO_SHIPS) {
    const body = shipSchema.parse({ ...demo, note: `${demo.route.from} – ${demo.route.to} service` });
    const inserted = await db
      .insertInto('ships')
      .values({
        owner_user_id: owner,
        imo_number: body.imoNumber,
        name: body.name,
        ship_type: body.shipType,
        dwt: body.dwt,
        gt: body.gt,
        flag: body.flag,
        year_built: body.yearBuilt,
        note: body.note,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ship: ShipRow = {
      id: Number(inserted.id),
      ownerUserId: owner,
      imoNumber: body.imoNumber,
      name: body.name,
      shipType: body.shipType,
      dwt: body.dwt,
      gt: body.gt,
    };
    await sailDemoShip(db, demo, ship, now);
  }
}

async function sailDemoShip(db: Kysely<Database>, demo: DemoShip, ship: ShipRow, now: number): Promise<void> {
  const capacity = demo.shipType.startsWith('roro') || demo.shipType.startsWith('cruise') ? demo.gt : demo.dwt;
  const legMs = Math.round((demo.route.distanceNm / demo.knots) * 3_600_000);
  const portMs = demo.portDays * DAY_MS;
  // A ro-pax ferry's voyage is a week of crossings; an ocean ship's is one round trip.
  const legsPerVoyage = demo.route.distanceNm < 500 ? 14 : 2;
  const berthCo2PerMonth = demo.berthFuel.tonnesPerMonth * carbonFactor(demo.berthFuel.fuel) * 1_000_000;
  let at = Date.UTC(FIRST_DEMO_YEAR, 0, 3);
  let number = 1;
  const entries: Insertable<Database['ship_fuel_entries']>[] = [];
  while (at + legsPerVoyage * (legMs + portMs) <= now) {
    const legs = [];
    for (let index = 0; index < legsPerVoyage; index++) {
      const out = index % 2 === 0;
      const cargo = out ? demo.route.cargoOut : demo.route.cargoBack;
      legs.push({
        portFrom: out ? demo.route.from : demo.route.to,
        portTo: out ? demo.route.to : demo.route.from,
        departureAt: at,
        arrivalAt: at + legMs,
        distanceNm: demo.route.distanceNm,
        cargo,
        cargoUnit: demo.cargoUnit,
        condition: cargo > 0 ? 'laden' : 'ballast',
      });
      at += legMs + portMs;
    }
    const voyageId = await createVoyage(
      db,
      ship,
      voyageBodySchema.parse({ code: `${demo.name.split(' ')[0]!.toUpperCase()}-${String(number).padStart(3, '0')}`, legs }),
    );
    number += 1;
    const stored = await db.selectFrom('voyage_legs').select(['id', 'departure_at', 'distance_nm']).where('voyage_id', '=', voyageId).orderBy('seq').execute();
    for (const leg of stored) {
      const departure = Number(leg.departure_at);
      const year = yearOf(departure);
      // The sea share of the year's planned CO2: planned attained × capacity × distance, less the berth fuel's share
      // (twelve months of berth fuel spread over a year of legs and port time), burnt as HFO.
      const berthShare = berthCo2PerMonth * 12 * ((legMs + portMs) / (365.25 * DAY_MS));
      const grams = plannedAttained(demo, year) * capacity * Number(leg.distance_nm) - berthShare;
      entries.push({
        owner_user_id: ship.ownerUserId,
        ship_id: ship.id,
        leg_id: Number(leg.id),
        fuel: 'hfo',
        entry_day: utcDay(departure + legMs),
        tonnes: Math.max(0, grams) / (carbonFactor('hfo') * 1_000_000),
        litres: null,
        density_kg_m3: null,
        source: 'manual',
        bdn_number: '',
        note: '',
      });
    }
  }
  // Fuel at berth: one bunker delivery note a month, on the 15th, up to today.
  for (let month = Date.UTC(FIRST_DEMO_YEAR, 0, 15); month <= now; month = Date.UTC(yearOf(month), new Date(month).getUTCMonth() + 1, 15)) {
    const day = utcDay(month);
    entries.push({
      owner_user_id: ship.ownerUserId,
      ship_id: ship.id,
      leg_id: null,
      fuel: demo.berthFuel.fuel,
      entry_day: day,
      tonnes: demo.berthFuel.tonnesPerMonth,
      litres: null,
      density_kg_m3: null,
      source: 'bdn',
      bdn_number: `BDN-${demo.imoNumber}-${day.slice(0, 7)}`,
      note: '',
    });
  }
  for (let index = 0; index < entries.length; index += 200)
    await db
      .insertInto('ship_fuel_entries')
      .values(entries.slice(index, index + 200))
      .execute();
}
