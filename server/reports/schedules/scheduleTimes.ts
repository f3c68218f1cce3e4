import { Cron } from 'croner';
import type { ReportScheduleBody } from '@shared/reports/scheduleSchemas';

/** The five-field cron expression a schedule runs on (minute hour day month weekday, 0 = Sunday). */
export function expressionOf(schedule: Pick<ReportScheduleBody, 'cadence' | 'time' | 'weekday' | 'monthDay' | 'cron'>): string {
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  switch (schedule.cadence) {
    case 'daily':
      return `${minute} ${hour} * * *`;
    case 'weekly':
      return `${minute} ${hour} * * ${schedule.weekday % 7}`;
    case 'monthly':
      return `${minute} ${hour} ${schedule.monthDay} * *`;
    case 'cron':
      return schedule.cron.trim().replace(/\s+/g, ' ');
  }
}

/** The expression read by croner in `timeZone`, or null when it is not five fields croner understands. */
export function cronOf(expression: string, timeZone: string): Cron | null {
  if (expression.split(' ').length !== 5) return null;
  try {
    return new Cron(expression, { timezone: timeZone, paused: true });
  } catch {
    return null;
  }
}

/** The first slot strictly after `after` (epoch ms), or null when the expression never fires again. */
export function nextSlot(cron: Cron, after: number): number | null {
  const next = cron.nextRun(new Date(after));
  return next ? next.getTime() : null;
}

/**
 * The latest slot at or before `now`, starting from the due slot `due` (≤ now): what runs after a stop that
 * missed several slots. Only that one runs; the missed ones before it are skipped.
 */
export function latestDueSlot(cron: Cron, due: number, now: number): number {
  let latest = due;
  // Bounded: a minutely schedule missed for a day is 1440 steps; beyond that the last step is close enough to now.
  for (let step = 0; step < 10_000; step++) {
    const next = nextSlot(cron, latest);
    if (next === null || next > now) break;
    latest = next;
  }
  return latest;
}
