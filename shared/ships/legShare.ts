import { CiiTableError } from './tableErrors';

/** Epoch ms of 1 January 00:00 UTC of a year. */
export function utcYearStart(year: number): number {
  return Date.UTC(year, 0, 1);
}

/**
 * The fraction of a leg that falls in a UTC calendar year (IMO DCS and CII count calendar years in UTC), pro rata
 * by time: a leg that sails from 30 December to 3 January puts 2/4 of its distance and fuel in each year.
 * A leg of no duration counts wholly in the year its instant is in.
 */
export function legShareInYear(departureMs: number, arrivalMs: number, year: number): number {
  return legShareInWindow(departureMs, arrivalMs, utcYearStart(year), utcYearStart(year + 1));
}

/**
 * The fraction of a leg inside the instants [fromMs, toMs), pro rata by time (a report's month or day in the site's
 * time zone, as legShareInYear is a UTC year). A leg of no duration counts wholly where its instant is.
 */
export function legShareInWindow(departureMs: number, arrivalMs: number, fromMs: number, toMs: number): number {
  if (!Number.isFinite(departureMs) || !Number.isFinite(arrivalMs)) throw new CiiTableError('A leg needs a departure and an arrival time.');
  if (arrivalMs < departureMs) throw new CiiTableError('A leg cannot arrive before it departs.');
  if (arrivalMs === departureMs) return departureMs >= fromMs && departureMs < toMs ? 1 : 0;
  const overlap = Math.min(arrivalMs, toMs) - Math.max(departureMs, fromMs);
  return overlap > 0 ? overlap / (arrivalMs - departureMs) : 0;
}
