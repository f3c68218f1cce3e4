/**
 * What the payments side needs from an online payment provider, shaped like WeChat Pay v3. The real adapter
 * (wechatPayV3.ts) speaks HTTP to the merchant API; the demo provider (demoProvider.ts) pays in-process so the
 * member page works without a merchant account. Amounts are integer minor units (fen).
 */
export interface ProviderOrderRequest {
  outTradeNo: string;
  amountMinor: number;
  description: string;
  /** JSAPI order (inside WeChat) when given, else a native order (a QR code address) */
  openid?: string | null;
}

export interface ProviderOrder {
  codeUrl: string | null;
  prepayId: string | null;
}

/** v3 trade states: SUCCESS, REFUND, NOTPAY, CLOSED, REVOKED, USERPAYING, PAYERROR */
export interface ProviderTransaction {
  outTradeNo: string;
  transactionId: string | null;
  tradeState: string;
  /** what the payer paid, minor units (amount.total) */
  amountMinor: number | null;
  successTime: string | null;
}

export interface ProviderRefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  amountMinor: number;
  totalMinor: number;
  reason: string;
}

/** v3 refund states: SUCCESS, CLOSED, PROCESSING, ABNORMAL */
export interface ProviderRefund {
  outRefundNo: string;
  refundId: string | null;
  status: string;
  amountMinor: number | null;
}

/** A verified, decrypted notification. */
export type ProviderNotification =
  | { kind: 'transaction'; eventType: string; transaction: ProviderTransaction }
  | { kind: 'refund'; eventType: string; refund: ProviderRefund & { outTradeNo: string } };

export interface PaymentProvider {
  readonly name: 'wechat' | 'demo';
  createOrder(request: ProviderOrderRequest): Promise<ProviderOrder>;
  queryOrder(outTradeNo: string): Promise<ProviderTransaction>;
  refund(request: ProviderRefundRequest): Promise<ProviderRefund>;
  queryRefund(outRefundNo: string): Promise<ProviderRefund>;
  /** the provider's trade bill of a day (YYYY-MM-DD) as CSV text */
  dailyBill(day: string): Promise<string>;
  /** checks the signature (throws AppError SIGNATURE_INVALID) and decrypts the resource */
  verifyNotification(headers: Record<string, string | string[] | undefined>, body: string): ProviderNotification;
}

/** The provider could not be reached or answered with an error: the payment is kept and asked again. */
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

export interface BillRow {
  outTradeNo: string;
  transactionId: string;
  tradeState: string;
  amountMinor: number;
}

/** Yuan text ("100.50", "`100.5") to fen without floating point. */
export function yuanToMinor(text: string): number {
  const clean = text.replace(/^`/, '').trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) throw new Error(`not an amount: ${text}`);
  const minor = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -minor : minor;
}

export function minorToYuan(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const TRADE_BILL_HEADER =
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';

/**
 * Reads a v3 trade bill (bill_type ALL): a header line, one line per trade with every field behind a back-tick,
 * then a summary ("总交易单数,…") that ends the trades. Only SUCCESS lines are payments; REFUND lines are refunds.
 */
export function parseTradeBill(csv: string): BillRow[] {
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  if (lines.length === 0) return [];
  const header = (lines[0] ?? '').split(',');
  const col = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`the daily bill has no column ${name}`);
    return index;
  };
  const txn = col('微信订单号');
  const out = col('商户订单号');
  const state = col('交易状态');
  const amount = header.includes('订单金额') ? col('订单金额') : col('应结订单金额');
  const rows: BillRow[] = [];
  for (const line of lines.slice(1)) {
    if (!line.startsWith('`')) break; // the summary block
    const fields = line.split(',').map((field) => field.replace(/^`/, ''));
    rows.push({
      transactionId: fields[txn] ?? '',
      outTradeNo: fields[out] ?? '',
      tradeState: fields[state] ?? '',
      amountMinor: yuanToMinor(fields[amount] ?? ''),
    });
  }
  return rows;
}

/** Writes bill rows in the v3 trade bill's shape (the demo provider and the test server use it). */
export function formatTradeBill(rows: (BillRow & { time: string; appId: string; mchId: string })[]): string {
  const lines = [TRADE_BILL_HEADER];
  for (const row of rows) {
    const yuan = minorToYuan(row.amountMinor);
    const fields = [
      row.time,
      row.appId,
      row.mchId,
      '0',
      '',
      row.transactionId,
      row.outTradeNo,
      'openid',
      'NATIVE',
      row.tradeState,
      'OTHERS',
      'CNY',
      yuan,
      '0.00',
      '0',
      '0',
      '0.00',
      '0.00',
      '',
      '',
      'Top-up',
      '',
      '0.00',
      '0.60%',
      yuan,
      '0.00',
      '',
    ];
    lines.push(fields.map((field) => `\`${field}`).join(','));
  }
  const total = rows.reduce((sum, row) => sum + row.amountMinor, 0);
  lines.push('总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额');
  lines.push(`\`${rows.length},\`${minorToYuan(total)},\`0.00,\`0.00,\`0.00,\`${minorToYuan(total)},\`0.00`);
  return `${lines.join('\r\n')}\r\n`;
}
