import type { Kysely } from 'kysely';
import type { BillStats, BillStatsRow, ChargingStats, ChargingStatsRow, ConsumptionStats, ConsumptionStatsRow } from '@shared/prepaid';
import { BAND_TYPES } from '@shared/tariffs/bands';
import type { Database } from '../../db/schema';
import { validationError } from '../../http/appError';
import { localPeriods } from '../../metering/calendar';
import { ownerIds, type OwnerScope } from '../../tenancy/ownerScope';
import { addDays, addMonths, localDaysRange } from '../bills/localMonths';

/** A period longer than this is refused (a year and a day covers any comparison an operator makes). */
export const MAX_STATS_DAYS = 366;
export const MAX_STATS_MONTHS = 60;

export type ConsumptionBy = 'room' | 'department' | 'band' | 'day' | 'month';
export type ChargingBy = 'channel' | 'operator' | 'day' | 'month';

const num = (value: unknown): number => Number(value ?? 0);

function checkDays(from: string, to: string): void {
  if (from > to) throw validationError([{ field: 'to', rule: 'order', message: 'The last day must not be before the first day' }]);
  if (addDays(from, MAX_STATS_DAYS - 1) < to) throw validationError([{ field: 'to', rule: 'span', message: `Choose at most ${MAX_STATS_DAYS} days` }]);
}

/**
 * The statistics of /payment-statistics/*, per user tree, in minor units and thousandths of the energy unit.
 * Periods are local days (TIME_ZONE) from `from` to `to`, both included.
 *
 * - Consumption: what was charged for the hours in the period (by the hour charged, `hour_start`, not when it was
 *   posted): energy and money of the charge entries and of the late-data adjustments of those hours (they
 *   correct the charges), and the fixed fees; top-ups and their service fees are not consumption.
 *   Amounts are positive when charged.
 * - Charging: payments paid in the period (`paid_at`): count, gross amount, service fees kept and the amount
 *   refunded of them so far.
 * - Bills: per month, bills issued, paid and overdue, the charges and fees billed, and what unpaid invoices
 *   still ask (−closing of each, when negative).
 */
export class PaymentStats {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly timeZone: string,
  ) {}

  async consumption(scope: OwnerScope, query: { from: string; to: string; by: ConsumptionBy; departmentId?: number }): Promise<ConsumptionStats> {
    checkDays(query.from, query.to);
    const { start, end } = localDaysRange(query.from, query.to, this.timeZone);
    const owners = ownerIds(scope);
    let accountFilter: number[] | null = null;
    if (query.departmentId !== undefined) {
      const departments = await this.db.selectFrom('departments').select(['id', 'parent_id']).execute();
      const wanted = new Set([query.departmentId]);
      for (let grew = true; grew;) {
        grew = false;
        for (const d of departments)
          if (d.parent_id !== null && wanted.has(d.parent_id) && !wanted.has(d.id)) {
            wanted.add(d.id);
            grew = true;
          }
      }
      let accounts = this.db
        .selectFrom('prepaid_accounts')
        .innerJoin('rooms', 'rooms.id', 'prepaid_accounts.room_id')
        .select('prepaid_accounts.id')
        .where('rooms.department_id', 'in', [...wanted]);
      if (owners) accounts = accounts.where('prepaid_accounts.owner_user_id', 'in', owners);
      accountFilter = (await accounts.execute()).map((row) => row.id);
      if (accountFilter.length === 0) accountFilter = [-1];
    }
    const byAccount = query.by === 'room' || query.by === 'department';
    let base = this.db
      .selectFrom('ledger_entries')
      .where('hour_start', '>=', start)
      .where('hour_start', '<', end)
      .where((eb) => eb.or([eb('kind', 'in', ['charge', 'fee']), eb.and([eb('kind', '=', 'adjustment'), eb('item_id', 'is not', null)])]));
    if (owners) base = base.where('owner_user_id', 'in', owners);
    if (accountFilter) base = base.where('account_id', 'in', accountFilter);
    const rows = await base
      .select([
        byAccount ? 'account_id as key' : query.by === 'band' ? 'band as key' : 'hour_start as key',
        'kind',
        (eb) => eb.fn.sum<number>('amount_minor').as('amount'),
        (eb) => eb.fn.sum<number>('energy_milli').as('energy'),
      ])
      .groupBy([byAccount ? 'account_id' : query.by === 'band' ? 'band' : 'hour_start', 'kind'])
      .execute();

    const groups = new Map<string, ConsumptionStatsRow>();
    const add = (key: string, label: string, kind: string, amount: number, energy: number) => {
      let row = groups.get(key);
      if (!row) groups.set(key, (row = { key, label, energyMilli: 0, chargesMinor: 0, feesMinor: 0 }));
      if (kind === 'fee') row.feesMinor -= amount;
      else {
        row.chargesMinor -= amount;
        row.energyMilli += energy;
      }
    };
    if (byAccount) {
      const ids = [...new Set(rows.map((row) => num(row.key)))];
      const rooms = new Map<number, { code: string; departmentId: number | null; departmentName: string | null }>();
      if (ids.length > 0) {
        const found = await this.db
          .selectFrom('prepaid_accounts')
          .innerJoin('rooms', 'rooms.id', 'prepaid_accounts.room_id')
          .leftJoin('departments', 'departments.id', 'rooms.department_id')
          .select(['prepaid_accounts.id', 'rooms.code', 'rooms.department_id', 'departments.name as department_name'])
          .where('prepaid_accounts.id', 'in', ids)
          .execute();
        for (const room of found) rooms.set(room.id, { code: room.code, departmentId: room.department_id, departmentName: room.department_name ?? null });
      }
      for (const row of rows) {
        const room = rooms.get(num(row.key));
        if (query.by === 'room') add(`account:${num(row.key)}`, room?.code ?? `#${num(row.key)}`, row.kind, num(row.amount), num(row.energy));
        else
          add(
            room?.departmentId ? `department:${room.departmentId}` : 'department:none',
            room?.departmentName ?? '',
            row.kind,
            num(row.amount),
            num(row.energy),
          );
      }
    } else if (query.by === 'band') {
      for (const row of rows) {
        const band = row.key === null ? 'none' : String(row.key);
        add(band, band, row.kind, num(row.amount), num(row.energy));
      }
    } else {
      for (const row of rows) {
        const local = localPeriods(num(row.key), this.timeZone);
        const key = query.by === 'day' ? local.day : local.month;
        add(key, key, row.kind, num(row.amount), num(row.energy));
      }
    }
    const list = [...groups.values()];
    if (query.by === 'band') list.sort((a, b) => bandIndex(a.key) - bandIndex(b.key));
    else if (query.by === 'day' || query.by === 'month') list.sort((a, b) => a.key.localeCompare(b.key));
    else list.sort((a, b) => b.chargesMinor + b.feesMinor - (a.chargesMinor + a.feesMinor) || a.label.localeCompare(b.label));
    const total: ConsumptionStatsRow = { key: 'total', label: '', energyMilli: 0, chargesMinor: 0, feesMinor: 0 };
    for (const row of list) {
      total.energyMilli += row.energyMilli;
      total.chargesMinor += row.chargesMinor;
      total.feesMinor += row.feesMinor;
    }
    return { rows: list, total };
  }

  async charging(scope: OwnerScope, query: { from: string; to: string; by: ChargingBy }): Promise<ChargingStats> {
    checkDays(query.from, query.to);
    const { start, end } = localDaysRange(query.from, query.to, this.timeZone);
    const owners = ownerIds(scope);
    let base = this.db
      .selectFrom('payments')
      .select(['channel', 'operator', 'paid_at', 'amount_minor', 'service_fee_minor', 'refunded_minor'])
      .where('state', '=', 'paid')
      .where('paid_at', '>=', start)
      .where('paid_at', '<', end);
    if (owners) base = base.where('owner_user_id', 'in', owners);
    const groups = new Map<string, ChargingStatsRow>();
    const total: ChargingStatsRow = { key: 'total', label: '', count: 0, amountMinor: 0, serviceFeeMinor: 0, refundedMinor: 0 };
    for (const payment of await base.execute()) {
      let key: string;
      if (query.by === 'channel') key = payment.channel;
      else if (query.by === 'operator') key = payment.operator;
      else {
        const local = localPeriods(num(payment.paid_at), this.timeZone);
        key = query.by === 'day' ? local.day : local.month;
      }
      let row = groups.get(key);
      if (!row) groups.set(key, (row = { key, label: key, count: 0, amountMinor: 0, serviceFeeMinor: 0, refundedMinor: 0 }));
      for (const target of [row, total]) {
        target.count += 1;
        target.amountMinor += num(payment.amount_minor);
        target.serviceFeeMinor += num(payment.service_fee_minor);
        target.refundedMinor += num(payment.refunded_minor);
      }
    }
    const rows = [...groups.values()];
    if (query.by === 'day' || query.by === 'month') rows.sort((a, b) => a.key.localeCompare(b.key));
    else rows.sort((a, b) => b.amountMinor - a.amountMinor || a.key.localeCompare(b.key));
    return { rows, total };
  }

  async bills(scope: OwnerScope, query: { from: string; to: string }): Promise<BillStats> {
    if (query.from > query.to) throw validationError([{ field: 'to', rule: 'order', message: 'The last month must not be before the first month' }]);
    if (addMonths(query.from, MAX_STATS_MONTHS - 1) < query.to)
      throw validationError([{ field: 'to', rule: 'span', message: `Choose at most ${MAX_STATS_MONTHS} months` }]);
    const owners = ownerIds(scope);
    let base = this.db
      .selectFrom('bills')
      .select(['month', 'kind', 'state', 'charges_minor', 'fees_minor', 'closing_minor'])
      .where('month', '>=', query.from)
      .where('month', '<=', query.to);
    if (owners) base = base.where('owner_user_id', 'in', owners);
    const byMonth = new Map<string, BillStatsRow>();
    for (let month = query.from; month <= query.to; month = addMonths(month, 1))
      byMonth.set(month, { month, issued: 0, paid: 0, overdue: 0, chargesMinor: 0, outstandingMinor: 0 });
    for (const bill of await base.execute()) {
      const row = byMonth.get(bill.month)!;
      row.issued += 1;
      if (bill.state === 'paid') row.paid += 1;
      if (bill.state === 'overdue') row.overdue += 1;
      row.chargesMinor += num(bill.charges_minor) + num(bill.fees_minor);
      if (bill.kind === 'invoice' && bill.state !== 'paid') row.outstandingMinor += Math.max(0, -num(bill.closing_minor));
    }
    return { rows: [...byMonth.values()] };
  }
}

const bandIndex = (band: string): number => {
  const index = (BAND_TYPES as readonly string[]).indexOf(band);
  return index < 0 ? BAND_TYPES.length : index;
};
