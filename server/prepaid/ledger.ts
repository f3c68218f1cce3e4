import type { Kysely, Transaction } from 'kysely';
import type { DbKind } from '../db/connect';
import type { Database } from '../db/schema';
import type { BalanceLevel, EntryKind } from '@shared/prepaid';
import { AppError } from '../http/appError';
import { balanceLevelOf } from './balanceLevel';

/** One entry to post. `idemKey` makes the write idempotent: an entry whose key is already stored is skipped. */
export interface EntryWrite {
  kind: EntryKind;
  /** signed: credits (top-ups, credit adjustments) positive, debits (charges, fees, refunds) negative */
  amountMinor: number;
  idemKey: string;
  operator: string;
  reason?: string;
  hourStart?: number | null;
  itemId?: number | null;
  band?: string | null;
  energyMilli?: number | null;
  paymentId?: number | null;
}

export interface PostResult {
  accountId: number;
  /** entries written now (those whose key was already stored are left out) */
  posted: number;
  skipped: number;
  previousBalanceMinor: number;
  balanceMinor: number;
  previousLevel: BalanceLevel;
  level: BalanceLevel;
}

/**
 * Posts entries to one account's ledger inside the caller's transaction: each entry stores the balance after it,
 * and the account's `balance_minor` (the ledger sum kept beside it) and `balance_level` move in the same
 * transaction, so a balance is always the sum of its entries (the invariant check in ledgerInvariant.ts proves
 * it). The account row is locked first on PostgreSQL (SQLite writes one transaction at a time), so two processes
 * posting to one account queue instead of both reading the old balance. Entries are never updated or deleted.
 */
export async function postEntries(trx: Transaction<Database> | Kysely<Database>, dbKind: DbKind, accountId: number, entries: EntryWrite[], now: number): Promise<PostResult> {
  const query = trx
    .selectFrom('prepaid_accounts')
    .select(['id', 'owner_user_id', 'balance_minor', 'balance_level', 'alarm1_minor', 'alarm2_minor', 'credit_limit_minor', 'state'])
    .where('id', '=', accountId);
  const account = await (dbKind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!account) throw new AppError('NOT_FOUND', { message: `Account ${accountId} was not found` });
  const previousBalanceMinor = Number(account.balance_minor);
  const previousLevel = Number(account.balance_level) as BalanceLevel;
  let balance = previousBalanceMinor;
  let posted = 0;
  if (entries.length > 0) {
    const known = new Set(
      (
        await trx
          .selectFrom('ledger_entries')
          .select('idem_key')
          .where(
            'idem_key',
            'in',
            entries.map((entry) => entry.idemKey),
          )
          .execute()
      ).map((row) => row.idem_key),
    );
    for (const entry of entries) {
      if (known.has(entry.idemKey)) continue;
      if (!Number.isSafeInteger(entry.amountMinor)) throw new Error(`ledger: ${entry.idemKey} is not whole minor units (${entry.amountMinor})`);
      known.add(entry.idemKey);
      balance += entry.amountMinor;
      await trx
        .insertInto('ledger_entries')
        .values({
          owner_user_id: account.owner_user_id,
          account_id: accountId,
          kind: entry.kind,
          amount_minor: entry.amountMinor,
          balance_after_minor: balance,
          hour_start: entry.hourStart ?? null,
          item_id: entry.itemId ?? null,
          band: entry.band ?? null,
          energy_milli: entry.energyMilli ?? null,
          payment_id: entry.paymentId ?? null,
          reason: entry.reason ?? '',
          operator: entry.operator,
          idem_key: entry.idemKey,
          created_at: now,
        })
        .execute();
      posted++;
    }
  }
  const level = balanceLevelOf(balance, account);
  if (posted > 0 || level !== previousLevel) {
    await trx.updateTable('prepaid_accounts').set({ balance_minor: balance, balance_level: level, updated_at: now }).where('id', '=', accountId).execute();
  }
  return { accountId, posted, skipped: entries.length - posted, previousBalanceMinor, balanceMinor: balance, previousLevel, level };
}
