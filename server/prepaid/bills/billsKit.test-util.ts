import type { Kysely } from 'kysely';
import type { DbKind } from '../../db/connect';
import type { Database } from '../../db/schema';
import { postEntries, type EntryWrite } from '../ledger';

/**
 * Rows the bills and statistics tests stand on, written straight to the tables (the account screens' API is not
 * what they test): a room with an account and its items, a meter feeding it, ledger entries through postEntries
 * (the only way entries are written), payments.
 */
export interface KitAccount {
  account: number;
  room: number;
  items: Record<string, number>;
}

export async function adminId(db: Kysely<Database>): Promise<number> {
  return (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
}

export async function makeDepartment(db: Kysely<Database>, owner: number, name: string): Promise<number> {
  const row = await db
    .insertInto('departments')
    .values({ owner_user_id: owner, name, code: name.toUpperCase().replace(/\W/g, ''), parent_id: null, level: 1, sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function makeAccount(
  db: Kysely<Database>,
  owner: number,
  code: string,
  options: {
    billingMode?: 'prepaid' | 'postpaid';
    openedAt: number;
    closedAt?: number | null;
    departmentId?: number | null;
    member?: string | null;
    items?: { kind: string; name: string }[];
    balanceLevel?: number;
    supplyState?: string;
    keepSupply?: boolean;
    balanceMinor?: number;
  },
): Promise<KitAccount> {
  let memberId: number | null = null;
  if (options.member) {
    memberId = Number(
      (
        await db
          .insertInto('members')
          .values({ owner_user_id: owner, code: `M-${code}`, name: options.member, kind: 'company' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const room = Number(
    (
      await db
        .insertInto('rooms')
        .values({ owner_user_id: owner, code, building: 'B1', floor: '1', number: code, department_id: options.departmentId ?? null, member_id: memberId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const account = Number(
    (
      await db
        .insertInto('prepaid_accounts')
        .values({
          owner_user_id: owner,
          room_id: room,
          member_id: memberId,
          billing_mode: options.billingMode ?? 'prepaid',
          alarm1_minor: 5000,
          alarm2_minor: 1000,
          no_cut_from: null,
          no_cut_to: null,
          charged_until: options.openedAt,
          opened_at: options.openedAt,
          closed_at: options.closedAt ?? null,
          state: options.closedAt ? 'closed' : 'open',
          balance_level: options.balanceLevel ?? 0,
          balance_minor: options.balanceMinor ?? 0,
          supply_state: options.supplyState ?? 'on',
          keep_supply: options.keepSupply ? 1 : 0,
          updated_at: options.openedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const items: Record<string, number> = {};
  for (const item of options.items ?? []) {
    items[item.name] = Number(
      (
        await db
          .insertInto('account_items')
          .values({
            owner_user_id: owner,
            account_id: account,
            kind: item.kind,
            name: item.name,
            energy_type: null,
            tariff_id: null,
            created_at: options.openedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  return { account, room, items };
}

export async function makeMeter(db: Kysely<Database>, owner: number, code: string, room: number, lastSeenAt: number | null, fromTs: number): Promise<number> {
  const meter = Number(
    (
      await db
        .insertInto('meters')
        .values({
          owner_user_id: owner,
          code,
          name: code,
          gateway_id: null,
          department_id: null,
          energy_type: 'electricity',
          unit: 'kWh',
          ct_ratio: 1,
          pt_ratio: 1,
          register_max: 99_999_999,
          created_at: fromTs,
          last_seen_at: lastSeenAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  await db.insertInto('room_meters').values({ owner_user_id: owner, room_id: room, meter_id: meter, from_ts: fromTs, to_ts: null }).execute();
  return meter;
}

/** Posts one entry at `at` (its created_at), as the deduction, payments and operators would. */
export async function post(db: Kysely<Database>, kind: DbKind, account: number, at: number, entry: EntryWrite): Promise<number> {
  return (await postEntries(db, kind, account, [entry], at)).balanceMinor;
}

export async function makePayment(
  db: Kysely<Database>,
  owner: number,
  account: number,
  values: {
    channel: string;
    operator: string;
    amountMinor: number;
    serviceFeeMinor?: number;
    refundedMinor?: number;
    paidAt: number | null;
    state?: string;
    no: string;
  },
): Promise<number> {
  return Number(
    (
      await db
        .insertInto('payments')
        .values({
          owner_user_id: owner,
          account_id: account,
          member_id: null,
          channel: values.channel,
          out_trade_no: values.no,
          provider_txn_id: null,
          amount_minor: values.amountMinor,
          service_fee_minor: values.serviceFeeMinor ?? 0,
          refunded_minor: values.refundedMinor ?? 0,
          state: values.state ?? 'paid',
          operator: values.operator,
          receipt_no: null,
          created_at: values.paidAt ?? 0,
          paid_at: values.paidAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
}
