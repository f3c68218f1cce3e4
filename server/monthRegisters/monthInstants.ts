import { addMonths, localDayStart, localPeriods } from '../metering/calendar';

const HALF_DAY_MS = 12 * 3_600_000;

/** The first instant (epoch ms) of local day `day` (YYYY-MM-DD) in `timeZone`, daylight-saving days included. */
export function dayStartInstant(day: string, timeZone: string): number {
  // 12:00 UTC lies on the day itself or the next one in every zone (offsets −12…+14); step back half a day if needed.
  let probe = Date.parse(`${day}T12:00:00Z`);
  for (let step = 0; step < 3; step++) {
    const local = localPeriods(probe, timeZone).day;
    if (local === day) return localDayStart(probe, timeZone);
    probe += local < day ? HALF_DAY_MS : -HALF_DAY_MS;
  }
  throw new Error(`no local day ${day} in ${timeZone}`);
}

/** A local month's bounds: its first instant and the next month's, [from, to). */
export function monthBounds(month: string, timeZone: string): { from: number; to: number } {
  return { from: dayStartInstant(`${month}-01`, timeZone), to: dayStartInstant(`${addMonths(month, 1)}-01`, timeZone) };
}

/** The last local day of a month, YYYY-MM-DD. */
export function lastDayOf(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}`;
}
