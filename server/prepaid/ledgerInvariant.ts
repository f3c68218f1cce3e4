import { sql, type Kysely } from 'kysely';
import type { LedgerInvariant } from '@shared/prepaid';
import type { Database } from '../db/schema';

/** How many examples of each finding an answer carries (the counts are always whole). */
const EXAMPLES = 20;

/**
 * The ledger's invariant, over the accounts of `owners` (null: every tree):
 * - every account's `balance_minor` equals the sum of its entries (mismatches, with the room);
 * - every entry's `balance_after_minor` equals the running sum of its account's entries in id order
 *   (postEntries writes them so; a gap or an edited entry shows here);
 * - no entry names an account that does not exist (orphans);
 * - no hour, item and band is charged twice (charges and fees grouped by account, hour, item and band; the
 *   deduction's idempotency keys and hour marks forbid it, this proves it).
 * Read-only; the route records a log line on each account found off. Exported for the tests of every part.
 */
export async function checkLedger(db: Kysely<Database>, owners: number[] | null, now: number): Promise<LedgerInvariant> {
  let accountQuery = db
    .selectFrom('prepaid_accounts as a')
    .innerJoin('rooms as r', 'r.id', 'a.room_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('ledger_entries')
          .select(['account_id', (inner) => inner.fn.sum<number | string>('amount_minor').as('total')])
          .groupBy('account_id')
          .as('s'),
      (join) => join.onRef('s.account_id', '=', 'a.id'),
    )
    .select(['a.id', 'r.code', 'a.balance_minor', 's.total']);
  if (owners) accountQuery = accountQuery.where('a.owner_user_id', 'in', owners);
  const accounts = await accountQuery.execute();
  const mismatches = accounts
    .map((row) => ({ accountId: Number(row.id), roomCode: row.code, balanceMinor: Number(row.balance_minor), ledgerSumMinor: Number(row.total ?? 0) }))
    .filter((row) => row.balanceMinor !== row.ledgerSumMinor)
    .sort((x, y) => x.accountId - y.accountId);

  const ownerFilter = owners ? sql`where e.owner_user_id in (${sql.join(owners)})` : sql``;
  const entries = await sql<{ n: number | string }>`select count(*) as n from ledger_entries e ${ownerFilter}`.execute(db);
  // The running sum per account in id order (window functions: SQLite ≥ 3.25 and PostgreSQL).
  const running = sql`select e.account_id, e.id, e.balance_after_minor,
      sum(e.amount_minor) over (partition by e.account_id order by e.id rows between unbounded preceding and current row) as running_sum
      from ledger_entries e ${ownerFilter}`;
  const broken = await sql<{ account_id: number; id: number; balance_after_minor: number; running_sum: number | string }>`
      select * from (${running}) t where t.balance_after_minor <> t.running_sum order by t.account_id, t.id limit ${EXAMPLES}`.execute(db);
  const brokenCount = await sql<{ n: number | string }>`select count(*) as n from (${running}) t where t.balance_after_minor <> t.running_sum`.execute(db);
  const orphans = await sql<{ n: number | string }>`
      select count(*) as n from ledger_entries e ${owners ? sql`where e.owner_user_id in (${sql.join(owners)}) and` : sql`where`}
      not exists (select 1 from prepaid_accounts a where a.id = e.account_id)`.execute(db);
  const duplicates = await sql<{ n: number | string }>`
      select count(*) as n from (select e.account_id from ledger_entries e
        where e.kind in ('charge', 'fee') ${owners ? sql`and e.owner_user_id in (${sql.join(owners)})` : sql``}
        group by e.account_id, e.hour_start, e.item_id, e.band having count(*) > 1) d`.execute(db);

  const runningMismatches = broken.rows.map((row) => ({
    accountId: Number(row.account_id),
    entryId: Number(row.id),
    balanceAfterMinor: Number(row.balance_after_minor),
    runningSumMinor: Number(row.running_sum),
  }));
  const runningMismatchCount = Number(brokenCount.rows[0]?.n ?? 0);
  const orphanEntries = Number(orphans.rows[0]?.n ?? 0);
  const duplicateHours = Number(duplicates.rows[0]?.n ?? 0);
  return {
    ok: mismatches.length === 0 && runningMismatchCount === 0 && orphanEntries === 0 && duplicateHours === 0,
    accounts: accounts.length,
    entries: Number(entries.rows[0]?.n ?? 0),
    mismatches,
    orphanEntries,
    duplicateHours,
    runningMismatches,
    runningMismatchCount,
    checkedAt: now,
  };
}
