import type { CiiBoundaries, CiiLetter } from './cii';
import type { ShipFuel } from './fuels';
import type { CapacityKind, ShipType } from './shipTypes';
import type { CargoUnit, LegCondition } from './schemas';

/**
 * The ships API's answers (server/modules/ships/, server/ships/README.md). Years are UTC calendar years (IMO DCS);
 * times are epoch ms; CII and EEOI in g CO2 per capacity (or cargo unit) and nautical mile; fuel and CO2 in tonnes.
 * Nothing is rounded: screens round what they show.
 */

/** Menu and permission of every ships route and resource (reads: the menu; writes: `<menu>/add|edit|delete`). */
export const SHIPS_MENU = '/energy-efficiency-management/ship-energy-consumption';
/** CII ratings start with the 2023 operation; the last year with a reduction factor (MEPC.400(83)) ends projections. */
export { FIRST_CII_YEAR as CII_FIRST_YEAR, LAST_CII_YEAR as CII_LAST_YEAR } from './reductionFactors';

export type { CiiBoundaries, CiiLetter };

/** Fuel burnt of one type and the CO2 it made (Cf of shared/ships/fuels.ts). */
export interface FuelTotal {
  fuel: ShipFuel;
  tonnes: number;
  co2Tonnes: number;
}

/** Where a year's fuel came from, in tonnes: legs' entries (by the leg's share of the year), entries by day, flow meters. */
export interface FuelOrigins {
  legEntries: number;
  dayEntries: number;
  flowMeters: number;
}

/** GET /api/ships/:id/cii?year= */
export interface ShipCiiAnswer {
  shipId: number;
  year: number;
  /** The current UTC year: figures so far (window ends now), to be read as a trend, not a rating of record. */
  yearToDate: boolean;
  /** [from, to) epoch ms: 1 January 00:00 UTC to the next 1 January, or to now for the current year. */
  window: { from: number; to: number };
  shipType: ShipType;
  capacityKind: CapacityKind;
  /** The ship's actual DWT or GT (attained CII divides by it; caps apply to the reference line only). */
  capacity: number;
  /** Legs that fall in the year, at least in part. */
  legCount: number;
  /** Σ leg distance × the leg's share of the year. */
  distanceNm: number;
  fuels: FuelTotal[];
  fuelOrigins: FuelOrigins;
  co2Tonnes: number;
  /** null when no distance was sailed in the year (no CII can be attained). */
  attained: number | null;
  required: number;
  /** The reference line: a × capacity^(−c), with the reference-line capacity after caps. */
  reference: { a: number; c: number; capacity: number; value: number };
  /** Reduction factor Z of the year, percent. */
  z: number;
  boundaries: CiiBoundaries;
  rating: { letter: CiiLetter; ratio: number } | null;
  /** The resolutions every parameter above comes from. */
  sources: string[];
}

export interface CiiYearSummary {
  year: number;
  yearToDate: boolean;
  distanceNm: number;
  co2Tonnes: number;
  attained: number | null;
  required: number;
  boundaries: CiiBoundaries;
  letter: CiiLetter | null;
}

export interface CiiProjectionYear {
  year: number;
  required: number;
  boundaries: CiiBoundaries;
  letter: CiiLetter;
}

/** GET /api/ships/:id/cii-years: 2023 .. the current year, and the projection at the latest attained figure. */
export interface ShipCiiYearsAnswer {
  shipId: number;
  years: CiiYearSummary[];
  /** The latest year with an attained CII (the current year's year-to-date figure counts), or null when none. */
  projectedFrom: number | null;
  /** That year's attained CII carried unchanged to every later year up to CII_LAST_YEAR. */
  projection: CiiProjectionYear[];
  /** The first projected year whose letter is worse than projectedFrom's, or null. */
  dropYear: number | null;
}

export interface VoyageLegAnswer {
  id: number;
  seq: number;
  portFrom: string;
  portTo: string;
  departureAt: number;
  arrivalAt: number;
  distanceNm: number;
  cargo: number;
  cargoUnit: CargoUnit;
  condition: LegCondition;
  /** Fuel entries linked to the leg plus its flow meters' volume over departure..arrival. */
  fuels: FuelTotal[];
  co2Tonnes: number;
  /** cargo × distance (0 on a ballast leg). */
  transportWork: number;
}

export interface VoyageAnswer {
  id: number;
  shipId: number;
  code: string;
  note: string;
  departureAt: number;
  arrivalAt: number;
  distanceNm: number;
  cargoUnit: CargoUnit;
  legs: VoyageLegAnswer[];
  fuels: FuelTotal[];
  co2Tonnes: number;
  transportWork: number;
  /** g CO2 / (cargo unit · nm) of this voyage (MEPC.1/Circ.684; ballast legs add fuel, no work); null without transport work. */
  eeoi: number | null;
  /** Σ CO2 / Σ transport work over this voyage and the listed ones before it with the same cargo unit. */
  rollingEeoi: number | null;
}

/** GET /api/ships/:id/voyages?year= (oldest first). */
export interface ShipVoyagesAnswer {
  shipId: number;
  voyages: VoyageAnswer[];
  /** Over every listed voyage; null when they count cargo in different units or carried nothing. */
  rollingEeoi: number | null;
  cargoUnit: CargoUnit | null;
}

export interface FleetCiiShip {
  shipId: number;
  name: string;
  imoNumber: string;
  shipType: ShipType;
  attained: number | null;
  required: number;
  letter: CiiLetter | null;
  /** Letters of the years from CII_FIRST_YEAR up to the year before, oldest first (null: no distance that year). */
  previous: { year: number; letter: CiiLetter | null }[];
}

/** GET /api/ships/fleet-cii?year= and the wall channel's payload. Ships by name. */
export interface FleetCiiAnswer {
  year: number;
  yearToDate: boolean;
  ships: FleetCiiShip[];
  /** How many ships have each letter this year. */
  counts: Record<CiiLetter, number>;
}

/**
 * Wall channel of the `fleet-cii` widget: `ships:fleet-cii:<year|current>` (current follows the UTC year).
 * Payload: `FleetCiiData`, sent on joining and every FLEET_CII_REFRESH_MS while watched, in the caller's user tree
 * (a display reads as its owner). Readers: administrators and holders of SHIPS_MENU or /settings/boardConfig.
 */
export const FLEET_CII_REFRESH_MS = 5 * 60_000;
export type FleetCiiPeriod = number | 'current';
export type FleetCiiData = FleetCiiAnswer & { computedAt: number };

export const fleetCiiChannel = (period: FleetCiiPeriod): string => `ships:fleet-cii:${period}`;

export function parseFleetCiiChannel(channel: string): { period: FleetCiiPeriod } | null {
  const match = /^ships:fleet-cii:(current|\d{4})$/.exec(channel);
  if (!match) return null;
  return { period: match[1] === 'current' ? 'current' : Number(match[1]) };
}
