import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AccountItem, AccountItemBody, accountItemCreateSchema } from '@shared/prepaid';
import type { Database } from '../../db/schema';
import { AppError, validationError } from '../../http/appError';
import { ownerIds, ownerTreeOf, type OwnerScope } from '../../tenancy/ownerScope';
import { ACCOUNT_EVENT, recordAccountEvent } from './accountEvents';
import { accountNotFound, itemsOf } from './accountViews';

type Db = Kysely<Database> | Transaction<Database>;
export type AccountItemCreateBody = z.infer<typeof accountItemCreateSchema>;

const issue = (field: string, rule: string, message: string) => validationError([{ field, rule, message }]);
export const itemNotFound = (id: number) => new AppError('NOT_FOUND', { message: `Charging item ${id} was not found` });

/**
 * An item's stored columns: only what its kind uses is kept (an energy item has no fixed amount, a fee no
 * tariff), so a later reader never has to guess which column counts.
 */
export function itemColumns(item: AccountItemBody) {
  return {
    kind: item.kind,
    name: item.name,
    energy_type: item.kind === 'energy' ? item.energyType : null,
    tariff_id: item.kind === 'energy' ? item.tariffId : null,
    amount_minor: item.kind === 'fixed_daily' || item.kind === 'fixed_monthly' ? item.amountMinor : 0,
    ratio_bp: item.kind === 'service_ratio' ? item.ratioBp : 0,
  };
}

/**
 * Energy items name a tariff of the account's user tree that prices the same energy type; another tree's
 * tariff reads as one that does not exist. `field` is where the item sits in the body (`items.0.` or '').
 */
export async function checkItemTariffs(
  db: Db,
  items: readonly AccountItemBody[],
  treeOwners: ReadonlySet<number>,
  field: (index: number) => string,
): Promise<void> {
  const wanted = [...new Set(items.map((item) => (item.kind === 'energy' ? item.tariffId : null)).filter((id): id is number => id !== null))];
  if (wanted.length === 0) return;
  const rows = await db.selectFrom('tariffs').select(['id', 'name', 'energy_type', 'owner_user_id']).where('id', 'in', wanted).execute();
  const tariffs = new Map(rows.filter((row) => treeOwners.has(Number(row.owner_user_id))).map((row) => [Number(row.id), row]));
  for (const [index, item] of items.entries()) {
    if (item.kind !== 'energy' || item.tariffId === null) continue;
    const tariff = tariffs.get(item.tariffId);
    if (!tariff) throw issue(`${field(index)}tariffId`, 'exists', `${item.tariffId} does not exist`);
    if (tariff.energy_type !== item.energyType)
      throw issue(`${field(index)}tariffId`, 'energyType', `tariff "${tariff.name}" prices ${tariff.energy_type}, not ${item.energyType}`);
  }
}

/** The account (open or closed) an item or a write names, in the caller's trees; another tree's reads as missing. */
export async function accountFor(db: Db, scope: OwnerScope, accountId: number, field: string | null) {
  const owners = ownerIds(scope);
  let query = db.selectFrom('prepaid_accounts').select(['id', 'owner_user_id', 'state']).where('id', '=', accountId);
  if (owners) query = query.where('owner_user_id', 'in', owners);
  const account = await query.executeTakeFirst();
  if (!account) throw field ? issue(field, 'exists', `${accountId} does not exist`) : accountNotFound(accountId);
  return account;
}

async function assertOneRatio(db: Db, accountId: number, exceptItemId: number | null): Promise<void> {
  let query = db.selectFrom('account_items').select('id').where('account_id', '=', accountId).where('kind', '=', 'service_ratio').where('active', '=', 1);
  if (exceptItemId !== null) query = query.where('id', '!=', exceptItemId);
  const other = await query.executeTakeFirst();
  if (other) throw issue('kind', 'unique', `the account already has a service-fee ratio (item ${other.id}); change that one instead`);
}

/** GET /prepaid/items: the items of one account, or of every account of the caller's trees (inactive ones too). */
export function listItems(db: Kysely<Database>, scope: OwnerScope, accountId?: number): Promise<AccountItem[]> {
  return itemsOf(db, { owners: ownerIds(scope), ...(accountId !== undefined ? { accountIds: [accountId] } : {}) });
}

async function itemById(db: Db, id: number): Promise<AccountItem> {
  const [item] = await itemsOf(db as Kysely<Database>, { owners: null, itemIds: [id] });
  if (!item) throw itemNotFound(id);
  return item;
}

/** POST /prepaid/items: one more item on an open account (at most one active service-fee ratio). */
export async function createItem(db: Kysely<Database>, scope: OwnerScope, body: AccountItemCreateBody, operator: string, now: number): Promise<AccountItem> {
  const id = await db.transaction().execute(async (trx) => {
    const account = await accountFor(trx, scope, body.accountId, 'accountId');
    if (account.state !== 'open') throw new AppError('ACCOUNT_CLOSED');
    await checkItemTariffs(trx, [body], (await ownerTreeOf(trx, Number(account.owner_user_id))).owners, () => '');
    if (body.kind === 'service_ratio') await assertOneRatio(trx, body.accountId, null);
    const inserted = await trx
      .insertInto('account_items')
      .values({ owner_user_id: account.owner_user_id, account_id: body.accountId, ...itemColumns(body), active: 1, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const itemId = Number(inserted.id);
    await recordAccountEvent(trx, {
      ownerUserId: account.owner_user_id,
      accountId: body.accountId,
      what: ACCOUNT_EVENT.itemAdded,
      detail: { itemId, ...itemDetail(body) },
      operator,
      at: now,
    });
    return itemId;
  });
  return itemById(db, id);
}

const itemDetail = (item: AccountItemBody) => {
  const columns = itemColumns(item);
  return {
    kind: columns.kind,
    name: columns.name,
    energyType: columns.energy_type,
    tariffId: columns.tariff_id,
    amountMinor: columns.amount_minor,
    ratioBp: columns.ratio_bp,
  };
};

/**
 * PUT /prepaid/items/:id: a new name, tariff, amount or ratio, from the next charged hour on (hours already
 * charged keep their entries). The kind and energy type stay: charges are kept per item, so what an item
 * charges for cannot turn into something else; add a new item and remove this one instead.
 */
export async function updateItem(db: Kysely<Database>, id: number, body: AccountItemBody, operator: string, now: number): Promise<AccountItem> {
  await db.transaction().execute(async (trx) => {
    const stored = await trx.selectFrom('account_items').selectAll().where('id', '=', id).executeTakeFirst();
    if (!stored) throw itemNotFound(id);
    const account = await trx.selectFrom('prepaid_accounts').select(['owner_user_id', 'state']).where('id', '=', stored.account_id).executeTakeFirstOrThrow();
    if (account.state !== 'open') throw new AppError('ACCOUNT_CLOSED');
    if (body.kind !== stored.kind) throw issue('kind', 'unchanged', 'the kind of a charging item cannot change; add a new item and remove this one instead');
    if (body.kind === 'energy' && body.energyType !== stored.energy_type)
      throw issue('energyType', 'unchanged', 'the energy type of a charging item cannot change; add a new item and remove this one instead');
    await checkItemTariffs(trx, [body], (await ownerTreeOf(trx, Number(account.owner_user_id))).owners, () => '');
    if (body.kind === 'service_ratio' && stored.active === 1) await assertOneRatio(trx, stored.account_id, id);
    const before: ReturnType<typeof itemDetail> = {
      kind: body.kind,
      name: stored.name,
      energyType: stored.energy_type as AccountItemBody['energyType'],
      tariffId: stored.tariff_id === null ? null : Number(stored.tariff_id),
      amountMinor: Number(stored.amount_minor),
      ratioBp: Number(stored.ratio_bp),
    };
    const after = itemDetail(body);
    await trx.updateTable('account_items').set(itemColumns(body)).where('id', '=', id).execute();
    const changes = Object.fromEntries(
      Object.entries(after)
        .filter(([key, value]) => before[key as keyof typeof before] !== value)
        .map(([key, value]) => [key, [before[key as keyof typeof before], value]]),
    );
    if (Object.keys(changes).length)
      await recordAccountEvent(trx, {
        ownerUserId: account.owner_user_id,
        accountId: stored.account_id,
        what: ACCOUNT_EVENT.itemChanged,
        detail: { itemId: id, changes },
        operator,
        at: now,
      });
  });
  return itemById(db, id);
}

/** DELETE /prepaid/items/:id: the item stops charging (active 0); it stays, so its past entries still name it. */
export async function deactivateItem(db: Kysely<Database>, id: number, operator: string, now: number): Promise<AccountItem> {
  await db.transaction().execute(async (trx) => {
    const stored = await trx.selectFrom('account_items').select(['account_id', 'owner_user_id', 'active', 'name']).where('id', '=', id).executeTakeFirst();
    if (!stored) throw itemNotFound(id);
    if (stored.active !== 1) return;
    await trx.updateTable('account_items').set({ active: 0 }).where('id', '=', id).execute();
    await recordAccountEvent(trx, {
      ownerUserId: stored.owner_user_id,
      accountId: stored.account_id,
      what: ACCOUNT_EVENT.itemRemoved,
      detail: { itemId: id, name: stored.name },
      operator,
      at: now,
    });
  });
  return itemById(db, id);
}
