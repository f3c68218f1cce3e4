import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  ALARM_KINDS,
  ALARM_SEVERITIES,
  type AlarmKind,
  type AlarmRecord,
  type AlarmSeverity,
  type AlarmStats,
  type alarmStatsQuerySchema,
} from '@shared/schemas';
import type { Database } from '../../db/schema';
import { validationError } from '../../http/appError';
import { visibleSubjects, type AlarmVisibility } from '../../alarms/alarmScope';
import { localPeriods, periodsBetween } from '../../metering/calendar';
import { INTERVAL_MS } from '../../metering/spreadEnergy';

type StatsQuery = z.output<typeof alarmStatsQuerySchema>;

const DAY_MS = 86_400_000;
export const DEFAULT_STATS_DAYS = 30;
export const MAX_STATS_DAYS = 366;

/** [from, to): the last 30 days unless given; a backwards or over-long range is a validation failure. */
export function statsRange(query: StatsQuery, now = Date.now()): { from: number; to: number } {
  const to = query.to ?? (query.from !== undefined ? Math.max(now, query.from + 1) : now);
  const from = query.from ?? to - DEFAULT_STATS_DAYS * DAY_MS;
  if (from >= to) throw validationError([{ field: 'querystring.to', rule: 'after', message: 'must be after from' }]);
  if (to - from > MAX_STATS_DAYS * DAY_MS)
    throw validationError([{ field: 'querystring.to', rule: 'range', message: `the range is at most ${MAX_STATS_DAYS} days` }]);
  return { from, to };
}

/**
 * GET /alarm-records/stats: the alarms raised in [from, to) as the user may see them. Counting happens
 * in SQL; days are counted from 15-minute buckets (every real UTC offset is a multiple of 15 minutes,
 * so a bucket lies within one local day) mapped to TIME_ZONE days here.
 */
export async function alarmStats(
  db: Kysely<Database>,
  query: StatsQuery,
  visibility: AlarmVisibility | null,
  timeZone: string,
  now = Date.now(),
): Promise<AlarmStats> {
  const { from, to } = statsRange(query, now);
  let scope = db.selectFrom('alarm_records').where('raised_at', '>=', from).where('raised_at', '<', to);
  if (visibility) scope = scope.where(visibleSubjects(visibility));
  if (query.kind) scope = scope.where('kind', '=', query.kind);

  const byDay = new Map(periodsBetween(from, to - 1, 'day', timeZone).map((day) => [day, { day, device: 0, error: 0, trouble: 0, offline: 0, balance: 0 }]));
  const buckets = await scope
    .select((eb) => ['kind', eb('raised_at', '-', eb('raised_at', '%', INTERVAL_MS)).as('bucket'), eb.fn.countAll<number | string>().as('n')])
    .groupBy(['kind', 'bucket'])
    .execute();
  let total = 0;
  for (const row of buckets) {
    const n = Number(row.n);
    total += n;
    const day = byDay.get(localPeriods(Number(row.bucket), timeZone).day);
    if (day && (ALARM_KINDS as readonly string[]).includes(row.kind)) day[row.kind as AlarmKind] += n;
  }

  const bySeverity = Object.fromEntries(ALARM_SEVERITIES.map((s) => [s, 0])) as Record<AlarmSeverity, number>;
  for (const row of await scope
    .select((eb) => ['severity', eb.fn.countAll<number | string>().as('n')])
    .groupBy('severity')
    .execute()) {
    if (row.severity in bySeverity) bySeverity[row.severity as AlarmSeverity] = Number(row.n);
  }

  const byState = { open: 0, processed: 0, cleared: 0 };
  for (const row of await scope
    .select((eb) => ['processing_state', eb.fn.countAll<number | string>().as('n')])
    .groupBy('processing_state')
    .execute()) {
    const state = Number(row.processing_state);
    if (state === 1 || state === 2) byState.open += Number(row.n);
    else if (state === 3) byState.processed += Number(row.n);
    else if (state === 4) byState.cleared += Number(row.n);
  }

  // A subject's alarms: each record once plus the times it was raised again while open.
  const top = await scope
    .select((eb) => ['subject_type', 'subject_id', eb.fn.max('subject_name').as('name'), eb.fn.sum<number | string>(eb('repeat_count', '+', 1)).as('n')])
    .groupBy(['subject_type', 'subject_id'])
    .orderBy('n', 'desc')
    .orderBy('subject_type')
    .orderBy('subject_id')
    .limit(10)
    .execute();

  const means = await scope
    .select((eb) => [
      eb.fn.avg<number | string | null>(eb('acknowledged_at', '-', eb.ref('raised_at'))).as('ack'),
      eb.fn.avg<number | string | null>(eb('processed_at', '-', eb.ref('raised_at'))).as('processed'),
    ])
    .executeTakeFirstOrThrow();
  // PostgreSQL returns numeric aggregates as text; whole milliseconds are enough.
  const mean = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));

  return {
    from,
    to,
    total,
    byDay: [...byDay.values()],
    bySeverity,
    byState,
    topSubjects: top.map((row) => ({
      type: row.subject_type as AlarmRecord['subject']['type'],
      id: row.subject_id,
      name: String(row.name),
      count: Number(row.n),
    })),
    meanAcknowledgeMs: mean(means.ack),
    meanProcessMs: mean(means.processed),
  };
}
