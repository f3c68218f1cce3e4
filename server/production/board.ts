import type { Kysely } from 'kysely';
import { KGCE_FACTOR_SOURCE, KGCE_PER_KWH, type LineSecPeriod, type LineSecStatus, type LineSecSummary, type ProductionBoard } from '@shared/production/api';
import type { Database } from '../db/schema';
import { addDays, localDay } from '../shifts/shiftClock';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';
import { lineSec } from './lineAnalytics';

const statusOf = (summary: { secKwh: number | null; targetSecKwh: number | null }): LineSecStatus =>
  summary.secKwh === null ? 'noOutput' : summary.targetSecKwh === null ? 'noTarget' : summary.secKwh > summary.targetSecKwh ? 'over' : 'ok';

/** Every line of the caller's tree with its energy, standard output and SEC over [from, to] against its target. */
export async function productionBoard(
  db: Kysely<Database>,
  scope: OwnerScope,
  range: { from: string; to: string },
  timeZone: string,
): Promise<ProductionBoard> {
  const owners = ownerIds(scope);
  let query = db.selectFrom('product_lines').select(['id', 'owner_user_id', 'code', 'name', 'department_id', 'energy_type', 'target_sec_kwh']);
  if (owners) query = query.where('owner_user_id', 'in', owners);
  const lines = await query.orderBy('code').orderBy('id').execute();
  const summaries: LineSecSummary[] = [];
  // One line after another: each reads its meters' intervals, and a wall must not crowd out ingestion.
  for (const line of lines) {
    const { total } = await lineSec(db, line, { ...range, period: 'month' }, timeZone);
    summaries.push({ lineId: line.id, code: line.code, name: line.name, energyType: line.energy_type, ...total, status: statusOf(total) });
  }
  return { ...range, factor: { kgcePerKwh: KGCE_PER_KWH, source: KGCE_FACTOR_SOURCE }, lines: summaries };
}

/** The local days a wall period covers at `now`. */
export function wallRange(period: LineSecPeriod, now: number, timeZone: string): { from: string; to: string } {
  const today = localDay(now, timeZone);
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'lastMonth': {
      const lastDay = addDays(`${today.slice(0, 7)}-01`, -1);
      return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
    }
  }
}
