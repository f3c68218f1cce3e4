import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { localClock } from '../../metering/calendar';

/** The no-cut settings of an account (prepaid_accounts columns). */
export interface NoCutSettings {
  no_cut_from: string | null;
  no_cut_to: string | null;
  no_cut_weekends: number;
  no_cut_holidays: number;
}

export type DayType = 'workday' | 'weekend' | 'holiday' | 'special';

const minutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** A day without a calendar entry: Monday–Friday workday, Saturday–Sunday weekend (as the working calendar says). */
export function defaultDayType(day: string): DayType {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 ? 'weekend' : 'workday';
}

/** The working calendar's type of a local day (server/calendar: only exceptions are stored). */
export async function dayTypeOf(db: Kysely<Database>, day: string): Promise<DayType> {
  const row = await db.selectFrom('calendar_days').select('day_type').where('day', '=', day).executeTakeFirst();
  return row ? row.day_type : defaultDayType(day);
}

/**
 * Why a cut-off must wait at this instant, or null when it may go ahead: the night window (local HH:MM, from
 * inclusive, to exclusive; from > to spans midnight: 22:00–07:00 covers 23:30 and 06:59, not 07:00), a
 * weekend (the calendar's day type, so an adjusted working Saturday is not one) or a public holiday.
 */
export function noCutReason(settings: NoCutSettings, at: number, timeZone: string, dayType: DayType): string | null {
  const clock = localClock(at, timeZone);
  if (settings.no_cut_from !== null && settings.no_cut_to !== null) {
    const from = minutes(settings.no_cut_from);
    const to = minutes(settings.no_cut_to);
    const now = clock.minuteOfDay;
    const inside = from < to ? now >= from && now < to : now >= from || now < to;
    if (inside) return `In the no-cut window ${settings.no_cut_from}–${settings.no_cut_to}`;
  }
  if (settings.no_cut_weekends && dayType === 'weekend') return `No cut-off at weekends (${clock.day})`;
  if (settings.no_cut_holidays && dayType === 'holiday') return `No cut-off on public holidays (${clock.day})`;
  return null;
}
