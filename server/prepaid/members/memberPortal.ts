import type { Kysely } from 'kysely';
import type { BalanceLevel, BillKind, BillState, SupplyState, BillLine, BillRow, MemberMe, MemberRoom, MemberUsageDay, PaymentState } from '@shared/prepaid';
import type { MemberPaymentStatus } from '@shared/prepaid/member';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { localDayStart, localPeriods, addDays } from '../../metering/calendar';
import { daysLeftOf, daysLeftWindow } from '../accounts/accountViews';
import type { MemberClaims } from './memberTokens';

const DAY_MS = 86_400_000;
/** Days of charges that daysLeft averages over (as the room list's). */
const DAYS_LEFT_WINDOW = 7;
/** What a room's usage counts as consumption: hourly charges, their late adjustments and fixed fees. */
const USAGE_KINDS = ['charge', 'adjustment', 'fee'] as const;

/**
 * What a signed-in member reads: only accounts held by one of its member rows (the account's member, or the room's
 * when the account names none), open accounts only. Any other account id is answered as one that does not exist.
 */
export class MemberPortal {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly timeZone: string,
  ) {}

  /** Every member row the token speaks for: all with its phone, or the one member a WeChat binding named. */
  async memberRows(claims: MemberClaims): Promise<{ id: number; name: string; phone: string }[]> {
    let query = this.db.selectFrom('members').select(['id', 'name', 'phone']).orderBy('id');
    if (claims.phone !== '') query = query.where('phone', '=', claims.phone);
    else if (claims.memberId !== null) query = query.where('id', '=', claims.memberId);
    else return [];
    return (await query.execute()).map((row) => ({ id: Number(row.id), name: row.name, phone: row.phone }));
  }

  private async accounts(memberIds: number[]) {
    if (memberIds.length === 0) return [];
    return this.db
      .selectFrom('prepaid_accounts')
      .innerJoin('rooms', 'rooms.id', 'prepaid_accounts.room_id')
      .select([
        'prepaid_accounts.id',
        'prepaid_accounts.member_id',
        'prepaid_accounts.balance_minor',
        'prepaid_accounts.balance_level',
        'prepaid_accounts.supply_state',
        'prepaid_accounts.currency',
        'prepaid_accounts.opened_at',
        'rooms.code',
        'rooms.building',
      ])
      .where('prepaid_accounts.state', '=', 'open')
      .where((eb) =>
        eb.or([
          eb('prepaid_accounts.member_id', 'in', memberIds),
          eb.and([eb('prepaid_accounts.member_id', 'is', null), eb('rooms.member_id', 'in', memberIds)]),
        ]),
      )
      .orderBy('rooms.code')
      .execute();
  }

  async me(claims: MemberClaims, now = Date.now()): Promise<MemberMe> {
    const members = await this.memberRows(claims);
    const accounts = await this.accounts(members.map((m) => m.id));
    const rooms: MemberRoom[] = [];
    for (const account of accounts) {
      const balanceMinor = Number(account.balance_minor);
      rooms.push({
        accountId: Number(account.id),
        roomCode: account.code,
        building: account.building,
        balanceMinor,
        balanceLevel: Number(account.balance_level) as BalanceLevel,
        supplyState: account.supply_state as SupplyState,
        daysLeft: await this.daysLeft(Number(account.id), balanceMinor, Number(account.opened_at), now),
        currency: account.currency,
      });
    }
    return { memberIds: members.map((m) => m.id), name: members[0]?.name ?? '', phone: claims.phone, rooms };
  }

  /** The account if the member holds it; otherwise 404 with the same words as an id no account has. */
  async ownAccount(claims: MemberClaims, accountId: number): Promise<{ id: number; memberId: number | null; balanceMinor: number }> {
    const members = await this.memberRows(claims);
    const account = (await this.accounts(members.map((m) => m.id))).find((row) => Number(row.id) === accountId);
    if (!account) throw new AppError('NOT_FOUND', { message: `Room account ${accountId} was not found` });
    return {
      id: accountId,
      memberId: account.member_id === null ? (members[0]?.id ?? null) : Number(account.member_id),
      balanceMinor: Number(account.balance_minor),
    };
  }

  /** daysLeft as the operators' room list computes it: charges and fees of the last 7 days (or since opening). */
  private async daysLeft(accountId: number, balanceMinor: number, openedAt: number, now: number): Promise<number | null> {
    const window = daysLeftWindow(openedAt, now);
    const row = await this.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number | string>('amount_minor').as('total'))
      .where('account_id', '=', accountId)
      .where('kind', 'in', ['charge', 'fee'])
      .where('hour_start', '>=', now - DAYS_LEFT_WINDOW * DAY_MS)
      .where('hour_start', '<', now)
      .executeTakeFirst();
    return daysLeftOf(balanceMinor, -Number(row?.total ?? 0), window.days);
  }

  /** Energy and charges per local day, oldest first, the last `days` days up to today (zeros included). */
  async usage(claims: MemberClaims, accountId: number, days: number, now = Date.now()): Promise<MemberUsageDay[]> {
    await this.ownAccount(claims, accountId);
    const today = localPeriods(now, this.timeZone).day;
    const firstDay = addDays(today, -(days - 1));
    const from = localDayStart(now - (days - 1) * DAY_MS - 2 * 3600_000, this.timeZone) - DAY_MS;
    const entries = await this.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_minor', 'energy_milli', 'hour_start', 'created_at'])
      .where('account_id', '=', accountId)
      .where('kind', 'in', [...USAGE_KINDS])
      .where((eb) => eb.or([eb('hour_start', '>=', from), eb.and([eb('hour_start', 'is', null), eb('created_at', '>=', from)])]))
      .execute();
    const byDay = new Map<string, MemberUsageDay>();
    for (let day = firstDay; day <= today; day = addDays(day, 1)) byDay.set(day, { day, energyMilli: 0, chargesMinor: 0 });
    for (const entry of entries) {
      const at = entry.hour_start === null ? Number(entry.created_at) : Number(entry.hour_start);
      const slot = byDay.get(localPeriods(at, this.timeZone).day);
      if (!slot) continue;
      slot.chargesMinor -= Number(entry.amount_minor);
      if (entry.kind !== 'fee' && entry.energy_milli !== null) slot.energyMilli += Number(entry.energy_milli);
    }
    return [...byDay.values()];
  }

  /** The account's bills, newest month first (at most two years). */
  async bills(claims: MemberClaims, accountId: number): Promise<BillRow[]> {
    await this.ownAccount(claims, accountId);
    const rows = await this.db
      .selectFrom('bills')
      .innerJoin('rooms', 'rooms.id', 'bills.room_id')
      .leftJoin('members', 'members.id', 'bills.member_id')
      .selectAll('bills')
      .select(['rooms.code as room_code', 'members.name as member_name'])
      .where('bills.account_id', '=', accountId)
      .orderBy('bills.month', 'desc')
      .limit(24)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      accountId: Number(row.account_id),
      roomCode: row.room_code,
      memberName: row.member_name,
      month: row.month,
      kind: row.kind as BillKind,
      openingMinor: Number(row.opening_minor),
      chargesMinor: Number(row.charges_minor),
      feesMinor: Number(row.fees_minor),
      topupsMinor: Number(row.topups_minor),
      refundsMinor: Number(row.refunds_minor),
      adjustmentsMinor: Number(row.adjustments_minor),
      closingMinor: Number(row.closing_minor),
      lines: parseLines(row.lines),
      dueDay: row.due_day,
      state: row.state as BillState,
      paidAt: row.paid_at === null ? null : Number(row.paid_at),
      createdAt: Number(row.created_at),
    }));
  }

  /** An online top-up of one of the member's accounts, by its order number. */
  async payment(claims: MemberClaims, outTradeNo: string): Promise<MemberPaymentStatus> {
    const members = await this.memberRows(claims);
    const accountIds = (await this.accounts(members.map((m) => m.id))).map((row) => Number(row.id));
    const row =
      accountIds.length === 0
        ? undefined
        : await this.db
            .selectFrom('payments')
            .innerJoin('prepaid_accounts', 'prepaid_accounts.id', 'payments.account_id')
            .select([
              'payments.out_trade_no',
              'payments.account_id',
              'payments.amount_minor',
              'payments.state',
              'payments.paid_at',
              'prepaid_accounts.balance_minor',
            ])
            .where('payments.out_trade_no', '=', outTradeNo)
            .where('payments.account_id', 'in', accountIds)
            .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { message: `Payment ${outTradeNo} was not found` });
    return {
      outTradeNo: row.out_trade_no,
      accountId: Number(row.account_id),
      amountMinor: Number(row.amount_minor),
      state: row.state as PaymentState,
      paidAt: row.paid_at === null ? null : Number(row.paid_at),
      balanceMinor: Number(row.balance_minor),
    };
  }
}

function parseLines(text: string): BillLine[] {
  try {
    const lines: unknown = JSON.parse(text);
    return Array.isArray(lines) ? (lines as BillLine[]) : [];
  } catch {
    return [];
  }
}
