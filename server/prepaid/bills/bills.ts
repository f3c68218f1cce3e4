import { sql, type Kysely } from 'kysely';
import { INVOICE_DUE_DAYS, type BillIssueResult, type BillKind, type BillLine, type BillRow, type BillState, type EntryKind } from '@shared/prepaid';
import { BAND_TYPES, type BandType } from '@shared/tariffs/bands';
import type { Database } from '../../db/schema';
import { AppError, validationError } from '../../http/appError';
import { localPeriods } from '../../metering/calendar';
import { ownerIds, type OwnerScope } from '../../tenancy/ownerScope';
import { invoiceDueDay, localMonthRange } from './localMonths';

/** Accounts are read and billed this many at a time (bounded `IN` lists on both engines). */
const CHUNK = 400;
/** Entry kinds that are consumption (charged by the hour or the day): they never pay an invoice. */
const CONSUMPTION: readonly EntryKind[] = ['charge', 'fee'];

export interface BillQuery {
  page: number;
  size: number;
  month?: string;
  state?: BillState;
  accountId?: number;
  memberId?: number;
  keyword?: string;
  overdue?: boolean;
}

export type BillIssueOutcome = BillIssueResult;

interface AccountToBill {
  id: number;
  owner_user_id: number;
  room_id: number;
  member_id: number | null;
  billing_mode: string;
}

/** The figures of one account-month, before they are stored. */
export interface BillFigures {
  openingMinor: number;
  chargesMinor: number;
  feesMinor: number;
  topupsMinor: number;
  refundsMinor: number;
  adjustmentsMinor: number;
  closingMinor: number;
  lines: BillLine[];
}

const num = (value: unknown): number => Number(value ?? 0);
const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

const lineOrder = (line: BillLine): string => `${['charge', 'adjustment', 'fee', 'service_fee'].indexOf(line.kind)}`;

/**
 * Monthly bills: one per account and finished local month (TIME_ZONE), unique (account, month), so however many
 * processes or operators issue a month, each account-month is written once. A bill is the month's ledger read
 * by the time entries were posted (`created_at` in the month): a month that has ended gets no new entries,
 * so a bill issued after it never changes. Figures are in minor units:
 *
 * - opening = balance after the last entry posted before the month (0 when none);
 * - charges, fees (fixed fees and top-up service fees) and refunds are positive amounts taken from the balance;
 * - top-ups are the gross amounts credited; adjustments the signed sum of adjustments (credits positive);
 * - closing = opening + top-ups − charges − fees − refunds + adjustments (= the balance after the month's last entry);
 * - lines: charges, fees, service fees and late-data adjustments grouped by item and band, with energy
 *   (a line's amount is what the room was charged: positive, or negative for an adjustment handing back).
 *
 * Prepaid accounts get a `statement` (state issued); postpaid ones an `invoice` due INVOICE_DUE_DAYS after the
 * month's last day. The amount due is −closing (nothing when the closing balance is not negative); an invoice is
 * `paid` once the top-ups (net of their service fees and refunds) and manual adjustments posted since its month
 * ended add up to that amount — the charges of later months do not count against it — and `overdue` when its due
 * day has passed unpaid.
 */
export class Bills {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly timeZone: string,
  ) {}

  /** The local month of `now`: bills exist only for months before it. */
  currentMonth(now: number): string {
    return localPeriods(now, this.timeZone).month;
  }

  /**
   * Issues `month`'s bills for every account of the scope (null: every tree, the monthly job) that was open at
   * some time in the month and has none yet. Throws a field error for a month that has not ended.
   */
  async issue(scope: OwnerScope | null, month: string, now: number): Promise<BillIssueOutcome> {
    if (month >= this.currentMonth(now))
      throw validationError([{ field: 'month', rule: 'finished', message: `${month} has not ended yet: only a finished month can be billed` }]);
    const { start, end } = localMonthRange(month, this.timeZone);
    const owners = scope ? ownerIds(scope) : null;
    let query = this.db
      .selectFrom('prepaid_accounts')
      .select(['id', 'owner_user_id', 'room_id', 'member_id', 'billing_mode'])
      .where('opened_at', '<', end)
      .where((eb) => eb.or([eb('closed_at', 'is', null), eb('closed_at', '>=', start)]))
      .orderBy('id');
    if (owners) query = query.where('owner_user_id', 'in', owners);
    const accounts: AccountToBill[] = await query.execute();
    let issued = 0;
    let existing = 0;
    for (const part of chunks(accounts)) {
      const billed = new Set(
        (
          await this.db
            .selectFrom('bills')
            .select('account_id')
            .where('month', '=', month)
            .where(
              'account_id',
              'in',
              part.map((a) => a.id),
            )
            .execute()
        ).map((row) => row.account_id),
      );
      const todo = part.filter((account) => !billed.has(account.id));
      existing += part.length - todo.length;
      if (todo.length === 0) continue;
      const figures = await this.figures(
        todo.map((a) => a.id),
        start,
        end,
      );
      for (const account of todo) {
        const bill = figures.get(account.id) ?? emptyFigures();
        const kind: BillKind = account.billing_mode === 'postpaid' ? 'invoice' : 'statement';
        const result = await this.db
          .insertInto('bills')
          .values({
            owner_user_id: account.owner_user_id,
            account_id: account.id,
            room_id: account.room_id,
            member_id: account.member_id,
            month,
            kind,
            opening_minor: bill.openingMinor,
            charges_minor: bill.chargesMinor,
            fees_minor: bill.feesMinor,
            topups_minor: bill.topupsMinor,
            refunds_minor: bill.refundsMinor,
            adjustments_minor: bill.adjustmentsMinor,
            closing_minor: bill.closingMinor,
            lines: JSON.stringify(bill.lines),
            due_day: kind === 'invoice' ? invoiceDueDay(month, INVOICE_DUE_DAYS) : null,
            state: 'issued',
            paid_at: null,
            created_at: now,
          })
          // Two processes issuing the same month: the unique (account, month) keeps the first, the other writes nothing.
          .onConflict((oc) => oc.columns(['account_id', 'month']).doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) issued++;
        else existing++;
      }
      for (const account of todo) if (account.billing_mode === 'postpaid') await this.settleInvoices(account.id, now);
    }
    return { month, issued, existing };
  }

  /** The figures of each account for [start, end) from its ledger (see the class comment). */
  async figures(accountIds: readonly number[], start: number, end: number): Promise<Map<number, BillFigures>> {
    const out = new Map<number, BillFigures>();
    if (accountIds.length === 0) return out;
    const lastBefore = await this.db
      .selectFrom('ledger_entries')
      .select(['account_id', (eb) => eb.fn.max('id').as('last_id')])
      .where('account_id', 'in', [...accountIds])
      .where('created_at', '<', start)
      .groupBy('account_id')
      .execute();
    const openings = new Map<number, number>();
    const lastIds = lastBefore.map((row) => num(row.last_id)).filter((id) => id > 0);
    if (lastIds.length > 0) {
      for (const row of await this.db.selectFrom('ledger_entries').select(['account_id', 'balance_after_minor']).where('id', 'in', lastIds).execute())
        openings.set(row.account_id, num(row.balance_after_minor));
    }
    const sums = await this.db
      .selectFrom('ledger_entries')
      .select([
        'account_id',
        'kind',
        'item_id',
        'band',
        (eb) => eb.fn.sum<number>('amount_minor').as('amount'),
        (eb) => eb.fn.sum<number>('energy_milli').as('energy'),
      ])
      .where('account_id', 'in', [...accountIds])
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .groupBy(['account_id', 'kind', 'item_id', 'band'])
      .execute();
    const itemIds = [...new Set(sums.map((row) => row.item_id).filter((id): id is number => id !== null))];
    const itemNames = new Map<number, string>();
    if (itemIds.length > 0)
      for (const item of await this.db.selectFrom('account_items').select(['id', 'name']).where('id', 'in', itemIds).execute())
        itemNames.set(item.id, item.name);
    for (const accountId of accountIds) out.set(accountId, { ...emptyFigures(), openingMinor: openings.get(accountId) ?? 0 });
    for (const row of sums) {
      const bill = out.get(row.account_id)!;
      const amount = num(row.amount);
      const kind = row.kind as EntryKind;
      if (kind === 'charge') bill.chargesMinor -= amount;
      else if (kind === 'fee' || kind === 'service_fee') bill.feesMinor -= amount;
      else if (kind === 'topup') bill.topupsMinor += amount;
      else if (kind === 'refund') bill.refundsMinor -= amount;
      else bill.adjustmentsMinor += amount;
      const lineKind = kind === 'charge' || kind === 'fee' || kind === 'service_fee' || (kind === 'adjustment' && row.item_id !== null);
      if (lineKind)
        bill.lines.push({
          itemId: row.item_id,
          name: row.item_id === null ? '' : (itemNames.get(row.item_id) ?? `#${row.item_id}`),
          kind,
          band: (row.band as BandType | null) ?? null,
          energyMilli: num(row.energy),
          amountMinor: -amount,
        });
    }
    for (const bill of out.values()) {
      bill.closingMinor = bill.openingMinor + bill.topupsMinor - bill.chargesMinor - bill.feesMinor - bill.refundsMinor + bill.adjustmentsMinor;
      bill.lines.sort((a, b) => (a.itemId ?? 0) - (b.itemId ?? 0) || lineOrder(a).localeCompare(lineOrder(b)) || bandRank(a.band) - bandRank(b.band));
    }
    return out;
  }

  /**
   * Marks the account's unpaid invoices paid when what was credited since their month ended covers their amount
   * due (see the class comment). Returns how many it marked. Called after top-ups and adjustments, at issue and daily.
   */
  async settleInvoices(accountId: number, now: number): Promise<number> {
    const open = await this.db
      .selectFrom('bills')
      .select(['id', 'month', 'closing_minor'])
      .where('account_id', '=', accountId)
      .where('kind', '=', 'invoice')
      .where('state', 'in', ['issued', 'overdue'])
      .orderBy('month')
      .execute();
    let marked = 0;
    for (const invoice of open) {
      const due = Math.max(0, -num(invoice.closing_minor));
      let paid = due === 0;
      if (!paid) {
        const { end } = localMonthRange(invoice.month, this.timeZone);
        const credited = await this.db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.sum<number>('amount_minor').as('sum'))
          .where('account_id', '=', accountId)
          .where('created_at', '>=', end)
          .where('kind', 'not in', [...CONSUMPTION])
          .where((eb) => eb.or([eb('kind', '<>', 'adjustment'), eb('item_id', 'is', null)]))
          .executeTakeFirst();
        paid = num(credited?.sum) >= due;
      }
      if (!paid) continue;
      const changed = await this.db
        .updateTable('bills')
        .set({ state: 'paid', paid_at: now })
        .where('id', '=', invoice.id)
        .where('state', 'in', ['issued', 'overdue'])
        .executeTakeFirst();
      marked += Number(changed.numUpdatedRows);
    }
    return marked;
  }

  /** Settles every account with an unpaid invoice (the daily pass catches top-ups other processes took). */
  async settleAll(now: number): Promise<number> {
    const accounts = await this.db
      .selectFrom('bills')
      .select('account_id')
      .distinct()
      .where('kind', '=', 'invoice')
      .where('state', 'in', ['issued', 'overdue'])
      .execute();
    let marked = 0;
    for (const { account_id } of accounts) marked += await this.settleInvoices(account_id, now);
    return marked;
  }

  /** Invoices still unpaid after their due day (`today` is the local day) become overdue. Returns how many. */
  async markOverdue(today: string): Promise<number> {
    const changed = await this.db
      .updateTable('bills')
      .set({ state: 'overdue' })
      .where('kind', '=', 'invoice')
      .where('state', '=', 'issued')
      .where('due_day', '<', today)
      .executeTakeFirst();
    return Number(changed.numUpdatedRows);
  }

  async list(scope: OwnerScope, query: BillQuery): Promise<{ list: BillRow[]; total: number }> {
    const owners = ownerIds(scope);
    let base = this.db.selectFrom('bills').innerJoin('rooms', 'rooms.id', 'bills.room_id').leftJoin('members', 'members.id', 'bills.member_id');
    if (owners) base = base.where('bills.owner_user_id', 'in', owners);
    if (query.month) base = base.where('bills.month', '=', query.month);
    if (query.overdue) base = base.where('bills.state', '=', 'overdue');
    else if (query.state) base = base.where('bills.state', '=', query.state);
    if (query.accountId) base = base.where('bills.account_id', '=', query.accountId);
    if (query.memberId) base = base.where('bills.member_id', '=', query.memberId);
    if (query.keyword) {
      // Case-insensitive on both engines, the keyword's own % and _ taken literally.
      const pattern = `%${query.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or(
          ['rooms.code', 'rooms.building', 'rooms.number', 'members.name'].map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
        ),
      );
    }
    const total = num((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n);
    const rows = await base
      .selectAll('bills')
      .select(['rooms.code as room_code', 'members.name as member_name'])
      .orderBy('bills.month', 'desc')
      .orderBy('bills.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { list: rows.map(toBillRow), total };
  }

  async get(scope: OwnerScope, id: number): Promise<BillRow> {
    const owners = ownerIds(scope);
    let query = this.db
      .selectFrom('bills')
      .innerJoin('rooms', 'rooms.id', 'bills.room_id')
      .leftJoin('members', 'members.id', 'bills.member_id')
      .selectAll('bills')
      .select(['rooms.code as room_code', 'members.name as member_name'])
      .where('bills.id', '=', id);
    if (owners) query = query.where('bills.owner_user_id', 'in', owners);
    const row = await query.executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { message: `Bill ${id} was not found` });
    return toBillRow(row);
  }
}

const bandRank = (band: string | null): number => (band === null ? -1 : (BAND_TYPES as readonly string[]).indexOf(band));

export function emptyFigures(): BillFigures {
  return { openingMinor: 0, chargesMinor: 0, feesMinor: 0, topupsMinor: 0, refundsMinor: 0, adjustmentsMinor: 0, closingMinor: 0, lines: [] };
}

interface StoredBill {
  id: number;
  account_id: number;
  month: string;
  kind: string;
  opening_minor: number;
  charges_minor: number;
  fees_minor: number;
  topups_minor: number;
  refunds_minor: number;
  adjustments_minor: number;
  closing_minor: number;
  lines: string;
  due_day: string | null;
  state: string;
  paid_at: number | null;
  created_at: number;
  room_code: string;
  member_name: string | null;
}

export function toBillRow(row: StoredBill): BillRow {
  return {
    id: row.id,
    accountId: row.account_id,
    roomCode: row.room_code,
    memberName: row.member_name ?? null,
    month: row.month,
    kind: row.kind as BillKind,
    openingMinor: num(row.opening_minor),
    chargesMinor: num(row.charges_minor),
    feesMinor: num(row.fees_minor),
    topupsMinor: num(row.topups_minor),
    refundsMinor: num(row.refunds_minor),
    adjustmentsMinor: num(row.adjustments_minor),
    closingMinor: num(row.closing_minor),
    lines: JSON.parse(row.lines) as BillLine[],
    dueDay: row.due_day,
    state: row.state as BillState,
    paidAt: row.paid_at === null ? null : num(row.paid_at),
    createdAt: num(row.created_at),
  };
}
