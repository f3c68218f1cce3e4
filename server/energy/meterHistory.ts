import { sql, type Kysely } from 'kysely';
import { MAX_HISTORY_RANGE_MS, MAX_SERIES_POINTS, type MeterHistoryPage, type MeterHistoryQuery, type MeterLatest, type MeterSeries } from '@shared/schemas';
import { metricDef } from '@shared/metering';
import type { DbKind, Storage } from '../db/connect';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { fetchColumns, fetchPoints, type Point, type PointColumns, type PointQuery, type RangeQuery } from './historyPoints';
import { loadMeterRef } from './meterRef';
import { metricSource, type MetricSource } from './metricSource';
import { assertRange } from './timeRange';
import { estimatedStarts } from '../completion/estimatedIntervals';
import type { OwnerScope } from '../tenancy/ownerScope';

/** Bucket widths the chart may use, so bucket edges fall on round times. */
const NICE_BUCKETS_MS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440].map((minutes) => minutes * 60_000);

export function bucketFor(rangeMs: number, maxPoints = MAX_SERIES_POINTS): number {
  const wanted = rangeMs / maxPoints;
  return NICE_BUCKETS_MS.find((width) => width >= wanted) ?? Math.ceil(wanted / 86_400_000) * 86_400_000;
}

/** Raw history of one metric of one meter: chart series, table pages and latest values (base/meterData). */
export class MeterHistory {
  private readonly db: Kysely<Database>;
  private readonly kind: DbKind;

  /** `storage.sqlite`, when there, serves the point queries as prepared statements (historyPoints). */
  constructor(private readonly storage: Pick<Storage, 'db' | 'kind' | 'sqlite'>) {
    this.db = storage.db;
    this.kind = storage.kind;
  }

  async series(query: MeterHistoryQuery, scope: OwnerScope): Promise<MeterSeries> {
    const { meter, metric, source, total } = await this.prepare(query, scope);
    const rangeMs = query.to - query.from;
    if (total <= MAX_SERIES_POINTS) {
      const points = await this.fetch(source, this.points(source, query).orderBy(sql`t`));
      return { meter, metric, total, bucketMs: 0, points, ...(await this.estimatedOf(source, query, 0)) };
    }
    const bucket = bucketFor(rangeMs);
    const aggregate = source.aggregate === 'sum' ? sql`sum` : source.aggregate === 'max' ? sql`max` : sql`avg`;
    const buckets = this.range(source, query)
      .select([this.bucketStart(source, bucket).as('t'), sql<number>`${aggregate}(${source.value})`.as('v')])
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return { meter, metric, total, bucketMs: bucket, points: await this.fetch(source, buckets), ...(await this.estimatedOf(source, query, bucket)) };
  }

  /** The interval starts of a meter in [from, to] that hold an estimate (exports flag them). */
  estimatedStarts(meterId: number, from: number, to: number): Promise<number[]> {
    return estimatedStarts(this.db, meterId, from, to);
  }

  /** Energy only: the point (or bucket) starts holding an estimated interval, from interval_estimates (server/completion). */
  private async estimatedOf(source: MetricSource, query: MeterHistoryQuery, bucket: number): Promise<{ estimated?: number[] }> {
    if (source.table !== 'energy_intervals') return {};
    const starts = await estimatedStarts(this.db, query.meterId, query.from, query.to);
    if (starts.length === 0) return {};
    return { estimated: bucket === 0 ? starts : [...new Set(starts.map((start) => Math.floor(start / bucket) * bucket))] };
  }

  async page(query: MeterHistoryQuery & { page: number; size: number; order: 'asc' | 'desc' }, scope: OwnerScope): Promise<MeterHistoryPage> {
    const { meter, metric, source, total } = await this.prepare(query, scope);
    const points = await this.fetch(
      source,
      this.points(source, query)
        .orderBy(sql`t`, query.order)
        .limit(query.size)
        .offset((query.page - 1) * query.size),
    );
    const estimated = new Set((await this.estimatedOf(source, query, 0)).estimated ?? []);
    return { meter, metric, total, rows: points.map(([ts, value]) => (estimated.has(ts) ? { ts, value, estimated: true as const } : { ts, value })) };
  }

  /** Keyset pages for exports: the points after `afterTs`, oldest first, as columns (a range scan of the (meter, ts) key). */
  async after(meterId: number, metricCode: string, afterTs: number, to: number, limit: number): Promise<PointColumns> {
    const meter = await loadMeterRef(this.db, meterId);
    const { source } = metricSource(meter, metricCode, this.kind);
    const range = this.range(source, { meterId, from: afterTs + 1, to })
      .orderBy(sql.ref(source.ts))
      .limit(limit);
    return fetchColumns(this.storage, range, { t: sql<number>`${sql.ref(source.ts)}`, v: source.value }, source.decode);
  }

  async latest(meterId: number, scope: OwnerScope): Promise<MeterLatest> {
    const meter = await loadMeterRef(this.db, meterId, scope);
    const row = await this.db
      .selectFrom('meters')
      .leftJoin('meter_state', 'meter_state.meter_id', 'meters.id')
      .select(['meters.online', 'meters.last_seen_at', 'meter_state.latest'])
      .where('meters.id', '=', meterId)
      .executeTakeFirstOrThrow();
    const latest = JSON.parse(row.latest ?? '{}') as Record<string, [number, number]>;
    const values = Object.entries(latest).map(([code, [value, ts]]) => ({ code, unit: metricDef(code)?.unit ?? '', value, ts }));
    return { meter, online: Boolean(row.online), lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at), values };
  }

  /**
   * Checks the range, the meter (in the caller's tree) and the metric; spec §8: an empty range is 20002
   * "No history was queried for this device!".
   */
  async prepare(query: MeterHistoryQuery, scope: OwnerScope) {
    assertRange(query.from, query.to, MAX_HISTORY_RANGE_MS);
    const meter = await loadMeterRef(this.db, query.meterId, scope);
    const { metric, source } = metricSource(meter, query.metric, this.kind);
    const counted = await this.points(source, query)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const total = Number(counted.n);
    if (total === 0) throw new AppError('NO_HISTORY');
    return { meter, metric, source, total };
  }

  /** Start of the bucket a point falls in. better-sqlite3 binds numbers as reals, so SQLite needs the cast to divide whole. */
  private bucketStart(source: MetricSource, bucket: number) {
    const ts = sql.ref(source.ts);
    return this.kind === 'sqlite' ? sql<number>`cast(${ts} / ${bucket} as integer) * ${bucket}` : sql<number>`(${ts} / ${bucket}::bigint) * ${bucket}::bigint`;
  }

  private fetch(source: MetricSource, query: PointQuery): Promise<Point[]> {
    return fetchPoints(this.storage, query, source.decode);
  }

  private points(source: MetricSource, query: { meterId: number; from: number; to: number }) {
    return this.range(source, query).select([sql<number>`${sql.ref(source.ts)}`.as('t'), source.value.as('v')]);
  }

  /** One meter's stored values of the metric in [from, to]: a range of the (meter, ts) key. */
  private range(source: MetricSource, query: { meterId: number; from: number; to: number }): RangeQuery {
    return this.db
      .selectFrom(source.table)
      .where('meter_id', '=', query.meterId)
      .where(sql.ref(source.ts), '>=', query.from)
      .where(sql.ref(source.ts), '<=', query.to)
      .where(source.value, 'is not', null);
  }
}
