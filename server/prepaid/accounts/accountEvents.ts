import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What the accounts part writes to an account's log (account_events.what). Supply control, alarms and the
 * other parts add their own (cut, restore, keep-supply, level…); see server/prepaid/README.md.
 */
export const ACCOUNT_EVENT = {
  opened: 'opened',
  /** a closed account of the room opened again: its ledger and balance continue */
  reopened: 'reopened',
  settings: 'settings',
  closed: 'closed',
  itemAdded: 'item_added',
  itemChanged: 'item_changed',
  itemRemoved: 'item_removed',
  /** the ledger check found this account's balance or running balance off */
  invariantMismatch: 'invariant_mismatch',
} as const;

export interface AccountEventWrite {
  ownerUserId: number;
  accountId: number;
  what: string;
  detail?: Record<string, unknown>;
  /** the user name, or 'system' */
  operator: string;
  at: number;
}

/** One line of an account's log, in the caller's transaction (so it is there exactly when the change is). */
export async function recordAccountEvent(db: Kysely<Database> | Transaction<Database>, event: AccountEventWrite): Promise<void> {
  await db
    .insertInto('account_events')
    .values({
      owner_user_id: event.ownerUserId,
      account_id: event.accountId,
      at: event.at,
      what: event.what,
      detail: JSON.stringify(event.detail ?? {}),
      operator: event.operator,
    })
    .execute();
}
