import type { CompareMode, CompareShow } from '@shared/reports/constants';
import { addDays, addMonthsTo, lastDayOfMonth } from '@shared/reports/periods';
import { localPeriods } from '../../metering/calendar';
import { localDayStartOf } from '../../tariffs/recomputeJobs';
import type { ReportSlot } from './reportContext';
import { dayCount, daySlot, shiftDayByMonths, wholeMonths, type DayRange } from './slots';

/**
 * The period a slot is compared with. previous: the same length just before (whole months shift by months, so
 * February follows January whatever their lengths; an hour the hour before); lastYear: the same dates (hour) a year
 * earlier; base: the definition's base period, the same for every slot. Keys are the slot's own with a mode prefix,
 * so one source read can hold the slots and their bases side by side.
 */
export function baseSlotOf(slot: ReportSlot, mode: CompareMode, base: DayRange | null, hourly: boolean, timeZone: string): ReportSlot {
  const key = `~${mode}~${slot.key}`;
  if (mode === 'base') {
    if (!base) throw new Error('A base comparison needs the base period');
    return daySlot(key, slot.label, base, timeZone);
  }
  if (hourly) {
    const length = slot.endMs - slot.startMs;
    if (mode === 'previous') {
      const startMs = slot.startMs - length;
      const day = localPeriods(startMs, timeZone).day;
      return { key, label: slot.label, from: day, to: day, startMs, endMs: slot.startMs };
    }
    const day = shiftDayByMonths(slot.from, -12);
    const startMs = localDayStartOf(day, timeZone) + (slot.startMs - localDayStartOf(slot.from, timeZone));
    return { key, label: slot.label, from: day, to: day, startMs, endMs: startMs + length };
  }
  return daySlot(key, slot.label, shiftedRange(slot, mode), timeZone);
}

export function shiftedRange(range: DayRange, mode: 'previous' | 'lastYear'): DayRange {
  const months = wholeMonths(range);
  if (mode === 'previous') {
    if (months !== null) {
      const lastMonth = addMonthsTo(range.to.slice(0, 7), -months);
      return { from: `${addMonthsTo(range.from.slice(0, 7), -months)}-01`, to: lastDayOfMonth(lastMonth) };
    }
    const length = dayCount(range);
    return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
  }
  if (months !== null) return { from: `${addMonthsTo(range.from.slice(0, 7), -12)}-01`, to: lastDayOfMonth(addMonthsTo(range.to.slice(0, 7), -12)) };
  return { from: shiftDayByMonths(range.from, -12), to: shiftDayByMonths(range.to, -12) };
}

/** What a compared cell shows from the period's value `v` and its base `b` (unrounded, same unit). */
export function compared(show: CompareShow, v: number | null, b: number | null): number | null {
  if (show === 'value') return b;
  if (v === null || b === null) return null;
  if (show === 'delta') return v - b;
  return b === 0 ? null : ((v - b) / b) * 100;
}
