import type { Kysely } from 'kysely';
import { COMPARISON_MAX_DAYS, type ComparisonObjectType, type LatestImported } from '@shared/powerComparison';
import type { Database } from '../db/schema';
import { addDays, localDay } from '../shifts/shiftClock';

const DAY_ROW_MS = 25 * 3_600_000;

/**
 * The object and local days of the newest imported power row of the caller's tree (its batch's newest row), so the
 * screen opens on something to compare; day grain for daily or finer rows, month for longer ones.
 */
export async function latestImported(db: Kysely<Database>, owners: readonly number[] | null, timeZone: string): Promise<LatestImported | null> {
  let query = db
    .selectFrom('imported_power')
    .select(['object_kind', 'object_id', 'period_start', 'period_end', 'batch_id'])
    .orderBy('batch_id', 'desc')
    .orderBy('period_end', 'desc')
    .limit(1);
  if (owners) query = query.where('owner_user_id', 'in', [...owners]);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const start = Number(row.period_start);
  const end = Number(row.period_end);
  const grain = end - start <= DAY_ROW_MS ? 'day' : 'month';
  const to = localDay(Math.max(start, end - 1), timeZone);
  // A month of days, or a year of months, ending with the row.
  const from = grain === 'day' ? addDays(to, -30) : `${addDays(to, -(COMPARISON_MAX_DAYS.day - 2)).slice(0, 7)}-01`;
  return { objectType: row.object_kind as ComparisonObjectType, objectId: row.object_id, grain, from, to };
}
