import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AccountDetail, AccountOpenBody, AccountSettingsBody, BillingMode, EntryKind, LedgerEntry, ledgerQuerySchema } from '@shared/prepaid';
import type { BandType } from '@shared/tariffs/bands';
import type { DbKind } from '../../db/connect';
import type { Database } from '../../db/schema';
import { AppError, validationError } from '../../http/appError';
import { localPeriods } from '../../metering/calendar';
import { ownerIds, ownerTreeOf, type OwnerScope } from '../../tenancy/ownerScope';
import { balanceLevelOf } from '../balanceLevel';
import { postEntries, type PostResult } from '../ledger';
import type { PrepaidEvents } from '../prepaidEvents';
import { ACCOUNT_EVENT, recordAccountEvent } from './accountEvents';
import { checkItemTariffs, itemColumns } from './accountItems';
import { accountDetail, accountNotFound } from './accountViews';

/** What the account operations need from the app: storage, the site's time zone, the balance announcements. */
export interface AccountDeps {
  db: Kysely<Database>;
  dbKind: DbKind;
  timeZone: string;
  events: PrepaidEvents;
}

export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

const issue = (field: string, rule: string, message: string) => validationError([{ field, rule, message }]);

/** The settings columns of an account, from the body of an open or an update. */
function settingsColumns(body: AccountSettingsBody) {
  return {
    member_id: body.memberId,
    billing_mode: body.billingMode,
    alarm1_minor: body.alarm1Minor,
    alarm2_minor: body.alarm2Minor,
    credit_limit_minor: body.creditLimitMinor,
    no_cut_from: body.noCutFrom,
    no_cut_to: body.noCutTo,
    no_cut_weekends: body.noCutWeekends ? 1 : 0,
    no_cut_holidays: body.noCutHolidays ? 1 : 0,
    keep_supply: body.keepSupply ? 1 : 0,
  };
}

type SettingsColumns = ReturnType<typeof settingsColumns>;

/** The settings of a body as the log keeps them (API field names). */
const settingsDetail = (body: AccountSettingsBody): Record<string, unknown> =>
  Object.fromEntries((Object.values(SETTINGS_FIELDS) as (keyof AccountSettingsBody)[]).map((field) => [field, body[field]]));
const SETTINGS_FIELDS: Record<keyof SettingsColumns, keyof AccountSettingsBody> = {
  member_id: 'memberId',
  billing_mode: 'billingMode',
  alarm1_minor: 'alarm1Minor',
  alarm2_minor: 'alarm2Minor',
  credit_limit_minor: 'creditLimitMinor',
  no_cut_from: 'noCutFrom',
  no_cut_to: 'noCutTo',
  no_cut_weekends: 'noCutWeekends',
  no_cut_holidays: 'noCutHolidays',
  keep_supply: 'keepSupply',
};

/** What changed, by API field: `{ alarm1Minor: [5000, 8000] }` (flags as booleans). */
function changesOf(before: SettingsColumns, after: SettingsColumns): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const column of Object.keys(SETTINGS_FIELDS) as (keyof SettingsColumns)[]) {
    const was = before[column];
    const now = after[column];
    if (was === now) continue;
    const flag = column === 'no_cut_weekends' || column === 'no_cut_holidays' || column === 'keep_supply';
    changes[SETTINGS_FIELDS[column]] = flag ? [was === 1, now === 1] : [was, now];
  }
  return changes;
}

/** The member paying for an account is one of the room's tree (another tree's reads as missing). */
async function checkMember(db: Kysely<Database>, memberId: number | null, treeOwners: ReadonlySet<number>): Promise<void> {
  if (memberId === null) return;
  const member = await db.selectFrom('members').select('owner_user_id').where('id', '=', memberId).executeTakeFirst();
  if (!member || !treeOwners.has(Number(member.owner_user_id))) throw issue('memberId', 'exists', `${memberId} does not exist`);
}

/** The unique room_id of prepaid_accounts refused an insert (two opens of one room at once). */
function isRoomTaken(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === '23505') return true;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('prepaid_accounts.room_id');
}

const unchanged = (accountId: number, balanceMinor: number, level: number, previousLevel = level): PostResult => ({
  accountId,
  posted: 0,
  skipped: 0,
  previousBalanceMinor: balanceMinor,
  balanceMinor,
  previousLevel: previousLevel as PostResult['level'],
  level: level as PostResult['level'],
});

/**
 * POST /prepaid/accounts: opens the room's account with its settings and items in one transaction. Charging
 * starts at the current local hour (`charged_until`). The member defaults to the room's. A room whose account is
 * open → ACCOUNT_EXISTS; a room whose account was closed gets that account back (reopened): the ledger and the
 * balance continue where they stopped, the old items are retired and the body's become the active ones. The
 * account belongs to the room's user tree (an administrator opening tree A's room opens it for tree A).
 */
export async function openAccount(deps: AccountDeps, scope: OwnerScope, body: AccountOpenBody, operator: string, now: number): Promise<AccountDetail> {
  const { db } = deps;
  const owners = ownerIds(scope);
  let roomQuery = db.selectFrom('rooms').select(['id', 'owner_user_id', 'member_id', 'code']).where('id', '=', body.roomId);
  if (owners) roomQuery = roomQuery.where('owner_user_id', 'in', owners);
  const room = await roomQuery.executeTakeFirst();
  if (!room) throw issue('roomId', 'exists', `${body.roomId} does not exist`);
  const tree = await ownerTreeOf(db, Number(room.owner_user_id));
  const settings = { ...body, memberId: body.memberId ?? room.member_id ?? null };
  await checkMember(db, settings.memberId, tree.owners);
  await checkItemTariffs(db, body.items, tree.owners, (index) => `items.${index}.`);
  const chargedUntil = localPeriods(now, deps.timeZone).hourStart;
  let result: { accountId: number; post: PostResult };
  try {
    result = await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('prepaid_accounts')
        .select(['id', 'state', 'balance_minor', 'balance_level'])
        .where('room_id', '=', room.id)
        .executeTakeFirst();
      if (existing && existing.state === 'open') throw new AppError('ACCOUNT_EXISTS');
      let accountId: number;
      const columns = settingsColumns(settings);
      const balance = existing ? Number(existing.balance_minor) : 0;
      const level = balanceLevelOf(balance, columns);
      if (existing) {
        accountId = Number(existing.id);
        const reopened = await trx
          .updateTable('prepaid_accounts')
          .set({ ...columns, balance_level: level, charged_until: chargedUntil, state: 'open', closed_at: null, updated_at: now })
          .where('id', '=', accountId)
          .where('state', '=', 'closed')
          .executeTakeFirst();
        if (Number(reopened.numUpdatedRows) !== 1) throw new AppError('ACCOUNT_EXISTS');
        await trx.updateTable('account_items').set({ active: 0 }).where('account_id', '=', accountId).where('active', '=', 1).execute();
      } else {
        const inserted = await trx
          .insertInto('prepaid_accounts')
          .values({
            owner_user_id: room.owner_user_id,
            room_id: room.id,
            ...columns,
            balance_minor: 0,
            balance_level: level,
            supply_state: 'on',
            charged_until: chargedUntil,
            state: 'open',
            opened_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        accountId = Number(inserted.id);
      }
      if (body.items.length)
        await trx
          .insertInto('account_items')
          .values(body.items.map((item) => ({ owner_user_id: room.owner_user_id, account_id: accountId, ...itemColumns(item), active: 1, created_at: now })))
          .execute();
      await recordAccountEvent(trx, {
        ownerUserId: room.owner_user_id,
        accountId,
        what: existing ? ACCOUNT_EVENT.reopened : ACCOUNT_EVENT.opened,
        detail: { roomCode: room.code, chargedUntil, balanceMinor: balance, settings: settingsDetail(settings), items: body.items.map((item) => item.name) },
        operator,
        at: now,
      });
      const previousLevel = existing ? Number(existing.balance_level) : level;
      return { accountId, post: unchanged(accountId, balance, level, previousLevel) };
    });
  } catch (error) {
    if (isRoomTaken(error)) throw new AppError('ACCOUNT_EXISTS');
    throw error;
  }
  // Supply control and balance alarms look at a new account as at any settings change (an empty one is in arrears).
  deps.events.announce(result.post, 'settings', now);
  return accountDetail(db, scope, result.accountId, now);
}

/** The account for a write: open, in the caller's trees (the route's tenancy check ran, this is the lock-free read). */
async function openAccountRow(db: Kysely<Database>, id: number) {
  const account = await db.selectFrom('prepaid_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!account) throw accountNotFound(id);
  if (account.state !== 'open') throw new AppError('ACCOUNT_CLOSED');
  return account;
}

/**
 * PUT /prepaid/accounts/:id: the supply settings (member, billing mode, alarm levels, credit limit, no-cut window,
 * keep-supply). The level is worked out again for the new thresholds in the same transaction; the log gets one
 * `settings` event with what changed (nothing changed: no event); then cause 'settings' is announced so supply
 * control and the balance alarms act on the new meaning of the same balance.
 */
export async function updateSettings(
  deps: AccountDeps,
  scope: OwnerScope,
  id: number,
  body: AccountSettingsBody,
  operator: string,
  now: number,
): Promise<AccountDetail> {
  const { db } = deps;
  const current = await openAccountRow(db, id);
  await checkMember(db, body.memberId, (await ownerTreeOf(db, Number(current.owner_user_id))).owners);
  const post = await db.transaction().execute(async (trx) => {
    const query = trx.selectFrom('prepaid_accounts').selectAll().where('id', '=', id);
    const stored = await (deps.dbKind === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow();
    if (stored.state !== 'open') throw new AppError('ACCOUNT_CLOSED');
    const before: SettingsColumns = {
      member_id: stored.member_id,
      billing_mode: stored.billing_mode as BillingMode,
      alarm1_minor: Number(stored.alarm1_minor),
      alarm2_minor: Number(stored.alarm2_minor),
      credit_limit_minor: Number(stored.credit_limit_minor),
      no_cut_from: stored.no_cut_from,
      no_cut_to: stored.no_cut_to,
      no_cut_weekends: Number(stored.no_cut_weekends),
      no_cut_holidays: Number(stored.no_cut_holidays),
      keep_supply: Number(stored.keep_supply),
    };
    const after = settingsColumns(body);
    const balance = Number(stored.balance_minor);
    const previousLevel = Number(stored.balance_level);
    const level = balanceLevelOf(balance, after);
    const changes = changesOf(before, after);
    if (Object.keys(changes).length === 0) return unchanged(id, balance, previousLevel);
    await trx
      .updateTable('prepaid_accounts')
      .set({ ...after, balance_level: level, updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordAccountEvent(trx, {
      ownerUserId: stored.owner_user_id,
      accountId: id,
      what: ACCOUNT_EVENT.settings,
      detail: { changes, ...(level !== previousLevel ? { level: [previousLevel, level] } : {}) },
      operator,
      at: now,
    });
    return unchanged(id, balance, level, previousLevel);
  });
  deps.events.announce(post, 'settings', now);
  return accountDetail(db, scope, id, now);
}

/**
 * POST /prepaid/accounts/:id/close: charging stops (the deduction charges open accounts only); the ledger and the
 * balance stay as they are and come back if the room's account is opened again. The balance at closing is in the
 * `closed` event, so what is owed or left over can be settled (a refund of a top-up, an adjustment after reopening).
 */
export async function closeAccount(deps: AccountDeps, scope: OwnerScope, id: number, reason: string, operator: string, now: number): Promise<AccountDetail> {
  const { db } = deps;
  const post = await db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable('prepaid_accounts')
      .set({ state: 'closed', closed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'open')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) {
      const exists = await trx.selectFrom('prepaid_accounts').select('id').where('id', '=', id).executeTakeFirst();
      throw exists ? new AppError('ACCOUNT_CLOSED') : accountNotFound(id);
    }
    const account = await trx
      .selectFrom('prepaid_accounts')
      .select(['owner_user_id', 'balance_minor', 'balance_level'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await recordAccountEvent(trx, {
      ownerUserId: account.owner_user_id,
      accountId: id,
      what: ACCOUNT_EVENT.closed,
      detail: { reason, balanceMinor: Number(account.balance_minor) },
      operator,
      at: now,
    });
    return unchanged(id, Number(account.balance_minor), Number(account.balance_level));
  });
  deps.events.announce(post, 'settings', now);
  return accountDetail(db, scope, id, now);
}

const mapEntry = (row: {
  id: number;
  account_id: number;
  kind: string;
  amount_minor: number;
  balance_after_minor: number;
  hour_start: number | null;
  item_id: number | null;
  item_name: string | null;
  band: string | null;
  energy_milli: number | null;
  payment_id: number | null;
  reason: string;
  operator: string;
  created_at: number;
}): LedgerEntry => ({
  id: Number(row.id),
  accountId: Number(row.account_id),
  kind: row.kind as EntryKind,
  amountMinor: Number(row.amount_minor),
  balanceAfterMinor: Number(row.balance_after_minor),
  hourStart: row.hour_start === null ? null : Number(row.hour_start),
  itemId: row.item_id === null ? null : Number(row.item_id),
  itemName: row.item_name ?? null,
  band: (row.band as BandType | null) ?? null,
  energyMilli: row.energy_milli === null ? null : Number(row.energy_milli),
  paymentId: row.payment_id === null ? null : Number(row.payment_id),
  reason: row.reason,
  operator: row.operator,
  createdAt: Number(row.created_at),
});

function entryQuery(db: Kysely<Database>) {
  return db
    .selectFrom('ledger_entries as e')
    .leftJoin('account_items as i', 'i.id', 'e.item_id')
    .select([
      'e.id',
      'e.account_id',
      'e.kind',
      'e.amount_minor',
      'e.balance_after_minor',
      'e.hour_start',
      'e.item_id',
      'i.name as item_name',
      'e.band',
      'e.energy_milli',
      'e.payment_id',
      'e.reason',
      'e.operator',
      'e.created_at',
    ]);
}

/**
 * POST /prepaid/accounts/:id/adjustments: a correction is a new entry (kind adjustment, signed: positive
 * credits), with the reason and the operator, posted through postEntries (never an edit of an entry). Announced
 * with cause 'adjustment' after the commit: a credit may restore the supply, a debit may cut it.
 */
export async function postAdjustment(
  deps: AccountDeps,
  id: number,
  body: { amountMinor: number; reason: string },
  operator: string,
  now: number,
): Promise<LedgerEntry> {
  const { db } = deps;
  await openAccountRow(db, id);
  const idemKey = `manual:${randomUUID()}`;
  const post = await db.transaction().execute(async (trx) => {
    const state = await trx.selectFrom('prepaid_accounts').select('state').where('id', '=', id).executeTakeFirstOrThrow();
    if (state.state !== 'open') throw new AppError('ACCOUNT_CLOSED');
    return postEntries(trx, deps.dbKind, id, [{ kind: 'adjustment', amountMinor: body.amountMinor, idemKey, operator, reason: body.reason }], now);
  });
  deps.events.announce(post, 'adjustment', now);
  return mapEntry(await entryQuery(db).where('e.idem_key', '=', idemKey).executeTakeFirstOrThrow());
}

/** GET /prepaid/accounts/:id/ledger: newest first; `from`/`to` on the posting time, [from, to). */
export async function ledgerOf(db: Kysely<Database>, id: number, query: LedgerQuery): Promise<{ list: LedgerEntry[]; total: number }> {
  let base = db.selectFrom('ledger_entries as e').where('e.account_id', '=', id);
  if (query.from !== undefined) base = base.where('e.created_at', '>=', query.from);
  if (query.to !== undefined) base = base.where('e.created_at', '<', query.to);
  if (query.kind) base = base.where('e.kind', '=', query.kind);
  const counted = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
  let rows = entryQuery(db).where('e.account_id', '=', id);
  if (query.from !== undefined) rows = rows.where('e.created_at', '>=', query.from);
  if (query.to !== undefined) rows = rows.where('e.created_at', '<', query.to);
  if (query.kind) rows = rows.where('e.kind', '=', query.kind);
  const list = await rows
    .orderBy('e.id', 'desc')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  return { list: list.map(mapEntry), total: Number(counted?.total ?? 0) };
}
