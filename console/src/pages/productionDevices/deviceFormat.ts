import type { DeviceDaySummary } from '@shared/productionDevices/api';
import type { TimelineSegment } from '@shared/productionDevices/deviceStates';

/** A figure with a fixed number of decimals and thousands separators (figures are exact until shown). */
export const figureText = (value: number, digits = 1): string =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

/** A time of the day as HH:MM, counted from the day's start (so the server's TIME_ZONE holds, whatever the browser's). */
export function clockOf(instant: number, dayStart: number): string {
  const minutes = Math.round((instant - dayStart) / 60_000);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Where a segment sits on the day's bar: left and width in % of the day. */
export function segmentBox(segment: Pick<TimelineSegment, 'from' | 'to'>, dayStart: number, dayEnd: number): { left: number; width: number } {
  const length = dayEnd - dayStart;
  return { left: ((segment.from - dayStart) / length) * 100, width: ((segment.to - segment.from) / length) * 100 };
}

/** The 30-day chart's bars: idle energy per day, rounded for the axis only. */
export const idleBars = (days: readonly DeviceDaySummary[]) => days.map((day) => ({ day: day.day, idle: Math.round(day.energy.idle * 10) / 10 }));
