import { co2Grams, type FuelBurn } from './fuels';
import { ratingVector, RATING_BOUNDARY_SOURCE } from './ratingBoundaries';
import { reductionFactor } from './reductionFactors';
import { referenceLine } from './referenceLines';
import { CAPACITY_KIND, capacityOf, type CapacityKind, type ShipType } from './shipTypes';
import { CiiTableError } from './tableErrors';

export type CiiLetter = 'A' | 'B' | 'C' | 'D' | 'E';

/** Best to worst, so a letter's index compares ratings (a higher index is worse). */
export const CII_LETTERS: readonly CiiLetter[] = ['A', 'B', 'C', 'D', 'E'];

export function isWorseLetter(letter: CiiLetter, than: CiiLetter): boolean {
  return CII_LETTERS.indexOf(letter) > CII_LETTERS.indexOf(than);
}

/** A ship's tonnages; only the one its type counts (CAPACITY_KIND) has to be given. */
export interface ShipTonnage {
  dwt?: number | null;
  gt?: number | null;
}

function positive(value: number, what: string): void {
  if (!Number.isFinite(value) || value <= 0) throw new CiiTableError(`${what} must be a positive number, not ${value}.`);
}

/**
 * Attained CII (G1, MEPC.352(78)): Σ FCj · CFj / (capacity · distance), in g CO2 / (capacity · nm).
 * `capacity` is the ship's ACTUAL DWT or GT (the caps of G2 apply to the reference line only).
 */
export function attainedCii(input: { fuels: readonly FuelBurn[]; capacity: number; distanceNm: number }): number {
  positive(input.capacity, 'Capacity');
  positive(input.distanceNm, 'Distance sailed');
  for (const burn of input.fuels) {
    if (!Number.isFinite(burn.tonnes) || burn.tonnes < 0) throw new CiiTableError(`Fuel burnt (${burn.fuel}) must be zero or more tonnes, not ${burn.tonnes}.`);
  }
  return co2Grams(input.fuels) / (input.capacity * input.distanceNm);
}

/** The ship's own capacity for its attained CII: DWT or GT by its type. */
export function attainedCapacity(shipType: ShipType, tonnage: ShipTonnage): number {
  const value = capacityOf(shipType, { dwt: tonnage.dwt ?? Number.NaN, gt: tonnage.gt ?? Number.NaN });
  positive(value, `The ${CAPACITY_KIND[shipType].toUpperCase()} of a ${shipType}`);
  return value;
}

export interface RequiredCii {
  capacityKind: CapacityKind;
  /** Capacity in the reference line, after G2's caps (e.g. a 300,000 DWT bulk carrier counts 279,000). */
  capacity: number;
  a: number;
  c: number;
  /** 2019 reference CII_ref = a · capacity^(−c). */
  reference: number;
  /** Reduction factor of the year, percent. */
  z: number;
  /** Required CII = (1 − Z/100) · CII_ref. */
  required: number;
  sources: { referenceLine: string; reductionFactor: string };
}

/** Required annual CII (MARPOL Annex VI regulation 28.4) of a ship type, tonnage and calendar year. */
export function requiredCii(input: { shipType: ShipType; year: number } & ShipTonnage): RequiredCii {
  const factor = reductionFactor(input.year);
  const line = referenceLine(input.shipType, attainedCapacity(input.shipType, input));
  return {
    capacityKind: line.capacityKind,
    capacity: line.capacity,
    a: line.a,
    c: line.c,
    reference: line.reference,
    z: factor.zPercent,
    required: (1 - factor.zPercent / 100) * line.reference,
    sources: { referenceLine: line.source, reductionFactor: factor.source },
  };
}

export interface CiiBoundaries {
  superior: number;
  lower: number;
  upper: number;
  inferior: number;
}

export interface CiiRating {
  letter: CiiLetter;
  required: number;
  boundaries: CiiBoundaries;
  /** attained / required. */
  ratio: number;
  z: number;
  sources: { referenceLine: string; reductionFactor: string; ratingBoundaries: string };
}

/** The letter of an attained CII against boundaries, with G4's inequalities: a boundary value itself takes the worse letter. */
export function letterFor(attained: number, boundaries: CiiBoundaries): CiiLetter {
  if (attained < boundaries.superior) return 'A';
  if (attained < boundaries.lower) return 'B';
  if (attained < boundaries.upper) return 'C';
  if (attained < boundaries.inferior) return 'D';
  return 'E';
}

/** Boundaries of a ship's rating in a year: exp(di) · required CII (G4, MEPC.354(78) §3). */
export function ciiBoundaries(input: { shipType: ShipType; year: number } & ShipTonnage): { required: RequiredCii; boundaries: CiiBoundaries } {
  const required = requiredCii(input);
  const [d1, d2, d3, d4] = ratingVector(input.shipType, attainedCapacity(input.shipType, input));
  const value = required.required;
  return { required, boundaries: { superior: d1 * value, lower: d2 * value, upper: d3 * value, inferior: d4 * value } };
}

/** Operational carbon intensity rating A–E of an attained CII (G4, MEPC.354(78)). */
export function ciiRating(input: { attained: number; shipType: ShipType; year: number } & ShipTonnage): CiiRating {
  if (!Number.isFinite(input.attained) || input.attained < 0) throw new CiiTableError(`Attained CII must be zero or more, not ${input.attained}.`);
  const { required, boundaries } = ciiBoundaries(input);
  return {
    letter: letterFor(input.attained, boundaries),
    required: required.required,
    boundaries,
    ratio: input.attained / required.required,
    z: required.z,
    sources: { ...required.sources, ratingBoundaries: RATING_BOUNDARY_SOURCE },
  };
}
