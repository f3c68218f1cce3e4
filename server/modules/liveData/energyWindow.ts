import type { RollupGrain } from '@shared/schemas';
import { addDays, addMonths, localDayStart, localPeriods } from '../../metering/calendar';

const HOUR_MS = 3_600_000;

/**
 * Epoch ms at which a local calendar day starts. Noon UTC of that date is within ±14 h of the zone's
 * clock, so at most one half-day step lands on the right local day; localDayStart does the rest (DST days too).
 */
export function localDayStartOf(day: string, timeZone: string): number {
  let instant = Date.parse(`${day}T12:00:00Z`);
  for (let step = 0; step < 3; step++) {
    const local = localPeriods(instant, timeZone).day;
    if (local === day) return localDayStart(instant, timeZone);
    instant += local < day ? 12 * HOUR_MS : -12 * HOUR_MS;
  }
  throw new RangeError(`No local day ${day} in ${timeZone}`);
}

/**
 * The window of a live energy channel: from the start of the local period `periods - 1` grains back
 * to now, so it covers exactly `periods` hours, days or months of the site's calendar (the last one so far).
 */
export function energyWindow(grain: RollupGrain, periods: number, now: number, timeZone: string): { from: number; to: number } {
  const here = localPeriods(now, timeZone);
  const back = periods - 1;
  if (grain === 'hour') return { from: here.hourStart - back * HOUR_MS, to: now };
  if (grain === 'day') return { from: localDayStartOf(addDays(here.day, -back), timeZone), to: now };
  return { from: localDayStartOf(`${addMonths(here.month, -back)}-01`, timeZone), to: now };
}
