import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { PaymentChannel, PaymentRow, PaymentState, RefundRow, RefundState } from '@shared/prepaid';
import { localPeriods } from '../../metering/calendar';

/** Payments joined with their room and member, as lists and receipts read them. */
export function paymentSelect(db: Kysely<Database>) {
  return db
    .selectFrom('payments')
    .innerJoin('prepaid_accounts', 'prepaid_accounts.id', 'payments.account_id')
    .innerJoin('rooms', 'rooms.id', 'prepaid_accounts.room_id')
    .leftJoin('members', 'members.id', 'payments.member_id')
    .selectAll('payments')
    .select(['rooms.code as room_code', 'rooms.building as building', 'members.name as member_name', 'prepaid_accounts.currency as currency']);
}

type Joined = Awaited<ReturnType<ReturnType<typeof paymentSelect>['executeTakeFirstOrThrow']>>;

export function paymentRowOf(row: Joined): PaymentRow {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    roomCode: row.room_code,
    memberName: row.member_name ?? null,
    channel: row.channel as PaymentChannel,
    outTradeNo: row.out_trade_no,
    providerTxnId: row.provider_txn_id,
    amountMinor: Number(row.amount_minor),
    serviceFeeMinor: Number(row.service_fee_minor),
    refundedMinor: Number(row.refunded_minor),
    state: row.state as PaymentState,
    operator: row.operator,
    receiptNo: row.receipt_no,
    note: row.note,
    createdAt: Number(row.created_at),
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
  };
}

export function refundRowOf(row: Selectable<Database['refunds']>): RefundRow {
  return {
    id: Number(row.id),
    paymentId: Number(row.payment_id),
    outRefundNo: row.out_refund_no,
    amountMinor: Number(row.amount_minor),
    state: row.state as RefundState,
    reason: row.reason,
    operator: row.operator,
    createdAt: Number(row.created_at),
    doneAt: row.done_at === null ? null : Number(row.done_at),
  };
}

/** A receipt number: `RC-<local day>-<payment id, 6 digits>` (RC-20261126-000123), unique because the id is. */
export function receiptNoOf(paymentId: number, paidAt: number, timeZone: string): string {
  return `RC-${localPeriods(paidAt, timeZone).day.replaceAll('-', '')}-${String(paymentId).padStart(6, '0')}`;
}

/** The first instant of a local day (YYYY-MM-DD) in the zone, daylight-saving days included. */
export function localDayBounds(day: string, timeZone: string): { start: number; end: number } {
  const startOf = (d: string): number => {
    const noonUtc = Date.parse(`${d}T00:00:00Z`);
    // a zone is at most 14 h from UTC: walk 15-minute steps from 14 h before until the local day begins
    for (let t = noonUtc - 14 * 3600_000; t <= noonUtc + 14 * 3600_000; t += 900_000) {
      if (localPeriods(t, timeZone).day === d) return t;
    }
    throw new Error(`no local start for ${d} in ${timeZone}`);
  };
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { start: startOf(day), end: startOf(next.toISOString().slice(0, 10)) };
}
