import { sql } from 'kysely';
import { thresholdKnee } from '@shared/metering';
import type { ThresholdSuggestion } from '@shared/schemas';
import type { Storage } from '../../db/connect';
import { loadMeterRef } from '../../energy/meterRef';
import { metricSource } from '../../energy/metricSource';
import type { OwnerScope } from '../../tenancy/ownerScope';

const DAY_MS = 86_400_000;

/** GET /alarm-rules/suggest: the knee point (spec §9) of the meter's values of a metric over the last `days`. */
export async function suggestThreshold(
  storage: Pick<Storage, 'db' | 'kind'>,
  query: { meterId: number; metric: string; days: number },
  scope: OwnerScope,
  now = Date.now(),
): Promise<ThresholdSuggestion> {
  const meter = await loadMeterRef(storage.db, query.meterId, scope);
  const { metric, source } = metricSource(meter, query.metric, storage.kind);
  const rows = await storage.db
    .selectFrom(source.table)
    .select(source.value.as('v'))
    .where('meter_id', '=', meter.id)
    .where(sql.ref(source.ts), '>=', now - query.days * DAY_MS)
    .where(sql.ref(source.ts), '<=', now)
    .where(source.value, 'is not', null)
    .execute();
  const { knee, sampleSize } = thresholdKnee(rows.map((row) => source.decode(Number(row.v))));
  return { over: knee, sampleSize, unit: metric.unit };
}
