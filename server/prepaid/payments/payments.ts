import { ROW_CLAIM_MS } from '../../jobs/heartbeat';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { DbKind } from '../../db/connect';
import { AppError } from '../../http/appError';
import { inScope, ownerIds, type OwnerScope } from '../../tenancy/ownerScope';
import { localPeriods } from '../../metering/calendar';
import { postEntries, type EntryWrite, type PostResult } from '../ledger';
import {
  serviceFeeMinor,
  type counterTopupSchema,
  type paymentQuerySchema,
  type refundSchema,
  type MemberTopupOrder,
  type PaymentRow,
  type Receipt,
  type RefundRow,
} from '@shared/prepaid';
import { DemoProvider } from '../provider/demoProvider';
import { ProviderUnavailable, type PaymentProvider, type ProviderNotification, type ProviderTransaction } from '../provider/paymentProvider';
import { WechatPayV3 } from '../provider/wechatPayV3';
import { paymentRowOf, paymentSelect, receiptNoOf, refundRowOf, localDayBounds } from './paymentRows';

/** An online order not paid after this is asked about (the notification may have been lost). */
export const SETTLE_WAIT_MS = 60_000;
/** Then asked again after each of these, the last repeating, until it is paid or closed. */
export const QUERY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000, 900_000, 1_800_000] as const;
/** An order still unpaid this long after it was made is closed (WeChat's default order lifetime). */
export const ORDER_EXPIRE_MS = 2 * 3600_000;
/** How often a process looks for payments and refunds due a query. */
export const QUERY_LOOP_MS = 5_000;

export type SettleOutcome = 'credited' | 'already' | 'mismatch' | 'unknown-order';

const delayAfter = (attempts: number): number => QUERY_DELAYS_MS[Math.min(attempts, QUERY_DELAYS_MS.length - 1)] ?? 1_800_000;
const tradeNo = (prefix: string, now: number): string => `${prefix}${now}${randomBytes(5).toString('hex')}`.slice(0, 32);

/**
 * Top-ups and refunds (/pay/pay-record) and the online provider. Money enters the ledger only here, through
 * postEntries, in the transaction that moves the payment to `paid` (or the refund to `success`): a payment moves
 * to paid once (a conditional update), and its entries carry `pay:<id>` / `payfee:<id>` / `refund:<id>` keys, so a
 * notification delivered twice, a query racing a notification or two processes credit once. Balance changes are
 * announced (cause topup / refund) after commit, for supply control to restore and alarms to clear.
 */
export class Payments {
  private readonly db: Kysely<Database>;
  private readonly dbKind: DbKind;
  private readonly timeZone: string;
  readonly demo: DemoProvider;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  /** for tests: the provider to use instead of the wx_apps row */
  providerOverride: PaymentProvider | null = null;

  constructor(private readonly app: FastifyInstance) {
    this.db = app.storage.db;
    this.dbKind = app.storage.kind;
    this.timeZone = app.serverConfig.timeZone;
    this.demo = new DemoProvider({
      notify: async (headers, body) => {
        await this.handleNotification(headers, body);
      },
      paidOn: async (day) => {
        const { start, end } = localDayBounds(day, this.timeZone);
        const rows = await this.db
          .selectFrom('payments')
          .select(['out_trade_no', 'provider_txn_id', 'amount_minor'])
          .where('channel', '=', 'wechat')
          .where('state', '=', 'paid')
          .where('paid_at', '>=', start)
          .where('paid_at', '<', end)
          .execute();
        return rows.map((row) => ({
          outTradeNo: row.out_trade_no,
          transactionId: row.provider_txn_id ?? '',
          tradeState: 'SUCCESS',
          amountMinor: Number(row.amount_minor),
        }));
      },
    });
  }

  /** The enabled WeChat merchant of /wx/wxApp, or the demo provider when none is enabled. */
  async provider(): Promise<PaymentProvider> {
    if (this.providerOverride) return this.providerOverride;
    const row = await this.db.selectFrom('wx_apps').selectAll().where('enabled', '=', 1).orderBy('id').executeTakeFirst();
    if (!row) return this.demo;
    return new WechatPayV3({
      appId: row.app_id,
      mchId: row.mch_id,
      merchantSerialNo: row.merchant_serial_no,
      apiV3Key: row.api_v3_key,
      privateKeyPem: row.private_key_pem,
      platformPublicKeyPem: row.platform_public_key_pem,
      baseUrl: row.base_url,
      notifyUrl: row.notify_url,
    });
  }

  private async openAccount(scope: OwnerScope | null, accountId: number) {
    const account = await this.db
      .selectFrom('prepaid_accounts')
      .select(['id', 'owner_user_id', 'member_id', 'state', 'room_id'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!account || (scope && !inScope(scope, account.owner_user_id))) throw new AppError('NOT_FOUND', { message: `Account ${accountId} was not found` });
    if (account.state !== 'open') throw new AppError('ACCOUNT_CLOSED');
    return account;
  }

  private async ratioBp(trx: Transaction<Database> | Kysely<Database>, accountId: number): Promise<number> {
    const item = await trx
      .selectFrom('account_items')
      .select('ratio_bp')
      .where('account_id', '=', accountId)
      .where('kind', '=', 'service_ratio')
      .where('active', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return item ? Number(item.ratio_bp) : 0;
  }

  /** The top-up's entries: `pay:<id>` credit of the whole amount, `payfee:<id>` debit of the service fee when the account keeps one. */
  private topupEntries(paymentId: number, amountMinor: number, fee: number, operator: string, channel: string): EntryWrite[] {
    const entries: EntryWrite[] = [{ kind: 'topup', amountMinor, idemKey: `pay:${paymentId}`, operator, paymentId, reason: `${channel} top-up` }];
    if (fee > 0)
      entries.push({ kind: 'service_fee', amountMinor: -fee, idemKey: `payfee:${paymentId}`, operator, paymentId, reason: 'Service fee on the top-up' });
    return entries;
  }

  // ---- counter ----

  /** A cash or transfer top-up taken by an operator: paid at once, with its receipt number. */
  async counterTopup(
    scope: OwnerScope,
    operator: string,
    body: z.infer<typeof counterTopupSchema>,
    now = Date.now(),
  ): Promise<{ payment: PaymentRow; receipt: Receipt }> {
    const account = await this.openAccount(scope, body.accountId);
    const { paymentId, result } = await this.db.transaction().execute(async (trx) => {
      const fee = serviceFeeMinor(body.amountMinor, await this.ratioBp(trx, account.id));
      const inserted = await trx
        .insertInto('payments')
        .values({
          owner_user_id: account.owner_user_id,
          account_id: account.id,
          member_id: account.member_id,
          channel: body.channel,
          out_trade_no: tradeNo('C', now),
          provider_txn_id: null,
          amount_minor: body.amountMinor,
          service_fee_minor: fee,
          state: 'paid',
          operator,
          receipt_no: null,
          note: body.note,
          next_query_at: null,
          created_at: now,
          paid_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      await trx
        .updateTable('payments')
        .set({ receipt_no: receiptNoOf(id, now, this.timeZone) })
        .where('id', '=', id)
        .execute();
      const posted = await postEntries(trx, this.dbKind, account.id, this.topupEntries(id, body.amountMinor, fee, operator, body.channel), now);
      return { paymentId: id, result: posted };
    });
    this.app.prepaid.events.announce(result, 'topup', now);
    return { payment: await this.payment(null, paymentId), receipt: await this.receipt(null, paymentId) };
  }

  async payment(scope: OwnerScope | null, id: number): Promise<PaymentRow> {
    const row = await paymentSelect(this.db).where('payments.id', '=', id).executeTakeFirst();
    if (!row || (scope && !inScope(scope, row.owner_user_id))) throw new AppError('NOT_FOUND', { message: `Payment ${id} was not found` });
    return paymentRowOf(row);
  }

  async list(scope: OwnerScope, query: z.infer<typeof paymentQuerySchema>): Promise<{ list: PaymentRow[]; total: number }> {
    let base = paymentSelect(this.db);
    const owners = ownerIds(scope);
    if (owners) base = base.where('payments.owner_user_id', 'in', owners);
    if (query.accountId) base = base.where('payments.account_id', '=', query.accountId);
    if (query.channel) base = base.where('payments.channel', '=', query.channel);
    if (query.state) base = base.where('payments.state', '=', query.state);
    if (query.operator) base = base.where('payments.operator', '=', query.operator);
    if (query.from !== undefined) base = base.where('payments.created_at', '>=', query.from);
    if (query.to !== undefined) base = base.where('payments.created_at', '<', query.to);
    if (query.keyword) {
      const like = `%${query.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([
          eb('payments.out_trade_no', 'like', like),
          eb('payments.receipt_no', 'like', like),
          eb('rooms.code', 'like', like),
          eb('members.name', 'like', like),
        ]),
      );
    }
    const total = await base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .orderBy('payments.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { list: rows.map(paymentRowOf), total: Number(total.n) };
  }

  /** What the printed receipt shows; the balance after is the ledger's, right after this top-up's entries. */
  async receipt(scope: OwnerScope | null, id: number): Promise<Receipt> {
    const row = await paymentSelect(this.db).where('payments.id', '=', id).executeTakeFirst();
    if (!row || (scope && !inScope(scope, row.owner_user_id))) throw new AppError('NOT_FOUND', { message: `Payment ${id} was not found` });
    if (row.state !== 'paid' && row.state !== 'closed') throw new AppError('NOT_FOUND', { message: `Payment ${id} is not paid, so it has no receipt` });
    const last = await this.db
      .selectFrom('ledger_entries')
      .select('balance_after_minor')
      .where('idem_key', 'in', [`pay:${id}`, `payfee:${id}`])
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const fee = Number(row.service_fee_minor);
    return {
      receiptNo: row.receipt_no ?? row.out_trade_no,
      siteName: this.app.siteSettings.current.name || 'Energy platform',
      roomCode: row.room_code,
      building: row.building,
      memberName: row.member_name ?? null,
      channel: row.channel as Receipt['channel'],
      amountMinor: Number(row.amount_minor),
      serviceFeeMinor: fee,
      creditedMinor: Number(row.amount_minor) - fee,
      balanceAfterMinor: last ? Number(last.balance_after_minor) : 0,
      currency: row.currency,
      operator: row.operator,
      paidAt: Number(row.paid_at ?? row.created_at),
    };
  }

  // ---- online ----

  /** Makes the payment (`created`) and the provider's order; the credit comes with its notification or a query. */
  async createOnlineTopup(
    input: { accountId: number; memberId: number | null; amountMinor: number; openid?: string | null },
    now = Date.now(),
  ): Promise<MemberTopupOrder> {
    const account = await this.openAccount(null, input.accountId);
    const outTradeNo = tradeNo('W', now);
    const inserted = await this.db
      .insertInto('payments')
      .values({
        owner_user_id: account.owner_user_id,
        account_id: account.id,
        member_id: input.memberId || account.member_id,
        channel: 'wechat',
        out_trade_no: outTradeNo,
        provider_txn_id: null,
        amount_minor: input.amountMinor,
        state: 'created',
        operator: input.memberId ? `member:${input.memberId}` : 'member',
        receipt_no: null,
        next_query_at: now + SETTLE_WAIT_MS,
        created_at: now,
        paid_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const room = await this.db.selectFrom('rooms').select('code').where('id', '=', account.room_id).executeTakeFirst();
    let order;
    try {
      order = await (
        await this.provider()
      ).createOrder({ outTradeNo, amountMinor: input.amountMinor, description: `Energy top-up ${room?.code ?? ''}`.trim(), openid: input.openid ?? null });
    } catch (error) {
      // Whether the provider made the order is not known: the query loop asks (ORDER_NOT_EXIST closes it).
      await this.db
        .updateTable('payments')
        .set({ state: 'unknown', next_query_at: now + QUERY_DELAYS_MS[0], note: (error as Error).message.slice(0, 200) })
        .where('id', '=', Number(inserted.id))
        .execute();
      throw new AppError('PROVIDER_UNAVAILABLE');
    }
    return { outTradeNo, amountMinor: input.amountMinor, codeUrl: order.codeUrl, prepayId: order.prepayId };
  }

  /**
   * The provider says this order is paid: credit it once. A second call (duplicate notification, a query after the
   * notification) finds the payment paid and writes nothing; an amount that is not the order's is not credited:
   * the payment becomes `failed` and a reconciliation item says why, for a person to settle.
   */
  async settlePaid(txn: ProviderTransaction, now = Date.now()): Promise<SettleOutcome> {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const query = trx.selectFrom('payments').selectAll().where('out_trade_no', '=', txn.outTradeNo);
      const payment = await (this.dbKind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
      if (!payment) return { kind: 'unknown-order' as const };
      if (payment.state === 'paid') return { kind: 'already' as const };
      if (txn.transactionId) {
        const other = await trx
          .selectFrom('payments')
          .select('id')
          .where('provider_txn_id', '=', txn.transactionId)
          .where('id', '<>', payment.id)
          .executeTakeFirst();
        if (other) return { kind: 'already' as const };
      }
      if (txn.amountMinor !== Number(payment.amount_minor)) {
        const note = `The provider reports ${txn.amountMinor ?? 'no amount'} for an order of ${payment.amount_minor}: not credited`;
        await trx
          .updateTable('payments')
          .set({ state: 'failed', next_query_at: null, provider_txn_id: txn.transactionId, note })
          .where('id', '=', payment.id)
          .execute();
        await trx
          .insertInto('reconciliation_items')
          .values({
            owner_user_id: payment.owner_user_id,
            day: localPeriods(now, this.timeZone).day,
            kind: 'amount_mismatch',
            out_trade_no: payment.out_trade_no,
            provider_txn_id: txn.transactionId,
            payment_id: payment.id,
            ledger_minor: Number(payment.amount_minor),
            provider_minor: txn.amountMinor,
            reason: note,
            state: 'open',
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['day', 'kind', 'out_trade_no']).doNothing())
          .execute();
        return { kind: 'mismatch' as const };
      }
      const fee = serviceFeeMinor(Number(payment.amount_minor), await this.ratioBp(trx, payment.account_id));
      const moved = await trx
        .updateTable('payments')
        .set({ state: 'paid', provider_txn_id: txn.transactionId, paid_at: now, service_fee_minor: fee, next_query_at: null })
        .where('id', '=', payment.id)
        .where('state', '<>', 'paid')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return { kind: 'already' as const };
      const result = await postEntries(
        trx,
        this.dbKind,
        payment.account_id,
        this.topupEntries(payment.id, Number(payment.amount_minor), fee, payment.operator, 'wechat'),
        now,
      );
      return { kind: 'credited' as const, result };
    });
    if (outcome.kind === 'credited') this.app.prepaid.events.announce(outcome.result, 'topup', now);
    return outcome.kind;
  }

  /** POST /api/pay/wechat/notify and /refund-notify: verify (SIGNATURE_INVALID otherwise), decrypt, settle. */
  async handleNotification(
    headers: Record<string, string | string[] | undefined>,
    body: string,
    now = Date.now(),
  ): Promise<SettleOutcome | 'refund' | 'ignored'> {
    const provider = await this.provider();
    let notification: ProviderNotification;
    try {
      notification = provider.verifyNotification(headers, body);
    } catch (error) {
      // A notification signed by the demo provider still settles after a merchant was enabled meanwhile.
      if (provider === this.demo) throw error;
      notification = this.demo.verifyNotification(headers, body);
    }
    if (notification.kind === 'refund') {
      await this.settleRefund(notification.refund.outRefundNo, notification.refund.status, now);
      return 'refund';
    }
    if (notification.transaction.tradeState !== 'SUCCESS') return 'ignored';
    const outcome = await this.settlePaid(notification.transaction, now);
    if (outcome === 'unknown-order') await this.recordUnknownOrder(notification.transaction, now);
    return outcome;
  }

  /** A paid order this site never made: money arrived with nothing to credit it to; a person decides. */
  private async recordUnknownOrder(txn: ProviderTransaction, now: number): Promise<void> {
    const owner = await this.db.selectFrom('users').select('id').where('type', '=', 0).orderBy('id').executeTakeFirst();
    await this.db
      .insertInto('reconciliation_items')
      .values({
        owner_user_id: owner ? Number(owner.id) : 1,
        day: localPeriods(now, this.timeZone).day,
        kind: 'missing_in_ledger',
        out_trade_no: txn.outTradeNo,
        provider_txn_id: txn.transactionId,
        payment_id: null,
        ledger_minor: null,
        provider_minor: txn.amountMinor,
        reason: 'The provider notified a paid order this site has no payment for',
        state: 'open',
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['day', 'kind', 'out_trade_no']).doNothing())
      .execute();
  }

  /** Ask the provider about one payment now (POST /prepaid/payments/:id/query). */
  async queryNow(scope: OwnerScope | null, id: number, now = Date.now()): Promise<PaymentRow> {
    const payment = await this.payment(scope, id);
    if (payment.channel === 'wechat' && payment.state !== 'paid') await this.queryOne(id, now, true);
    return this.payment(scope, id);
  }

  private async queryOne(id: number, now: number, manual = false): Promise<void> {
    const payment = await this.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!payment || payment.state === 'paid' || payment.channel !== 'wechat') return;
    const attempts = Number(payment.query_attempts) + 1;
    let txn: ProviderTransaction | null = null;
    try {
      txn = await (await this.provider()).queryOrder(payment.out_trade_no);
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      if (manual) throw new AppError('PROVIDER_UNAVAILABLE');
    }
    if (txn && (txn.tradeState === 'SUCCESS' || txn.tradeState === 'REFUND')) {
      await this.settlePaid(txn, now);
      return;
    }
    const closed = txn && ['CLOSED', 'REVOKED', 'PAYERROR'].includes(txn.tradeState);
    const expired = txn?.tradeState === 'NOTPAY' && now - Number(payment.created_at) >= ORDER_EXPIRE_MS;
    if (closed || expired) {
      await this.db
        .updateTable('payments')
        .set({
          state: txn?.tradeState === 'PAYERROR' ? 'failed' : 'closed',
          next_query_at: null,
          query_attempts: attempts,
          note: `Provider: ${txn?.tradeState}`,
        })
        .where('id', '=', id)
        .where('state', 'in', ['created', 'unknown'])
        .execute();
      return;
    }
    await this.db
      .updateTable('payments')
      .set({ state: 'unknown', query_attempts: attempts, next_query_at: now + delayAfter(attempts - 1) })
      .where('id', '=', id)
      .where('state', 'in', ['created', 'unknown'])
      .execute();
  }

  /**
   * One pass of the query loop: payments not settled by their notification and refunds still processing. Each
   * payment is claimed by moving its next_query_at 20 s ahead (a conditional write), so two processes never ask at
   * once and one whose querier died is asked again within 25 s; a query that outlasts its claim may be asked twice,
   * which settles once (the conditional move to paid).
   */
  async runDueQueries(now = Date.now()): Promise<{ payments: number; refunds: number }> {
    const due = await this.db
      .selectFrom('payments')
      .select(['id', 'next_query_at'])
      .where('state', 'in', ['created', 'unknown'])
      .where('next_query_at', '<=', now)
      .orderBy('next_query_at')
      .limit(50)
      .execute();
    let payments = 0;
    for (const row of due) {
      const claimed = await this.db
        .updateTable('payments')
        .set({ next_query_at: now + ROW_CLAIM_MS })
        .where('id', '=', row.id)
        .where('next_query_at', '=', row.next_query_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      payments++;
      await this.queryOne(Number(row.id), now).catch((error) => this.app.log.warn({ err: error }, 'payment query failed'));
    }
    const refunds = await this.db
      .selectFrom('refunds')
      .select(['id', 'out_refund_no'])
      .where('state', 'in', ['processing', 'unknown'])
      .where('created_at', '<=', now - QUERY_DELAYS_MS[0])
      .orderBy('id')
      .limit(50)
      .execute();
    for (const refund of refunds) {
      try {
        const answer = await (await this.provider()).queryRefund(refund.out_refund_no);
        await this.settleRefund(refund.out_refund_no, answer.status, now);
      } catch (error) {
        if (!(error instanceof ProviderUnavailable)) this.app.log.warn({ err: error }, 'refund query failed');
      }
    }
    return { payments, refunds: refunds.length };
  }

  // ---- refunds ----

  async refunds(scope: OwnerScope, paymentId: number): Promise<RefundRow[]> {
    await this.payment(scope, paymentId);
    const rows = await this.db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
    return rows.map(refundRowOf);
  }

  /**
   * All or part of a paid top-up, up to what is left of it (NOT_REFUNDABLE otherwise). The amount is reserved on
   * the payment at once (refunded_minor), so two refunds cannot together exceed it. A counter refund is money
   * handed back at the counter: done at once. An online refund goes to the provider and debits the ledger when the
   * provider says SUCCESS; a refused one gives its reservation back. The service fee is not refunded.
   */
  async refund(scope: OwnerScope, operator: string, paymentId: number, body: z.infer<typeof refundSchema>, now = Date.now()): Promise<RefundRow> {
    const payment = await this.payment(scope, paymentId);
    const refundId = await this.db.transaction().execute(async (trx) => {
      const reserved = await trx
        .updateTable('payments')
        .set((eb) => ({ refunded_minor: eb('refunded_minor', '+', body.amountMinor) }))
        .where('id', '=', paymentId)
        .where('state', '=', 'paid')
        .where((eb) => eb(eb('refunded_minor', '+', body.amountMinor), '<=', eb.ref('amount_minor')))
        .executeTakeFirst();
      if (Number(reserved.numUpdatedRows) !== 1) throw new AppError('NOT_REFUNDABLE');
      const inserted = await trx
        .insertInto('refunds')
        .values({
          owner_user_id: (await trx.selectFrom('payments').select('owner_user_id').where('id', '=', paymentId).executeTakeFirstOrThrow()).owner_user_id,
          payment_id: paymentId,
          out_refund_no: tradeNo('R', now),
          provider_refund_id: null,
          amount_minor: body.amountMinor,
          state: 'processing',
          reason: body.reason,
          operator,
          created_at: now,
          done_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(inserted.id);
    });
    const refund = await this.db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow();
    if (payment.channel !== 'wechat') {
      await this.settleRefund(refund.out_refund_no, 'SUCCESS', now);
    } else {
      try {
        const answer = await (
          await this.provider()
        ).refund({
          outTradeNo: payment.outTradeNo,
          outRefundNo: refund.out_refund_no,
          amountMinor: body.amountMinor,
          totalMinor: payment.amountMinor,
          reason: body.reason,
        });
        if (answer.refundId) await this.db.updateTable('refunds').set({ provider_refund_id: answer.refundId }).where('id', '=', refundId).execute();
        await this.settleRefund(refund.out_refund_no, answer.status, now);
      } catch (error) {
        if (!(error instanceof ProviderUnavailable)) throw error;
        // Whether the provider took it is not known: the query loop asks until it knows.
        await this.db.updateTable('refunds').set({ state: 'unknown' }).where('id', '=', refundId).where('state', '=', 'processing').execute();
      }
    }
    return refundRowOf(await this.db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow());
  }

  /** A refund's outcome: SUCCESS debits `refund:<id>` once; CLOSED/ABNORMAL give the reservation back; PROCESSING waits. */
  async settleRefund(outRefundNo: string, status: string, now = Date.now()): Promise<void> {
    if (status !== 'SUCCESS' && status !== 'CLOSED' && status !== 'ABNORMAL') return;
    const result = await this.db.transaction().execute(async (trx): Promise<PostResult | null> => {
      const refund = await trx.selectFrom('refunds').selectAll().where('out_refund_no', '=', outRefundNo).executeTakeFirst();
      if (!refund) return null;
      const moved = await trx
        .updateTable('refunds')
        .set({ state: status === 'SUCCESS' ? 'success' : 'failed', done_at: now })
        .where('id', '=', refund.id)
        .where('state', 'in', ['processing', 'unknown'])
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return null;
      const payment = await trx.selectFrom('payments').select(['account_id', 'id']).where('id', '=', refund.payment_id).executeTakeFirstOrThrow();
      if (status !== 'SUCCESS') {
        await trx
          .updateTable('payments')
          .set((eb) => ({ refunded_minor: eb('refunded_minor', '-', Number(refund.amount_minor)) }))
          .where('id', '=', payment.id)
          .execute();
        return null;
      }
      return postEntries(
        trx,
        this.dbKind,
        payment.account_id,
        [
          {
            kind: 'refund',
            amountMinor: -Number(refund.amount_minor),
            idemKey: `refund:${refund.id}`,
            operator: refund.operator,
            paymentId: payment.id,
            reason: refund.reason,
          },
        ],
        now,
      );
    });
    if (result) this.app.prepaid.events.announce(result, 'refund', now);
  }

  // ---- the loop ----

  start(intervalMs = QUERY_LOOP_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runDueQueries()
        .catch((error) => this.app.log.warn({ err: error }, 'payment queries failed'))
        .finally(() => {
          this.running = null;
        });
    }, intervalMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.demo.close();
    await this.running;
  }
}
