import type { Kysely } from 'kysely';
import type { AlarmKind, AlarmState, AlarmTotalCount } from '@shared/schemas';
import type { Database } from '../db/schema';
import { alarmVisibility, visibleSubjects, type AlarmVisibility } from './alarmScope';

/** Kinds without a counter of their own (balance: prepaid rooms, listed on /pay/room) count in the total only. */
const countField: Partial<Record<AlarmKind, keyof Omit<AlarmTotalCount, 'total'>>> = {
  device: 'deviceCount',
  error: 'errorCount',
  trouble: 'troubleCount',
  offline: 'offlineCount',
};

/**
 * Spec §7 alarm-total-count: records in the given processing states, by kind. With `visibility` (a
 * caller's tree) or `userId` (a user's tree), only what is visible there (admins see everything);
 * with neither, everything.
 */
export async function alarmCounts(
  db: Kysely<Database>,
  query: { processingState: AlarmState[]; userId?: number; visibility?: AlarmVisibility | null },
): Promise<AlarmTotalCount> {
  const counts: AlarmTotalCount = { total: 0, deviceCount: 0, errorCount: 0, troubleCount: 0, offlineCount: 0 };
  if (query.processingState.length === 0) return counts;
  const visibility = query.visibility !== undefined ? query.visibility : await alarmVisibility(db, query.userId);
  let select = db
    .selectFrom('alarm_records')
    .select(['kind', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('processing_state', 'in', query.processingState)
    .groupBy('kind');
  if (visibility) select = select.where(visibleSubjects(visibility));
  for (const row of await select.execute()) {
    const field = countField[row.kind as AlarmKind];
    const n = Number(row.n); // PostgreSQL count(*) is a bigint string
    if (field) counts[field] += n;
    else if (row.kind !== 'balance') continue;
    counts.total += n;
  }
  return counts;
}
