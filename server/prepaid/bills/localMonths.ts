import { localDayStart, localPeriods } from '../../metering/calendar';
import { addDays, addMonths, lastDayOf } from '../../settlement/periods';

const HALF_DAY_MS = 12 * 3_600_000;

/** Epoch ms at which local day `YYYY-MM-DD` starts in `timeZone` (daylight-saving days included). */
export function localDayStartOf(day: string, timeZone: string): number {
  // Noon UTC is on the local day or the next one for every zone between UTC−12 and UTC+14.
  let probe = Date.parse(`${day}T12:00:00Z`);
  const seen = localPeriods(probe, timeZone).day;
  if (seen > day) probe -= HALF_DAY_MS;
  else if (seen < day) probe += HALF_DAY_MS;
  return localDayStart(probe, timeZone);
}

/** [start, end) in epoch ms of local month `YYYY-MM`. */
export function localMonthRange(month: string, timeZone: string): { start: number; end: number } {
  return { start: localDayStartOf(`${month}-01`, timeZone), end: localDayStartOf(`${addMonths(month, 1)}-01`, timeZone) };
}

/** [start, end) in epoch ms of the local days from `from` to `to`, both included. */
export function localDaysRange(from: string, to: string, timeZone: string): { start: number; end: number } {
  return { start: localDayStartOf(from, timeZone), end: localDayStartOf(addDays(to, 1), timeZone) };
}

/** A postpaid invoice's due day: INVOICE_DUE_DAYS after the last day of its month. */
export const invoiceDueDay = (month: string, dueDays: number): string => addDays(lastDayOf(month), dueDays);

export { addDays, addMonths, lastDayOf };
