import type { Kysely } from 'kysely';
import type { RejectedReadingRow } from '@shared/schemas';
import type { Database } from '../db/schema';

/**
 * Readings refused at ingestion, newest first (base/check), so an integrator's mistakes are visible;
 * with `owners`, those of that tree's gateways and interface keys.
 */
export async function rejectedReadings(
  db: Kysely<Database>,
  query: { source?: 'mqtt' | 'http' | undefined; page: number; size: number },
  owners: number[] | null,
): Promise<{ total: number; rows: RejectedReadingRow[] }> {
  let scope = db.selectFrom('ingest_rejections');
  if (owners) scope = scope.where('owner_user_id', 'in', owners);
  if (query.source) scope = scope.where('source', '=', query.source);
  const { n } = await scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await scope
    .selectAll()
    .orderBy('id', 'desc')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      _id: r.id,
      at: Number(r.at),
      source: r.source as 'mqtt' | 'http',
      gatewaySn: r.gateway_sn,
      meterCode: r.meter_code,
      reason: r.reason,
    })),
  };
}
