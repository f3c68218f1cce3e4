import dayjs from 'dayjs';
import { RANGE_SHORTCUTS, shortcutRange } from '@shared/format';
import type { RollupGrain } from '@shared/schemas/energy';
import type { QuerySource, ShortcutKey } from './queryModel';

/** The most periods a board binding holds (bindingSchema.periods). */
export const MAX_BINDING_PERIODS = 400;

/** Spec §9 shortcuts: today, last week (6 days back), last month (30), last three months (90); from that day's start to now. */
export function shortcutDays(key: ShortcutKey, now = Date.now()): { start: number; end: number } {
  const daysBack = RANGE_SHORTCUTS.find((shortcut) => shortcut.key === key)?.daysBack ?? 0;
  const [start, end] = shortcutRange(daysBack, now);
  return { start, end };
}

/**
 * The range asked for: whole local days from the first day's start to the last day's end (meters, and
 * departments by hour or day), whole months for departments by month; `to` is the last millisecond.
 */
export function queryWindow(source: QuerySource, grain: RollupGrain, start: number, end: number): { from: number; to: number } {
  const unit = source === 'departments' && grain === 'month' ? 'month' : 'day';
  return { from: dayjs(start).startOf(unit).valueOf(), to: dayjs(end).endOf(unit).valueOf() };
}

/** How many hours, days or months the range covers (both ends counted), 1 … 400: an energy binding's `periods`. */
export function periodsIn(grain: RollupGrain, from: number, to: number): number {
  const count = dayjs(to).startOf(grain).diff(dayjs(from).startOf(grain), grain) + 1;
  return Math.min(MAX_BINDING_PERIODS, Math.max(1, count));
}
