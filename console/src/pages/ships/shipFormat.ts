import type { TFunction } from 'i18next';
import { withThousands } from '@shared/format';
import { CII_LAST_YEAR, type ShipCiiYearsAnswer } from '@shared/ships/api';
import { formatCii, formatRatioPercent } from '@shared/ships/display';

/** The A–E band colours, shared with the fleet-cii wall widget. */
export { LETTER_COLOURS, LETTER_INK } from '@boards/widgets/fleet-cii/letterColours';

/** CII and EEOI figures (a few g CO2 per capacity-mile): two decimals, always shown so columns line up. */
export const ciiText = (value: number | null | undefined): string => formatCii(value, 2);
export const percentText = (ratio: number | null | undefined): string => formatRatioPercent(ratio, 1);
export const tonnesText = (value: number, digits = 1): string => withThousands(value, digits);

/** An instant in UTC, minutes kept: the ships screens count UTC calendar years (IMO DCS). */
export const utcText = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** The current UTC year (the last year the API rates, year to date). */
export const currentUtcYear = (now = Date.now()): number => new Date(now).getUTCFullYear();

/**
 * The sentence under the chart: the letter the latest attained CII keeps, or the year it drops and to what
 * (the API's projection and dropYear).
 */
export function dropSentence(t: TFunction, answer: ShipCiiYearsAnswer, capacityUnit: string): string {
  const from = answer.years.find((year) => year.year === answer.projectedFrom);
  if (!from || from.attained === null || !from.letter) return t('ships.drop.none');
  const value = `${ciiText(from.attained)} ${capacityUnit}`;
  const fromText = t(from.yearToDate ? 'ships.drop.fromYearToDate' : 'ships.drop.fromYear', { year: from.year });
  const drop = answer.projection.find((year) => year.year === answer.dropYear);
  if (answer.dropYear !== null && drop) return t('ships.drop.drops', { value, from: fromText, letter: from.letter, next: drop.letter, year: answer.dropYear });
  const last = answer.projection[answer.projection.length - 1]?.year ?? Math.max(from.year, CII_LAST_YEAR);
  return t('ships.drop.holds', { value, from: fromText, letter: from.letter, last });
}
