import {
  attainedCii,
  ciiBoundaries,
  ciiRating,
  CAPACITY_KIND,
  capacityOf,
  FIRST_CII_YEAR,
  FUEL_FACTOR_SOURCE,
  LAST_CII_YEAR,
  projectRatings,
  type CiiLetter,
} from '@shared/ships';
import { RATING_BOUNDARY_SOURCE } from '@shared/ships/ratingBoundaries';
import type { CiiYearSummary, FleetCiiAnswer, ShipCiiAnswer, ShipCiiYearsAnswer } from '@shared/ships/api';
import type { ShipRecord } from './shipRecord';
import { co2TonnesOf, fuelTotals, shipYearFigures, utcYearOf, type MeterTonnes } from './shipYear';

/**
 * A ship's CII for one UTC year: attained from the year's fuel and distance with the ship's actual DWT/GT,
 * required and the A–E boundaries from the shared library (shared/ships), the resolutions named.
 */
export async function shipCii(record: ShipRecord, year: number, now: number, meterTonnes: MeterTonnes): Promise<ShipCiiAnswer> {
  const { ship } = record;
  const figures = await shipYearFigures(record, year, now, meterTonnes);
  const tonnage = { dwt: ship.dwt, gt: ship.gt };
  const { required, boundaries } = ciiBoundaries({ shipType: ship.shipType, year, ...tonnage });
  const capacity = capacityOf(ship.shipType, tonnage);
  const attained = figures.distanceNm > 0 ? attainedCii({ fuels: figures.fuels, capacity, distanceNm: figures.distanceNm }) : null;
  const rating = attained === null ? null : ciiRating({ attained, shipType: ship.shipType, year, ...tonnage });
  return {
    shipId: ship.id,
    year,
    yearToDate: figures.yearToDate,
    window: figures.window,
    shipType: ship.shipType,
    capacityKind: CAPACITY_KIND[ship.shipType],
    capacity,
    legCount: figures.legCount,
    distanceNm: figures.distanceNm,
    fuels: fuelTotals(figures.fuels),
    fuelOrigins: figures.origins,
    co2Tonnes: co2TonnesOf(figures.fuels),
    attained,
    required: required.required,
    reference: { a: required.a, c: required.c, capacity: required.capacity, value: required.reference },
    z: required.z,
    boundaries,
    rating: rating ? { letter: rating.letter, ratio: rating.ratio } : null,
    sources: [required.sources.referenceLine, required.sources.reductionFactor, RATING_BOUNDARY_SOURCE, FUEL_FACTOR_SOURCE],
  };
}

const summaryOf = (answer: ShipCiiAnswer): CiiYearSummary => ({
  year: answer.year,
  yearToDate: answer.yearToDate,
  distanceNm: answer.distanceNm,
  co2Tonnes: answer.co2Tonnes,
  attained: answer.attained,
  required: answer.required,
  boundaries: answer.boundaries,
  letter: answer.rating?.letter ?? null,
});

/** The years FIRST_CII_YEAR .. min(now's UTC year, LAST_CII_YEAR). */
export const ratedYears = (now: number): number[] => {
  const years: number[] = [];
  for (let year = FIRST_CII_YEAR; year <= Math.min(utcYearOf(now), LAST_CII_YEAR); year += 1) years.push(year);
  return years;
};

/** Every rated year so far, and the latest attained CII carried to LAST_CII_YEAR (projectRatings). */
export async function shipCiiYears(record: ShipRecord, now: number, meterTonnes: MeterTonnes): Promise<ShipCiiYearsAnswer> {
  const years: CiiYearSummary[] = [];
  for (const year of ratedYears(now)) years.push(summaryOf(await shipCii(record, year, now, meterTonnes)));
  const latest = [...years].reverse().find((summary) => summary.attained !== null);
  if (!latest || latest.attained === null) return { shipId: record.ship.id, years, projectedFrom: null, projection: [], dropYear: null };
  const { ship } = record;
  const projection = projectRatings({
    attained: latest.attained,
    shipType: ship.shipType,
    dwt: ship.dwt,
    gt: ship.gt,
    fromYear: latest.year,
    toYear: LAST_CII_YEAR,
  });
  return {
    shipId: ship.id,
    years,
    projectedFrom: latest.year,
    projection: projection.years.map(({ year, required, boundaries, letter }) => ({ year, required, boundaries, letter })),
    dropYear: projection.dropYear,
  };
}

/** The fleet's ratings of a year with each ship's letters of the years before it (the wall widget's figures). */
export async function fleetCii(records: readonly ShipRecord[], year: number, now: number, meterTonnes: MeterTonnes): Promise<FleetCiiAnswer> {
  const counts: Record<CiiLetter, number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };
  const ships = [];
  for (const record of records) {
    const answer = await shipCii(record, year, now, meterTonnes);
    const previous: { year: number; letter: CiiLetter | null }[] = [];
    for (let earlier = FIRST_CII_YEAR; earlier < year; earlier += 1) {
      previous.push({ year: earlier, letter: (await shipCii(record, earlier, now, meterTonnes)).rating?.letter ?? null });
    }
    const letter = answer.rating?.letter ?? null;
    if (letter) counts[letter] += 1;
    const { ship } = record;
    ships.push({
      shipId: ship.id,
      name: ship.name,
      imoNumber: ship.imoNumber,
      shipType: ship.shipType,
      attained: answer.attained,
      required: answer.required,
      letter,
      previous,
    });
  }
  return { year, yearToDate: utcYearOf(now) === year, ships, counts };
}
