import { CiiTableError } from './tableErrors';

/** One year's reduction factor Z (percent below the 2019 reference line) with the resolution that sets it. */
export interface ReductionFactor {
  year: number;
  zPercent: number;
  source: string;
}

const G3_2021 = 'MEPC.338(76) (CII reduction factors guidelines, G3), Table 1';
const G3_2025 = 'MEPC.400(83) (amendments to G3), Table 1';

/**
 * Z per year. 2023–2026 from MEPC.338(76); 2027–2030 from its amendment MEPC.400(83), adopted April 2025.
 * The next years are added here as IMO adopts them (see README.md); until then they are an error.
 */
export const REDUCTION_FACTORS: readonly ReductionFactor[] = [
  { year: 2023, zPercent: 5, source: G3_2021 },
  { year: 2024, zPercent: 7, source: G3_2021 },
  { year: 2025, zPercent: 9, source: G3_2021 },
  { year: 2026, zPercent: 11, source: G3_2021 },
  { year: 2027, zPercent: 13.625, source: G3_2025 },
  { year: 2028, zPercent: 16.25, source: G3_2025 },
  { year: 2029, zPercent: 18.875, source: G3_2025 },
  { year: 2030, zPercent: 21.5, source: G3_2025 },
];

export const FIRST_CII_YEAR = REDUCTION_FACTORS[0]!.year;
export const LAST_CII_YEAR = REDUCTION_FACTORS[REDUCTION_FACTORS.length - 1]!.year;

/** The reduction factor of a calendar year; a year outside the tables throws CiiTableError. */
export function reductionFactor(year: number): ReductionFactor {
  const row = REDUCTION_FACTORS.find((candidate) => candidate.year === year);
  if (!row) {
    throw new CiiTableError(`No CII reduction factor for ${year}: IMO has set Z for ${FIRST_CII_YEAR}–${LAST_CII_YEAR} only (MEPC.338(76), MEPC.400(83)).`);
  }
  return row;
}
