import { ciiRating, isWorseLetter, type CiiBoundaries, type CiiLetter, type ShipTonnage } from './cii';
import { LAST_CII_YEAR } from './reductionFactors';
import type { ShipType } from './shipTypes';

export interface ProjectedYear {
  year: number;
  required: number;
  boundaries: CiiBoundaries;
  letter: CiiLetter;
  ratio: number;
}

export interface RatingProjection {
  years: ProjectedYear[];
  /** The first year rated worse than `fromYear` with the same attained CII, or null when none is. */
  dropYear: number | null;
}

/**
 * The rating a ship would get each year from `fromYear` to `toYear` (default the last year IMO has set Z for)
 * if it kept today's attained CII: the required line tightens every year, so the letter can only stay or fall.
 */
export function projectRatings(input: { attained: number; shipType: ShipType; fromYear: number; toYear?: number } & ShipTonnage): RatingProjection {
  const toYear = input.toYear ?? LAST_CII_YEAR;
  const years: ProjectedYear[] = [];
  for (let year = input.fromYear; year <= toYear; year += 1) {
    const rating = ciiRating({ attained: input.attained, shipType: input.shipType, dwt: input.dwt, gt: input.gt, year });
    years.push({ year, required: rating.required, boundaries: rating.boundaries, letter: rating.letter, ratio: rating.ratio });
  }
  const first = years[0];
  const drop = first ? years.find((entry) => isWorseLetter(entry.letter, first.letter)) : undefined;
  return { years, dropYear: drop ? drop.year : null };
}
