import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../http/appError';
import { headerOf } from './wechatCrypto';
import {
  formatTradeBill,
  type BillRow,
  type PaymentProvider,
  type ProviderNotification,
  type ProviderOrder,
  type ProviderOrderRequest,
  type ProviderRefund,
  type ProviderRefundRequest,
  type ProviderTransaction,
} from './paymentProvider';

/** How long the demo "payer" takes to pay an order. */
export const DEMO_PAY_DELAY_MS = 1500;

export interface DemoProviderHooks {
  /** delivers a signed notification to the payments side (in-process, as WeChat would POST it) */
  notify(headers: Record<string, string>, body: string): Promise<void>;
  /** the demo's daily bill: what it paid that day (it keeps no books of its own across restarts) */
  paidOn(day: string): Promise<BillRow[]>;
}

/**
 * The demo provider of a site with no enabled WeChat merchant (/wx/wxApp): an order is paid by itself
 * DEMO_PAY_DELAY_MS after it is made and notified in-process, signed with a key made at start (HMAC-SHA256 over
 * WeChat's `timestamp\nnonce\nbody\n`), so a forged notification to /api/pay/wechat/notify is refused just as with
 * WeChat. Refunds succeed at once. No money moves: it is for trying the member page after `npm start`.
 */
export class DemoProvider implements PaymentProvider {
  readonly name = 'demo' as const;
  private readonly key = randomBytes(32);
  private readonly orders = new Map<string, ProviderTransaction>();
  private readonly refunds = new Map<string, ProviderRefund>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly hooks: DemoProviderHooks,
    private readonly payDelayMs = DEMO_PAY_DELAY_MS,
  ) {}

  async createOrder(request: ProviderOrderRequest): Promise<ProviderOrder> {
    this.orders.set(request.outTradeNo, {
      outTradeNo: request.outTradeNo,
      transactionId: null,
      tradeState: 'NOTPAY',
      amountMinor: request.amountMinor,
      successTime: null,
    });
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const order = this.orders.get(request.outTradeNo);
      if (!order) return;
      order.tradeState = 'SUCCESS';
      order.transactionId = `DEMO${Date.now()}${randomBytes(4).toString('hex')}`;
      order.successTime = new Date().toISOString();
      const body = JSON.stringify({ event_type: 'TRANSACTION.SUCCESS', resource: order });
      this.hooks.notify(this.sign(body), body).catch(() => undefined); // not delivered: the query loop finds it paid
    }, this.payDelayMs);
    timer.unref?.();
    this.timers.add(timer);
    const prepayId = request.openid ? `demo_prepay_${request.outTradeNo}` : null;
    return { codeUrl: prepayId ? null : `demo://pay/${request.outTradeNo}`, prepayId };
  }

  async queryOrder(outTradeNo: string): Promise<ProviderTransaction> {
    return this.orders.get(outTradeNo) ?? { outTradeNo, transactionId: null, tradeState: 'CLOSED', amountMinor: null, successTime: null };
  }

  async refund(request: ProviderRefundRequest): Promise<ProviderRefund> {
    const refund = { outRefundNo: request.outRefundNo, refundId: `DEMOREFUND${Date.now()}`, status: 'SUCCESS', amountMinor: request.amountMinor };
    this.refunds.set(request.outRefundNo, refund);
    return refund;
  }

  async queryRefund(outRefundNo: string): Promise<ProviderRefund> {
    return this.refunds.get(outRefundNo) ?? { outRefundNo, refundId: null, status: 'CLOSED', amountMinor: null };
  }

  async dailyBill(day: string): Promise<string> {
    const rows = await this.hooks.paidOn(day);
    return formatTradeBill(rows.map((row) => ({ ...row, time: day, appId: 'demo', mchId: 'demo' })));
  }

  private sign(body: string): Record<string, string> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonceStr = randomBytes(8).toString('hex');
    const signature = createHmac('sha256', this.key).update(`${timestamp}\n${nonceStr}\n${body}\n`).digest('base64');
    return { 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonceStr, 'wechatpay-signature': signature, 'wechatpay-serial': 'DEMO' };
  }

  verifyNotification(headers: Record<string, string | string[] | undefined>, body: string): ProviderNotification {
    const timestamp = headerOf(headers, 'wechatpay-timestamp') ?? '';
    const nonceStr = headerOf(headers, 'wechatpay-nonce') ?? '';
    const signature = Buffer.from(headerOf(headers, 'wechatpay-signature') ?? '', 'base64');
    const expected = createHmac('sha256', this.key).update(`${timestamp}\n${nonceStr}\n${body}\n`).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) throw new AppError('SIGNATURE_INVALID');
    const parsed = JSON.parse(body) as { event_type: string; resource: ProviderTransaction };
    return { kind: 'transaction', eventType: parsed.event_type, transaction: parsed.resource };
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
