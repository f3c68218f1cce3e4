import { sql, type RawBuilder } from 'kysely';
import { INTERVAL_ENERGY_METRIC, type HistoryMetric, type MeterRef } from '@shared/schemas';
import { fromMilli, metricDef } from '@shared/metering';
import type { DbKind } from '../db/connect';
import { AppError } from '../http/appError';
import { rateMetricFor, registerMetricFor } from '../ingest/registerMetric';

/**
 * Where a metric's history lives: the register and rate have integer columns of their own in `readings`
 * (thousandths of the unit), other catalogue metrics sit in its JSON `extra`, and `energy` is the
 * 15-minute interval table. `decode` turns a stored value (or its max/avg) into the metric's unit.
 */
export type MetricSource =
  | { table: 'energy_intervals'; ts: 'start'; value: RawBuilder<number>; aggregate: 'sum'; decode: (stored: number) => number }
  | { table: 'readings'; ts: 'ts'; value: RawBuilder<number>; aggregate: 'avg' | 'max'; decode: (stored: number) => number };

const asStored = (stored: number): number => stored;

export function metricSource(meter: MeterRef, code: string, kind: DbKind): { metric: HistoryMetric; source: MetricSource } {
  if (code === INTERVAL_ENERGY_METRIC) {
    return {
      metric: { code, unit: meter.unit },
      source: { table: 'energy_intervals', ts: 'start', value: sql<number>`energy`, aggregate: 'sum', decode: asStored },
    };
  }
  const def = metricDef(code);
  if (!def) throw new AppError('VALIDATION_FAILED', { message: `metric: "${code}" is not in the metric catalogue` });
  const metric = { code, unit: def.unit };
  // A register's bucket shows where the register stood (its highest value), a sample's bucket its mean.
  const aggregate = def.kind === 'register' ? 'max' : 'avg';
  if (code === registerMetricFor(meter.energyType))
    return { metric, source: { table: 'readings', ts: 'ts', value: sql<number>`register_milli`, aggregate, decode: fromMilli } };
  if (code === rateMetricFor(meter.energyType))
    return { metric, source: { table: 'readings', ts: 'ts', value: sql<number>`rate_milli`, aggregate, decode: fromMilli } };
  const path = `$.${code}`;
  const value = kind === 'sqlite' ? sql<number>`json_extract(extra, ${path})` : sql<number>`(extra::json ->> ${code})::double precision`;
  return { metric, source: { table: 'readings', ts: 'ts', value, aggregate, decode: asStored } };
}
