import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DbKind } from '../db/connect';
import type { Database } from '../db/schema';
import type { LedgerEntriesTable } from '../db/prepaidSchema';
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
export async function postEntries(
  trx: Transaction<Database> | Kysely<Database>,
  dbKind: DbKind,
  accountId: number,
  entries: EntryWrite[],
  now: number,
): Promise<PostResult> {
  const query = trx
    .selectFrom('prepaid_accounts')
    .select(['id', 'owner_user_id', 'balance_minor', 'balance_level', 'alarm1_minor', 'alarm2_minor', 'credit_limit_minor', 'billing_mode', 'state'])
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

/** Entries for one account, posted in the order given (an account may appear more than once). */
export interface Posting {
  accountId: number;
  entries: EntryWrite[];
}

const CHUNK = 400;

/**
 * `postEntries` for many accounts in one transaction with a handful of statements instead of five per account:
 * the accounts are read (and locked on PostgreSQL, in id order so two runs cannot deadlock) and the known keys
 * looked up in chunks, entries inserted many rows at a time, balances and levels written back with one CASE
 * update per chunk. Same rules and result as calling `postEntries` for each posting in turn; one PostResult per
 * account (the first previous balance, the last balance).
 */
export async function postEntriesMany(trx: Transaction<Database> | Kysely<Database>, dbKind: DbKind, postings: Posting[], now: number): Promise<PostResult[]> {
  const ids = [...new Set(postings.map((posting) => posting.accountId))].sort((a, b) => a - b);
  type AccountRow = {
    id: number;
    owner_user_id: number;
    balance_minor: number;
    balance_level: number;
    alarm1_minor: number;
    alarm2_minor: number;
    credit_limit_minor: number;
    billing_mode: string;
  };
  const accounts = new Map<number, AccountRow>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const query = trx
      .selectFrom('prepaid_accounts')
      .select(['id', 'owner_user_id', 'balance_minor', 'balance_level', 'alarm1_minor', 'alarm2_minor', 'credit_limit_minor', 'billing_mode'])
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .orderBy('id');
    for (const row of await (dbKind === 'postgres' ? query.forUpdate() : query).execute()) accounts.set(row.id, row);
  }
  const missing = ids.find((id) => !accounts.has(id));
  if (missing !== undefined) throw new AppError('NOT_FOUND', { message: `Account ${missing} was not found` });

  const keys = postings.flatMap((posting) => posting.entries.map((entry) => entry.idemKey));
  const known = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    for (const row of await trx
      .selectFrom('ledger_entries')
      .select('idem_key')
      .where('idem_key', 'in', keys.slice(i, i + CHUNK))
      .execute())
      known.add(row.idem_key);
  }

  const results = new Map<number, PostResult>();
  const rows: Insertable<LedgerEntriesTable>[] = [];
  for (const { accountId, entries } of postings) {
    const account = accounts.get(accountId)!;
    const result = results.get(accountId) ?? {
      accountId,
      posted: 0,
      skipped: 0,
      previousBalanceMinor: Number(account.balance_minor),
      balanceMinor: Number(account.balance_minor),
      previousLevel: Number(account.balance_level) as BalanceLevel,
      level: Number(account.balance_level) as BalanceLevel,
    };
    results.set(accountId, result);
    for (const entry of entries) {
      if (known.has(entry.idemKey)) {
        result.skipped++;
        continue;
      }
      if (!Number.isSafeInteger(entry.amountMinor)) throw new Error(`ledger: ${entry.idemKey} is not whole minor units (${entry.amountMinor})`);
      known.add(entry.idemKey);
      result.balanceMinor += entry.amountMinor;
      result.posted++;
      rows.push({
        owner_user_id: account.owner_user_id,
        account_id: accountId,
        kind: entry.kind,
        amount_minor: entry.amountMinor,
        balance_after_minor: result.balanceMinor,
        hour_start: entry.hourStart ?? null,
        item_id: entry.itemId ?? null,
        band: entry.band ?? null,
        energy_milli: entry.energyMilli ?? null,
        payment_id: entry.paymentId ?? null,
        reason: entry.reason ?? '',
        operator: entry.operator,
        idem_key: entry.idemKey,
        created_at: now,
      });
    }
    result.level = balanceLevelOf(result.balanceMinor, account);
  }
  // 14 columns a row: 60 rows stay far under SQLite's 32,766 bound parameters and PostgreSQL's 65,535.
  for (let i = 0; i < rows.length; i += 60)
    await trx
      .insertInto('ledger_entries')
      .values(rows.slice(i, i + 60))
      .execute();

  const changed = [...results.values()].filter((result) => result.posted > 0 || result.level !== result.previousLevel);
  for (let i = 0; i < changed.length; i += CHUNK) {
    const part = changed.slice(i, i + CHUNK);
    const balance = sql.join(
      part.map((r) => sql`when ${r.accountId} then cast(${r.balanceMinor} as integer)`),
      sql` `,
    );
    const level = sql.join(
      part.map((r) => sql`when ${r.accountId} then cast(${r.level} as integer)`),
      sql` `,
    );
    await sql`update prepaid_accounts set balance_minor = case id ${balance} end, balance_level = case id ${level} end, updated_at = ${now} where id in (${sql.join(part.map((r) => r.accountId))})`.execute(
      trx,
    );
  }
  return [...results.values()];
}
