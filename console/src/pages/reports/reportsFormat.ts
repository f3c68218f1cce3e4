import type { TFunction } from 'i18next';
import type { ReportScheduleView } from '@shared/reports/types';

/** A file size as people read it: 812 B, 14.2 KB, 3.1 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A schedule's cadence in words: "Daily at 07:00", "Every Monday at 08:30", "Monthly on day 1 at 06:00", "Cron: 0 7 * * 1-5". */
export function cadenceText(t: TFunction, schedule: Pick<ReportScheduleView, 'cadence' | 'time' | 'weekday' | 'monthDay' | 'cron'>): string {
  switch (schedule.cadence) {
    case 'daily':
      return t('reports.schedules.cadenceText.daily', { time: schedule.time });
    case 'weekly':
      return t('reports.schedules.cadenceText.weekly', { time: schedule.time, weekday: t(`reports.schedules.weekdays.${schedule.weekday}`) });
    case 'monthly':
      return t('reports.schedules.cadenceText.monthly', { time: schedule.time, day: schedule.monthDay });
    default:
      return t('reports.schedules.cadenceText.cron', { cron: schedule.cron });
  }
}

const lastDayOfMonth = (month: string): string => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
};

/**
 * A run's period as short as it reads unambiguously: a whole year "2026", a whole month "2026-10", one day
 * "2026-11-26", otherwise both days (the list shows them on two lines).
 */
export function periodText(period: { from: string; to: string }): string[] {
  const { from, to } = period;
  if (from === to) return [from];
  if (from.endsWith('-01-01') && to === `${from.slice(0, 4)}-12-31`) return [from.slice(0, 4)];
  if (from.endsWith('-01') && from.slice(0, 7) === to.slice(0, 7) && to === lastDayOfMonth(from.slice(0, 7))) return [from.slice(0, 7)];
  return [from, to];
}
