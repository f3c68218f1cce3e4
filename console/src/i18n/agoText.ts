import type { TFunction } from 'i18next';
import { formatDateTime, timeAgo } from '@shared/format';

/** Spec §9 time-ago in the user's language: "just now", "5 min ago", "3 h ago", "1 day ago", then the date. */
export function agoText(t: TFunction, ts: number, now = Date.now()): string {
  const { unit, count } = timeAgo(ts, now);
  if (unit === 'date') return t('ago.date', { date: formatDateTime(ts) });
  return t(`ago.${unit}`, { count });
}
