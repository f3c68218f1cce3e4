import { sql } from 'kysely';
import type { MeterRef } from '@shared/schemas';
import type { Storage } from '../db/connect';
import { bucketFor } from './meterHistory';
import { fetchPoints, type Point } from './historyPoints';
import { metricSource, type MetricSource } from './metricSource';

export interface RecentSeries {
  bucketMs: number;
  points: Point[];
}

type Reader = Pick<Storage, 'db' | 'kind' | 'sqlite'>;

/**
 * One metric of a meter over [from, to] for a live chart's first paint: the raw readings, or bucket means
 * when there are more than `maxPoints`, preceded by the last reading before `from` (looked for at most one
 * window back) so the line can start at the window's left edge. The caller has checked the meter's tree.
 */
export async function recentSeries(storage: Reader, meter: MeterRef, metricCode: string, from: number, to: number, maxPoints: number): Promise<RecentSeries> {
  const { source } = metricSource(meter, metricCode, storage.kind);
  const range = (start: number, end: number) =>
    storage.db
      .selectFrom(source.table)
      .where('meter_id', '=', meter.id)
      .where(sql.ref(source.ts), '>=', start)
      .where(sql.ref(source.ts), '<=', end)
      .where(source.value, 'is not', null);
  const ts = sql<number>`${sql.ref(source.ts)}`;

  const leadIn = await fetchPoints(
    storage,
    range(from - (to - from), from - 1)
      .select([ts.as('t'), source.value.as('v')])
      .orderBy(sql`t`, 'desc')
      .limit(1),
    source.decode,
  );
  const counted = await range(from, to)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(counted.n) <= maxPoints) {
    const raw = await fetchPoints(
      storage,
      range(from, to)
        .select([ts.as('t'), source.value.as('v')])
        .orderBy(sql`t`),
      source.decode,
    );
    return { bucketMs: 0, points: [...leadIn, ...raw] };
  }
  const bucket = bucketFor(to - from, maxPoints);
  const buckets = range(from, to)
    .select([bucketStart(storage.kind, source, bucket).as('t'), sql<number>`${aggregateOf(source)}(${source.value})`.as('v')])
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return { bucketMs: bucket, points: [...leadIn, ...(await fetchPoints(storage, buckets, source.decode))] };
}

const aggregateOf = (source: MetricSource) => (source.aggregate === 'sum' ? sql`sum` : source.aggregate === 'max' ? sql`max` : sql`avg`);

/** As MeterHistory's: SQLite binds numbers as reals, so it needs the cast to divide whole. */
function bucketStart(kind: Reader['kind'], source: MetricSource, bucket: number) {
  const ts = sql.ref(source.ts);
  return kind === 'sqlite' ? sql<number>`cast(${ts} / ${bucket} as integer) * ${bucket}` : sql<number>`(${ts} / ${bucket}::bigint) * ${bucket}::bigint`;
}
