import type { TFunction } from 'i18next';
import { formatDateTime, timeAgo } from '@shared/format';

/** Spec §9 time-ago in the screen's language: "just now", "5 min ago", … and past 48 h the date itself. */
export function agoText(t: TFunction, ts: number, now = Date.now()): string {
  const { unit, count } = timeAgo(ts, now);
  return unit === 'date' ? formatDateTime(ts) : t(`meterData.ago.${unit}`, { count });
}
