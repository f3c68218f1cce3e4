import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { ownerTreeOf } from '../tenancy/ownerScope';
import { monthOf } from './periods';

/**
 * The guard every writer of past figures calls (tariff versions, calendar days, completions, month registers,
 * corrections): when a month between `fromDay` and `toDay` (local days, inclusive) is closed for the owner's
 * tree, it throws PERIOD_CLOSED (40901) naming the months. `ownerTree` is either the owner ids of the tree
 * (e.g. `[...scope.owners]`) or one owner user id, whose tree is looked up.
 */
export async function assertMonthsOpen(db: Kysely<Database>, ownerTree: number | readonly number[], fromDay: string, toDay: string): Promise<void> {
  const months = await closedMonthsIn(db, ownerTree, fromDay, toDay);
  if (months.length === 0) return;
  throw new AppError('PERIOD_CLOSED', {
    message: `${months.join(', ')} ${months.length === 1 ? 'is' : 'are'} closed for settlement; reopen ${months.length === 1 ? 'it' : 'them'} with a reason before changing ${months.length === 1 ? 'its' : 'their'} figures`,
    data: { months },
  });
}

/** The closed months (YYYY-MM, ascending) of the tree between two local days. */
export async function closedMonthsIn(db: Kysely<Database>, ownerTree: number | readonly number[], fromDay: string, toDay: string): Promise<string[]> {
  const owners = typeof ownerTree === 'number' ? [...(await ownerTreeOf(db, ownerTree)).owners, ownerTree] : [...ownerTree];
  if (owners.length === 0) return [];
  const rows = await db
    .selectFrom('settlement_snapshots')
    .select('month')
    .distinct()
    .where('owner_user_id', 'in', owners)
    .where('state', '=', 'closed')
    .where('month', '>=', monthOf(fromDay))
    .where('month', '<=', monthOf(toDay))
    .orderBy('month')
    .execute();
  return rows.map((r) => r.month);
}
