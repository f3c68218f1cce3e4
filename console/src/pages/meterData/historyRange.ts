import { MAX_HISTORY_RANGE_MS } from '@shared/schemas/energy';
import { RANGE_SHORTCUTS, shortcutRange } from '@shared/format';

export type ShortcutKey = (typeof RANGE_SHORTCUTS)[number]['key'];

/** The range the toolbar holds. `shortcut` remembers a spec §9 shortcut so a later query moves its end to "now". */
export interface HistoryRange {
  from: number;
  to: number;
  shortcut: ShortcutKey | null;
}

/** The server's own rule (20003 "Time out of range!"): at most 92 days, and not ending before it starts. */
export const isRangeAllowed = (from: number, to: number): boolean => from <= to && to - from <= MAX_HISTORY_RANGE_MS;

export function shortcutHistoryRange(key: ShortcutKey, now = Date.now()): HistoryRange {
  const daysBack = RANGE_SHORTCUTS.find((shortcut) => shortcut.key === key)?.daysBack ?? 0;
  const [from, to] = shortcutRange(daysBack, now);
  return { from, to, shortcut: key };
}

/** How far the end of a shortcut range may lie from "now" and still count as that shortcut (the picker rounds to seconds). */
const NOW_TOLERANCE_MS = 60_000;

/**
 * The shortcut a picked range is, if any: antd's presets only hand back two dates, so the range is
 * compared with what each shortcut would give now.
 */
export function matchShortcut(from: number, to: number, now = Date.now()): ShortcutKey | null {
  if (Math.abs(now - to) > NOW_TOLERANCE_MS) return null;
  return RANGE_SHORTCUTS.find((shortcut) => shortcutRange(shortcut.daysBack, now)[0] === from)?.key ?? null;
}

/** A shortcut range follows the clock: querying "today" an hour later includes that hour. */
export const refreshed = (range: HistoryRange, now = Date.now()): HistoryRange => (range.shortcut ? shortcutHistoryRange(range.shortcut, now) : range);

export type SpanUnit = 'seconds' | 'minutes' | 'hours';

/** A server bucket width in the largest whole-ish unit: 43 s, 15 minutes, 1.5 hours. */
export function bucketSpan(bucketMs: number): { unit: SpanUnit; count: number } {
  if (bucketMs < 60_000) return { unit: 'seconds', count: Math.max(1, Math.round(bucketMs / 1000)) };
  if (bucketMs < 3_600_000) return { unit: 'minutes', count: Math.round(bucketMs / 60_000) };
  return { unit: 'hours', count: Math.round(bucketMs / 360_000) / 10 };
}
