import type { Kysely } from 'kysely';
import type { LedgerInvariant } from '@shared/prepaid';
import type { Database } from '../../db/schema';
import { ACCOUNT_EVENT, recordAccountEvent } from './accountEvents';

/**
 * A ledger check that found an account off leaves a line in that account's log (who ran the check, what was
 * off), so the finding stays after the answer is gone. A check that finds nothing writes nothing.
 */
export async function recordLedgerFindings(db: Kysely<Database>, result: LedgerInvariant, operator: string, now: number): Promise<void> {
  const findings = new Map<number, Record<string, unknown>>();
  for (const mismatch of result.mismatches) findings.set(mismatch.accountId, { balanceMinor: mismatch.balanceMinor, ledgerSumMinor: mismatch.ledgerSumMinor });
  for (const entry of result.runningMismatches)
    findings.set(entry.accountId, {
      ...findings.get(entry.accountId),
      entryId: entry.entryId,
      balanceAfterMinor: entry.balanceAfterMinor,
      runningSumMinor: entry.runningSumMinor,
    });
  if (findings.size === 0) return;
  const owners = await db
    .selectFrom('prepaid_accounts')
    .select(['id', 'owner_user_id'])
    .where('id', 'in', [...findings.keys()])
    .execute();
  for (const account of owners)
    await recordAccountEvent(db, {
      ownerUserId: account.owner_user_id,
      accountId: Number(account.id),
      what: ACCOUNT_EVENT.invariantMismatch,
      detail: findings.get(Number(account.id)) ?? {},
      operator,
      at: now,
    });
}
