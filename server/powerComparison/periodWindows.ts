import type { ComparisonGrain } from '@shared/powerComparison';
import { addDays, addMonths, localClock, localPeriods } from '../metering/calendar';
import { wallTime } from '../shifts/shiftClock';

const HOUR_MS = 3_600_000;

export interface LabelledWindow {
  /** the rollup key: hour = epoch ms of the local hour start as text, day YYYY-MM-DD, month YYYY-MM */
  period: string;
  label: string;
  from: number;
  to: number;
}

const localMidnight = (day: string, timeZone: string): number => wallTime(day, 0, timeZone);

/**
 * The periods from local day `from` to local day `to` (inclusive) at a grain, cut at local hours, midnights and
 * first days of months in TIME_ZONE, with the rollups' own keys, so metered figures are looked up by key. A month
 * grain runs over whole months: from the first of `from`'s month to the end of `to`'s.
 */
export function periodWindows(grain: ComparisonGrain, from: string, to: string, timeZone: string): LabelledWindow[] {
  if (grain === 'month') {
    const windows: LabelledWindow[] = [];
    for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = addMonths(month, 1)) {
      windows.push({ period: month, label: month, from: localMidnight(`${month}-01`, timeZone), to: localMidnight(`${addMonths(month, 1)}-01`, timeZone) });
    }
    return windows;
  }
  if (grain === 'day') {
    const windows: LabelledWindow[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) {
      windows.push({ period: day, label: day, from: localMidnight(day, timeZone), to: localMidnight(addDays(day, 1), timeZone) });
    }
    return windows;
  }
  const end = localMidnight(addDays(to, 1), timeZone);
  const windows: LabelledWindow[] = [];
  // Local hours are whole hours of UTC time in every zone with a whole- or half-hour offset from the day's start.
  for (let start = localPeriods(localMidnight(from, timeZone), timeZone).hourStart; start < end; start += HOUR_MS) {
    const clock = localClock(start, timeZone);
    const hour = String(Math.floor(clock.minuteOfDay / 60)).padStart(2, '0');
    const minute = String(clock.minuteOfDay % 60).padStart(2, '0');
    windows.push({ period: String(start), label: `${clock.day} ${hour}:${minute}`, from: start, to: start + HOUR_MS });
  }
  return windows;
}

/** The local day or month an instant falls in (the grain the sweep judges an import at). */
export function periodOf(grain: 'day' | 'month', instant: number, timeZone: string): string {
  const local = localPeriods(instant, timeZone);
  return grain === 'day' ? local.day : local.month;
}
