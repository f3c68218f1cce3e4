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
