import type { Kysely } from 'kysely';
import { ROOM_STATES, type AccountRow, type PrepaidOverview, type RoomState } from '@shared/prepaid';
import type { Database } from '../../db/schema';
import { localPeriods } from '../../metering/calendar';
import { ownerIds, type OwnerScope } from '../../tenancy/ownerScope';
import { accountRows, roomStateOf } from '../accounts/accountViews';
import { localDayStartOf } from '../bills/localMonths';

const num = (value: unknown): number => Number(value ?? 0);

/** Accounts read this many at a time (bounded `IN` lists). */
const CHUNK = 400;

/** The open accounts of the caller's tree, what their room state is decided from. */
async function openAccounts(db: Kysely<Database>, scope: OwnerScope) {
  let query = db
    .selectFrom('prepaid_accounts')
    .select(['id', 'room_id', 'currency', 'supply_state', 'keep_supply', 'balance_level'])
    .where('state', '=', 'open')
    .orderBy('id');
  const owners = ownerIds(scope);
  if (owners) query = query.where('owner_user_id', 'in', owners);
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

/**
 * The wall's room list: the caller's open accounts as /pay/room lists them (accountRows: the same room state and days
 * left), fewest days of credit left first, the rooms without an estimate last.
 */
export async function wallRooms(db: Kysely<Database>, scope: OwnerScope, limit: number, now: number): Promise<AccountRow[]> {
  return (await accountRows(db, scope, { page: 1, size: limit }, now, 'daysLeft')).list;
}

/**
 * Rooms per state (every open account once, by the room state of /pay/room: roomStateOf) and today's paid top-ups
 * (local day, TIME_ZONE). Reads only what the state needs: one pass over the accounts and one grouped read of meters.
 */
export async function prepaidOverview(db: Kysely<Database>, scope: OwnerScope, now: number, timeZone: string): Promise<PrepaidOverview> {
  const accounts = await openAccounts(db, scope);
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
  const owners = ownerIds(scope);
  if (owners) topups = topups.where('owner_user_id', 'in', owners);
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
