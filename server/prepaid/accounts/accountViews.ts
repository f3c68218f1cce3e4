import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import {
  BALANCE_LEVELS,
  ROOM_NO_DATA_MS,
  type AccountDetail,
  type AccountEvent,
  type AccountItem,
  type AccountRow,
  type BalanceLevel,
  type BillingMode,
  type ItemKind,
  type RoomMeter,
  type RoomState,
  type SupplyState,
  type accountListQuerySchema,
} from '@shared/prepaid';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { ownerIds, type OwnerScope } from '../../tenancy/ownerScope';

export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

const DAY_MS = 86_400_000;
/** daysLeft averages the charges and fees of this many days (or of the days since opening, when fewer). */
export const DAYS_LEFT_WINDOW_DAYS = 7;
/** Ids per IN list: well under both engines' limits on bound parameters. */
const CHUNK = 1000;

/**
 * A room's state on /pay/room and the wall: the first that holds, in ROOM_STATES order. Only a cut that the
 * gateway confirmed counts as `cut` (a pending or unconfirmed one is still `on`, `cutting` or `unknown` for
 * supply control); keep-supply next, since it overrides the cut-off whatever the balance; then a room none of
 * whose current meters reported for ROOM_NO_DATA_MS (or with no meter at all): its balance is not moving, so the
 * level below would mislead; then the balance level.
 */
export function roomStateOf(account: { supplyState: string; keepSupply: boolean; balanceLevel: number; lastSeenAt: number | null }, now: number): RoomState {
  if (account.supplyState === 'cut') return 'cut';
  if (account.keepSupply) return 'keepSupply';
  if (account.lastSeenAt === null || now - account.lastSeenAt > ROOM_NO_DATA_MS) return 'noData';
  if (account.balanceLevel >= BALANCE_LEVELS.arrears) return 'arrears';
  if (account.balanceLevel === BALANCE_LEVELS.alarm2) return 'alarm2';
  if (account.balanceLevel === BALANCE_LEVELS.alarm1) return 'alarm1';
  return 'normal';
}

/**
 * Days of credit left: the balance ÷ the average daily debit (charges and fees) over `windowDays`, rounded DOWN to
 * one decimal (a wall never promises more credit than there is). null when nothing was charged in the window; 0
 * when the balance is at or below zero.
 */
export function daysLeftOf(balanceMinor: number, debitsMinor: number, windowDays: number = DAYS_LEFT_WINDOW_DAYS): number | null {
  if (debitsMinor <= 0 || windowDays <= 0) return null;
  if (balanceMinor <= 0) return 0;
  const perDay = debitsMinor / windowDays;
  return Math.floor((balanceMinor / perDay) * 10 + 1e-9) / 10;
}

/**
 * The window daysLeft averages over: the last 7 days, or the days since the account opened when it is younger
 * (at least one day), so a room opened yesterday is not credited with six days of no consumption.
 */
export function daysLeftWindow(openedAt: number, now: number): { from: number; days: number } {
  // From the hour the account opened in: its first charged hour starts there.
  const from = Math.max(now - DAYS_LEFT_WINDOW_DAYS * DAY_MS, Math.floor(openedAt / 3_600_000) * 3_600_000);
  return { from, days: Math.min(DAYS_LEFT_WINDOW_DAYS, Math.max(1, (now - from) / DAY_MS)) };
}

type AccountQuery = SelectQueryBuilder<
  Database & { a: Database['prepaid_accounts']; r: Database['rooms']; d: Database['departments']; m: Database['members'] },
  'a' | 'r' | 'd' | 'm',
  object
>;

function baseQuery(db: Kysely<Database>): AccountQuery {
  return db
    .selectFrom('prepaid_accounts as a')
    .innerJoin('rooms as r', 'r.id', 'a.room_id')
    .leftJoin('departments as d', 'd.id', 'r.department_id')
    .leftJoin('members as m', 'm.id', 'a.member_id') as unknown as AccountQuery;
}

const selectRow = (query: AccountQuery) =>
  query.select([
    'a.id',
    'a.room_id',
    'r.code as room_code',
    'r.building',
    'r.floor',
    'r.number',
    'd.name as department_name',
    'a.member_id',
    'm.name as member_name',
    'a.billing_mode',
    'a.currency',
    'a.balance_minor',
    'a.balance_level',
    'a.alarm1_minor',
    'a.alarm2_minor',
    'a.credit_limit_minor',
    'a.no_cut_from',
    'a.no_cut_to',
    'a.no_cut_weekends',
    'a.no_cut_holidays',
    'a.keep_supply',
    'a.supply_state',
    'a.charged_until',
    'a.state',
    'a.opened_at',
  ]);

type StoredRow = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>[number];

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < values.length; index += CHUNK) out.push(values.slice(index, index + CHUNK));
  return out;
}

/** The latest reading time of any meter feeding each room now (null: none reported, or no meter). */
async function lastSeenByRoom(db: Kysely<Database>, roomIds: readonly number[]): Promise<Map<number, number | null>> {
  const seen = new Map<number, number | null>();
  for (const part of chunks(roomIds)) {
    const rows = await db
      .selectFrom('room_meters')
      .innerJoin('meters', 'meters.id', 'room_meters.meter_id')
      .select(['room_meters.room_id', (eb) => eb.fn.max('meters.last_seen_at').as('last_seen')])
      .where('room_meters.room_id', 'in', part)
      .where('room_meters.to_ts', 'is', null)
      .groupBy('room_meters.room_id')
      .execute();
    for (const row of rows) seen.set(Number(row.room_id), row.last_seen === null || row.last_seen === undefined ? null : Number(row.last_seen));
  }
  return seen;
}

/** Charges and fees (as positive minor units) of each account's daysLeft window, by the hour they were for. */
async function recentDebits(db: Kysely<Database>, accountIds: readonly number[], now: number): Promise<Map<number, number>> {
  const debits = new Map<number, number>();
  const from = now - DAYS_LEFT_WINDOW_DAYS * DAY_MS;
  for (const part of chunks(accountIds)) {
    const rows = await db
      .selectFrom('ledger_entries')
      .select(['account_id', (eb) => eb.fn.sum<number | string>('amount_minor').as('total')])
      .where('account_id', 'in', part)
      .where('kind', 'in', ['charge', 'fee'])
      .where('hour_start', '>=', from)
      .where('hour_start', '<', now)
      .groupBy('account_id')
      .execute();
    for (const row of rows) debits.set(Number(row.account_id), -Number(row.total ?? 0));
  }
  return debits;
}

function toRow(row: StoredRow, lastSeenAt: number | null, debitsMinor: number, now: number): AccountRow {
  const openedAt = Number(row.opened_at);
  const balanceMinor = Number(row.balance_minor);
  const window = daysLeftWindow(openedAt, now);
  const keepSupply = Number(row.keep_supply) === 1;
  const balanceLevel = Number(row.balance_level) as BalanceLevel;
  return {
    id: Number(row.id),
    roomId: Number(row.room_id),
    roomCode: row.room_code,
    building: row.building,
    floor: row.floor,
    number: row.number,
    departmentName: row.department_name ?? null,
    memberId: row.member_id === null ? null : Number(row.member_id),
    memberName: row.member_name ?? null,
    billingMode: row.billing_mode as BillingMode,
    currency: row.currency,
    balanceMinor,
    balanceLevel,
    alarm1Minor: Number(row.alarm1_minor),
    alarm2Minor: Number(row.alarm2_minor),
    creditLimitMinor: Number(row.credit_limit_minor),
    noCutFrom: row.no_cut_from,
    noCutTo: row.no_cut_to,
    noCutWeekends: Number(row.no_cut_weekends) === 1,
    noCutHolidays: Number(row.no_cut_holidays) === 1,
    keepSupply,
    supplyState: row.supply_state as SupplyState,
    roomState: roomStateOf({ supplyState: row.supply_state, keepSupply, balanceLevel, lastSeenAt }, now),
    // Postpaid rooms have no credit to run out of: no days left (the wall lists them last).
    daysLeft: row.billing_mode === 'postpaid' ? null : daysLeftOf(balanceMinor, debitsMinor, window.days),
    chargedUntil: Number(row.charged_until),
    state: row.state === 'closed' ? 'closed' : 'open',
    openedAt,
  };
}

/** Stored rows → AccountRows with their room state and days left (two grouped reads for the whole set). */
async function complete(db: Kysely<Database>, rows: StoredRow[], now: number): Promise<AccountRow[]> {
  if (rows.length === 0) return [];
  const seen = await lastSeenByRoom(
    db,
    rows.map((row) => Number(row.room_id)),
  );
  const debits = await recentDebits(
    db,
    rows.map((row) => Number(row.id)),
    now,
  );
  return rows.map((row) => toRow(row, seen.get(Number(row.room_id)) ?? null, debits.get(Number(row.id)) ?? 0, now));
}

const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Ordering of accountRows: room code (the list), or days left, fewest first, no-estimate last (the wall). */
export type AccountOrder = 'code' | 'daysLeft';

function byDaysLeft(x: AccountRow, y: AccountRow): number {
  if (x.daysLeft === null && y.daysLeft === null) return x.roomCode.localeCompare(y.roomCode);
  if (x.daysLeft === null) return 1;
  if (y.daysLeft === null) return -1;
  return x.daysLeft - y.daysLeft || x.balanceMinor - y.balanceMinor || x.roomCode.localeCompare(y.roomCode);
}

/**
 * /pay/room's account list (and the wall's room list): accounts of the caller's trees, open ones unless `all`,
 * filtered by keyword (room code, building, number, member), supply state, billing mode, department, member
 * and room state. Room state and days left are computed, so a state filter or the days-left order reads every
 * matching account and pages in memory (tens of thousands of rooms: two grouped reads, fine); otherwise the
 * page is cut in SQL.
 */
export async function accountRows(
  db: Kysely<Database>,
  scope: OwnerScope,
  query: Partial<AccountListQuery>,
  now: number,
  order: AccountOrder = 'code',
): Promise<{ list: AccountRow[]; total: number }> {
  let base = baseQuery(db);
  const owners = ownerIds(scope);
  if (owners) base = base.where('a.owner_user_id', 'in', owners);
  if (!query.all) base = base.where('a.state', '=', 'open');
  if (query.supply) base = base.where('a.supply_state', '=', query.supply);
  if (query.billingMode) base = base.where('a.billing_mode', '=', query.billingMode);
  if (query.departmentId !== undefined) base = base.where('r.department_id', '=', query.departmentId);
  if (query.memberId !== undefined) base = base.where('a.member_id', '=', query.memberId);
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    base = base.where((eb) =>
      eb.or(['r.code', 'r.building', 'r.number', 'm.name', 'm.code'].map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`)),
    );
  }
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  if (!query.state && order === 'code') {
    const counted = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
    const rows = await selectRow(base)
      .orderBy('r.code')
      .orderBy('a.id')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return { list: await complete(db, rows, now), total: Number(counted?.total ?? 0) };
  }
  let list = await complete(db, await selectRow(base).orderBy('r.code').orderBy('a.id').execute(), now);
  if (query.state) list = list.filter((row) => row.roomState === query.state);
  if (order === 'daysLeft') list.sort(byDaysLeft);
  return { list: list.slice((page - 1) * size, page * size), total: list.length };
}

/** Accounts by id, whatever tree (the caller checked it: the member page, supply control, the wall). */
export async function accountRowsByIds(db: Kysely<Database>, ids: readonly number[], now: number): Promise<AccountRow[]> {
  const rows: StoredRow[] = [];
  for (const part of chunks(ids)) rows.push(...(await selectRow(baseQuery(db).where('a.id', 'in', part)).execute()));
  const byId = new Map((await complete(db, rows, now)).map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is AccountRow => row !== undefined);
}

export const accountNotFound = (id: number) => new AppError('NOT_FOUND', { message: `Account ${id} was not found` });

/** The items of some accounts, oldest first, with their tariff's name. */
export async function itemsOf(
  db: Kysely<Database>,
  filter: { accountIds?: readonly number[]; itemIds?: readonly number[]; owners?: number[] | null; activeOnly?: boolean },
): Promise<AccountItem[]> {
  let query = db
    .selectFrom('account_items as i')
    .innerJoin('prepaid_accounts as a', 'a.id', 'i.account_id')
    .innerJoin('rooms as r', 'r.id', 'a.room_id')
    .leftJoin('tariffs as t', 't.id', 'i.tariff_id')
    .select([
      'i.id',
      'i.account_id',
      'i.kind',
      'i.name',
      'i.energy_type',
      'i.tariff_id',
      't.name as tariff_name',
      'i.amount_minor',
      'i.ratio_bp',
      'i.active',
      'r.code as room_code',
    ]);
  if (filter.accountIds) query = query.where('i.account_id', 'in', filter.accountIds.length ? [...filter.accountIds] : [-1]);
  if (filter.itemIds) query = query.where('i.id', 'in', filter.itemIds.length ? [...filter.itemIds] : [-1]);
  if (filter.owners) query = query.where('i.owner_user_id', 'in', filter.owners);
  if (filter.activeOnly) query = query.where('i.active', '=', 1);
  const rows = await query.orderBy('r.code').orderBy('i.id').execute();
  return rows.map((row) => ({
    id: Number(row.id),
    accountId: Number(row.account_id),
    kind: row.kind as ItemKind,
    name: row.name,
    energyType: row.energy_type,
    tariffId: row.tariff_id === null ? null : Number(row.tariff_id),
    tariffName: row.tariff_name ?? null,
    amountMinor: Number(row.amount_minor),
    ratioBp: Number(row.ratio_bp),
    active: Number(row.active) === 1,
    roomCode: row.room_code,
  }));
}

/** Every span a meter fed the room, newest first (the current ones have no end). */
async function roomMetersOf(db: Kysely<Database>, roomId: number): Promise<RoomMeter[]> {
  const rows = await db
    .selectFrom('room_meters')
    .innerJoin('meters', 'meters.id', 'room_meters.meter_id')
    .leftJoin('gateways', 'gateways.id', 'meters.gateway_id')
    .select(['room_meters.meter_id', 'meters.code', 'meters.name', 'meters.energy_type', 'gateways.sn', 'room_meters.from_ts', 'room_meters.to_ts'])
    .where('room_meters.room_id', '=', roomId)
    .orderBy('room_meters.from_ts', 'desc')
    .orderBy('room_meters.id', 'desc')
    .execute();
  return rows.map((row) => ({
    meterId: Number(row.meter_id),
    meterCode: row.code,
    meterName: row.name,
    energyType: row.energy_type,
    gatewaySn: row.sn ?? null,
    fromTs: Number(row.from_ts),
    toTs: row.to_ts === null ? null : Number(row.to_ts),
  }));
}

/** How many of an account's events the detail carries (newest first); the log itself keeps them all. */
export const DETAIL_EVENTS = 200;

export async function eventsOf(db: Kysely<Database>, accountId: number, limit = DETAIL_EVENTS): Promise<AccountEvent[]> {
  const rows = await db
    .selectFrom('account_events')
    .select(['id', 'at', 'what', 'detail', 'operator'])
    .where('account_id', '=', accountId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), at: Number(row.at), what: row.what, detail: parseDetail(row.detail), operator: row.operator }));
}

function parseDetail(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One account with its items, the meters that fed its room (history included) and its latest events. */
export async function accountDetail(db: Kysely<Database>, scope: OwnerScope, id: number, now: number): Promise<AccountDetail> {
  const owners = ownerIds(scope);
  let query = selectRow(baseQuery(db).where('a.id', '=', id));
  if (owners) query = query.where('a.owner_user_id', 'in', owners);
  const stored = await query.executeTakeFirst();
  if (!stored) throw accountNotFound(id);
  const [row] = await complete(db, [stored], now);
  return {
    ...(row as AccountRow),
    items: await itemsOf(db, { accountIds: [id] }),
    meters: await roomMetersOf(db, Number(stored.room_id)),
    events: await eventsOf(db, id),
  };
}
