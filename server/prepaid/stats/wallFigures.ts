import type { Kysely } from 'kysely';
import {
  ROOM_NO_DATA_MS,
  ROOM_STATES,
  type AccountRow,
  type BalanceLevel,
  type BillingMode,
  type PrepaidOverview,
  type RoomState,
  type SupplyState,
} from '@shared/prepaid';
import type { Database } from '../../db/schema';
import { localPeriods } from '../../metering/calendar';
import { localDayStartOf } from '../bills/localMonths';

/** `null`: every tree (an administrator); otherwise the owner ids of the caller's tree. */
export type WallOwners = readonly number[] | null;

/** How far back the average daily charge of `daysLeft` looks. */
export const DAYS_LEFT_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;
/** Accounts read this many at a time (bounded `IN` lists). */
const CHUNK = 400;

export interface RoomStateInput {
  supplyState: string;
  keepSupply: boolean;
  balanceLevel: number;
  /** newest `last_seen_at` of the meters feeding the room now; null when none reported or no meter */
  lastSeenAt: number | null;
}

/**
 * A room's state on the wall, the first that applies in ROOM_STATES order: cut (a cut-off sent or done),
 * keep-supply, no data (no meter of the room reported within ROOM_NO_DATA_MS), arrears, level 2, level 1, normal.
 * A command whose outcome is unknown counts as cut: the operator has to look at it.
 */
export function roomStateOf(input: RoomStateInput, now: number): RoomState {
  if (input.supplyState === 'cut' || input.supplyState === 'cutting' || input.supplyState === 'unknown') return 'cut';
  if (input.keepSupply) return 'keepSupply';
  if (input.lastSeenAt === null || now - input.lastSeenAt > ROOM_NO_DATA_MS) return 'noData';
  if (input.balanceLevel >= 3) return 'arrears';
  if (input.balanceLevel === 2) return 'alarm2';
  if (input.balanceLevel === 1) return 'alarm1';
  return 'normal';
}

/**
 * Days of credit left: the balance over the average daily charge (charges and fees) of the last
 * DAYS_LEFT_WINDOW_DAYS days, one decimal, rounded down; 0 at or below zero; null when nothing was charged.
 */
export function daysLeftOf(balanceMinor: number, chargedInWindowMinor: number, windowDays = DAYS_LEFT_WINDOW_DAYS): number | null {
  if (chargedInWindowMinor <= 0) return null;
  if (balanceMinor <= 0) return 0;
  return Math.floor((balanceMinor * windowDays * 10) / chargedInWindowMinor) / 10;
}

const num = (value: unknown): number => Number(value ?? 0);
const ownersFilter = (owners: WallOwners): number[] | null => (owners === null ? null : owners.length ? [...owners] : [-1]);

/** The open accounts of the owners with their room, member, department and their meters' newest report. */
async function openAccounts(db: Kysely<Database>, owners: WallOwners) {
  let query = db
    .selectFrom('prepaid_accounts')
    .innerJoin('rooms', 'rooms.id', 'prepaid_accounts.room_id')
    .leftJoin('members', 'members.id', 'prepaid_accounts.member_id')
    .leftJoin('departments', 'departments.id', 'rooms.department_id')
    .selectAll('prepaid_accounts')
    .select(['rooms.code as room_code', 'rooms.building', 'rooms.floor', 'rooms.number', 'members.name as member_name', 'departments.name as department_name'])
    .where('prepaid_accounts.state', '=', 'open')
    .orderBy('prepaid_accounts.id');
  const filter = ownersFilter(owners);
  if (filter) query = query.where('prepaid_accounts.owner_user_id', 'in', filter);
  return query.execute();
}

async function lastSeenByRoom(db: Kysely<Database>, roomIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < roomIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('room_meters')
      .innerJoin('meters', 'meters.id', 'room_meters.meter_id')
      .select(['room_meters.room_id', (eb) => eb.fn.max('meters.last_seen_at').as('seen')])
      .where('room_meters.room_id', 'in', roomIds.slice(i, i + CHUNK))
      .where('room_meters.to_ts', 'is', null)
      .groupBy('room_meters.room_id')
      .execute();
    for (const row of rows) if (row.seen !== null) out.set(row.room_id, num(row.seen));
  }
  return out;
}

async function chargedSince(db: Kysely<Database>, accountIds: number[], since: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < accountIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('ledger_entries')
      .select(['account_id', (eb) => eb.fn.sum<number>('amount_minor').as('amount')])
      .where('account_id', 'in', accountIds.slice(i, i + CHUNK))
      .where('kind', 'in', ['charge', 'fee'])
      .where('created_at', '>=', since)
      .groupBy('account_id')
      .execute();
    for (const row of rows) out.set(row.account_id, -num(row.amount));
  }
  return out;
}

/** The wall's room list: open accounts of the owners as AccountRow, fewest days of credit left first (unknown last). */
export async function wallRooms(db: Kysely<Database>, owners: WallOwners, limit: number, now: number): Promise<AccountRow[]> {
  const accounts = await openAccounts(db, owners);
  const seen = await lastSeenByRoom(
    db,
    accounts.map((a) => a.room_id),
  );
  const charged = await chargedSince(
    db,
    accounts.map((a) => a.id),
    now - DAYS_LEFT_WINDOW_DAYS * DAY_MS,
  );
  const rows: AccountRow[] = accounts.map((a) => {
    const balanceMinor = num(a.balance_minor);
    const keepSupply = num(a.keep_supply) === 1;
    return {
      id: a.id,
      roomId: a.room_id,
      roomCode: a.room_code,
      building: a.building,
      floor: a.floor,
      number: a.number,
      departmentName: a.department_name ?? null,
      memberId: a.member_id,
      memberName: a.member_name ?? null,
      billingMode: a.billing_mode as BillingMode,
      currency: a.currency,
      balanceMinor,
      balanceLevel: num(a.balance_level) as BalanceLevel,
      alarm1Minor: num(a.alarm1_minor),
      alarm2Minor: num(a.alarm2_minor),
      creditLimitMinor: num(a.credit_limit_minor),
      noCutFrom: a.no_cut_from,
      noCutTo: a.no_cut_to,
      noCutWeekends: num(a.no_cut_weekends) === 1,
      noCutHolidays: num(a.no_cut_holidays) === 1,
      keepSupply,
      supplyState: a.supply_state as SupplyState,
      roomState: roomStateOf({ supplyState: a.supply_state, keepSupply, balanceLevel: num(a.balance_level), lastSeenAt: seen.get(a.room_id) ?? null }, now),
      daysLeft: daysLeftOf(balanceMinor, charged.get(a.id) ?? 0),
      chargedUntil: num(a.charged_until),
      state: 'open',
      openedAt: num(a.opened_at),
    };
  });
  rows.sort((x, y) => {
    if (x.daysLeft === null || y.daysLeft === null)
      return x.daysLeft === y.daysLeft ? x.balanceMinor - y.balanceMinor || x.id - y.id : x.daysLeft === null ? 1 : -1;
    return x.daysLeft - y.daysLeft || x.balanceMinor - y.balanceMinor || x.id - y.id;
  });
  return rows.slice(0, limit);
}

/** Rooms per state (every open account once) and today's paid top-ups (local day, TIME_ZONE). */
export async function prepaidOverview(db: Kysely<Database>, owners: WallOwners, now: number, timeZone: string): Promise<PrepaidOverview> {
  const accounts = await openAccounts(db, owners);
  const seen = await lastSeenByRoom(
    db,
    accounts.map((a) => a.room_id),
  );
  const states = Object.fromEntries(ROOM_STATES.map((state) => [state, 0])) as Record<RoomState, number>;
  for (const a of accounts)
    states[
      roomStateOf(
        { supplyState: a.supply_state, keepSupply: num(a.keep_supply) === 1, balanceLevel: num(a.balance_level), lastSeenAt: seen.get(a.room_id) ?? null },
        now,
      )
    ] += 1;
  const dayStart = localDayStartOf(localPeriods(now, timeZone).day, timeZone);
  let topups = db
    .selectFrom('payments')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('amount_minor').as('amount')])
    .where('state', '=', 'paid')
    .where('paid_at', '>=', dayStart)
    .where('paid_at', '<=', now);
  const filter = ownersFilter(owners);
  if (filter) topups = topups.where('owner_user_id', 'in', filter);
  const today = await topups.executeTakeFirst();
  return {
    states,
    rooms: accounts.length,
    todayTopupsMinor: num(today?.amount),
    todayTopupCount: num(today?.n),
    currency: accounts[0]?.currency ?? 'CNY',
    at: now,
  };
}
