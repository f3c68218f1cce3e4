import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { encryptResource, nonce, parseAuthorization, requestMessage, rsaSign, rsaVerify, signedMessage } from './wechatCrypto';
import { formatTradeBill, type BillRow } from './paymentProvider';
import type { WechatPaySettings } from './wechatPayV3';

interface FakeOrder {
  outTradeNo: string;
  amountMinor: number;
  transactionId: string | null;
  state: string;
  paidDay: string | null;
}

/**
 * A local HTTP server that speaks WeChat Pay v3's shape for the adapter's tests: it checks every request's
 * merchant signature (401 SIGN_ERROR otherwise), signs its answers with its platform key, and makes signed,
 * AES-GCM-encrypted notifications for the test to deliver. Knobs: what a query answers (`queryState`), refunds
 * left PROCESSING, and a daily bill with payments left out, amounts changed or extra trades.
 */
export class FakeWechatPay {
  readonly merchant = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  readonly platform = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  readonly apiV3Key = randomBytes(16).toString('hex');
  readonly mchId = '1900000001';
  readonly appId = 'wxfake0000000001';
  readonly orders = new Map<string, FakeOrder>();
  readonly refunds = new Map<string, { outRefundNo: string; outTradeNo: string; amountMinor: number; status: string; refundId: string }>();
  /** requests whose signature did not verify */
  signatureFailures = 0;
  requests: string[] = [];
  /** what GET out-trade-no answers for an unpaid order (NOTPAY, USERPAYING, …); null = its real state */
  queryState: string | null = null;
  /** answer 500 to queries (a provider that is down) */
  queriesFail = false;
  /** refunds answer PROCESSING (settled later by refundNotification / query) */
  refundsProcessing = false;
  bill = { omit: new Set<string>(), amounts: new Map<string, number>(), extra: [] as BillRow[] };
  private server: Server | null = null;
  baseUrl = '';

  settings(notifyUrl = 'http://127.0.0.1/api/pay/wechat/notify'): WechatPaySettings {
    return {
      appId: this.appId,
      mchId: this.mchId,
      merchantSerialNo: 'MERCHANT-SERIAL-1',
      apiV3Key: this.apiV3Key,
      privateKeyPem: this.merchant.privateKey,
      platformPublicKeyPem: this.platform.publicKey,
      baseUrl: this.baseUrl,
      notifyUrl,
    };
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.handle(request, Buffer.concat(chunks).toString('utf8'), response));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private send(response: ServerResponse, status: number, body: string, contentType = 'application/json'): void {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonceStr = nonce();
    response.writeHead(status, {
      'content-type': contentType,
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonceStr,
      'wechatpay-serial': 'PLATFORM-SERIAL-1',
      'wechatpay-signature': rsaSign(signedMessage(timestamp, nonceStr, body), this.platform.privateKey),
    });
    response.end(body);
  }

  private handle(request: IncomingMessage, body: string, response: ServerResponse): void {
    const url = request.url ?? '/';
    const method = request.method ?? 'GET';
    this.requests.push(`${method} ${url}`);
    const auth = parseAuthorization(request.headers.authorization);
    const verified =
      auth !== null &&
      auth.mchid === this.mchId &&
      rsaVerify(requestMessage(method, url, auth.timestamp ?? '', auth.nonce_str ?? '', body), auth.signature ?? '', this.merchant.publicKey);
    if (!verified) {
      this.signatureFailures++;
      return this.send(response, 401, JSON.stringify({ code: 'SIGN_ERROR', message: 'signature does not match' }));
    }
    const json = body ? (JSON.parse(body) as Record<string, any>) : {};
    const path = url.split('?')[0] ?? '';
    if (method === 'POST' && (path === '/v3/pay/transactions/native' || path === '/v3/pay/transactions/jsapi')) {
      this.orders.set(json.out_trade_no, {
        outTradeNo: json.out_trade_no,
        amountMinor: json.amount.total,
        transactionId: null,
        state: 'NOTPAY',
        paidDay: null,
      });
      return this.send(
        response,
        200,
        JSON.stringify(path.endsWith('native') ? { code_url: `weixin://wxpay/bizpayurl?pr=${json.out_trade_no}` } : { prepay_id: `wx${json.out_trade_no}` }),
      );
    }
    const order = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
    if (method === 'GET' && order) {
      if (this.queriesFail) return this.send(response, 500, JSON.stringify({ code: 'SYSTEM_ERROR', message: 'try again' }));
      const found = this.orders.get(decodeURIComponent(order[1] ?? ''));
      if (!found) return this.send(response, 404, JSON.stringify({ code: 'ORDER_NOT_EXIST', message: 'no such order' }));
      const state = found.state === 'SUCCESS' ? 'SUCCESS' : (this.queryState ?? found.state);
      return this.send(response, 200, JSON.stringify(this.transactionJson(found, state)));
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const refund = {
        outRefundNo: json.out_refund_no,
        outTradeNo: json.out_trade_no,
        amountMinor: json.amount.refund,
        status: this.refundsProcessing ? 'PROCESSING' : 'SUCCESS',
        refundId: `50${Date.now()}`,
      };
      this.refunds.set(refund.outRefundNo, refund);
      return this.send(response, 200, JSON.stringify(this.refundJson(refund)));
    }
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundQuery) {
      const refund = this.refunds.get(decodeURIComponent(refundQuery[1] ?? ''));
      if (!refund) return this.send(response, 404, JSON.stringify({ code: 'RESOURCE_NOT_EXISTS', message: 'no such refund' }));
      return this.send(response, 200, JSON.stringify(this.refundJson(refund)));
    }
    if (method === 'GET' && path === '/v3/bill/tradebill') {
      const day = new URL(url, 'http://x').searchParams.get('bill_date') ?? '';
      return this.send(response, 200, JSON.stringify({ hash_type: 'SHA1', hash_value: '', download_url: `${this.baseUrl}/v3/billdownload/file?day=${day}` }));
    }
    if (method === 'GET' && path === '/v3/billdownload/file') {
      const day = new URL(url, 'http://x').searchParams.get('day') ?? '';
      const rows = [...this.orders.values()]
        .filter((o) => o.state === 'SUCCESS' && o.paidDay === day && !this.bill.omit.has(o.outTradeNo))
        .map((o) => ({
          outTradeNo: o.outTradeNo,
          transactionId: o.transactionId ?? '',
          tradeState: 'SUCCESS',
          amountMinor: this.bill.amounts.get(o.outTradeNo) ?? o.amountMinor,
        }));
      const csv = formatTradeBill([...rows, ...this.bill.extra].map((row) => ({ ...row, time: `${day} 12:00:00`, appId: this.appId, mchId: this.mchId })));
      return this.send(response, 200, csv, 'text/plain; charset=utf-8');
    }
    return this.send(response, 404, JSON.stringify({ code: 'NOT_FOUND', message: path }));
  }

  private transactionJson(order: FakeOrder, state: string) {
    return {
      appid: this.appId,
      mchid: this.mchId,
      out_trade_no: order.outTradeNo,
      transaction_id: state === 'SUCCESS' ? order.transactionId : undefined,
      trade_type: 'NATIVE',
      trade_state: state,
      trade_state_desc: state,
      success_time: state === 'SUCCESS' ? '2026-11-26T10:00:00+08:00' : undefined,
      payer: { openid: 'o-fake' },
      amount: { total: order.amountMinor, payer_total: order.amountMinor, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  private refundJson(refund: { outRefundNo: string; outTradeNo: string; amountMinor: number; status: string; refundId: string }) {
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      out_trade_no: refund.outTradeNo,
      status: refund.status,
      amount: { refund: refund.amountMinor, currency: 'CNY' },
    };
  }

  /** The payer paid: the order is SUCCESS from now on (queries, bills). */
  pay(outTradeNo: string, day: string): FakeOrder {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`fake: no order ${outTradeNo}`);
    order.state = 'SUCCESS';
    order.transactionId ??= `4200${Date.now()}${randomBytes(3).toString('hex')}`;
    order.paidDay = day;
    return order;
  }

  private envelope(eventType: string, originalType: string, resource: object, options: { badSignature?: boolean; timestamp?: number } = {}) {
    const body = JSON.stringify({
      id: randomBytes(8).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: 'payment',
      resource: encryptResource(JSON.stringify(resource), this.apiV3Key, originalType, originalType),
    });
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const nonceStr = nonce();
    const signature = rsaSign(signedMessage(timestamp, nonceStr, options.badSignature ? `${body} ` : body), this.platform.privateKey);
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonceStr,
        'wechatpay-signature': signature,
        'wechatpay-serial': 'PLATFORM-SERIAL-1',
      },
      body,
    };
  }

  /** A signed TRANSACTION.SUCCESS notification for a paid order (`amountMinor` to lie about the amount). */
  paidNotification(outTradeNo: string, options: { amountMinor?: number; badSignature?: boolean } = {}) {
    const order = this.orders.get(outTradeNo);
    if (!order || order.state !== 'SUCCESS') throw new Error(`fake: ${outTradeNo} is not paid`);
    const json = this.transactionJson({ ...order, amountMinor: options.amountMinor ?? order.amountMinor }, 'SUCCESS');
    return this.envelope('TRANSACTION.SUCCESS', 'transaction', json, options);
  }

  refundNotification(outRefundNo: string, status = 'SUCCESS') {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`fake: no refund ${outRefundNo}`);
    refund.status = status;
    return this.envelope(`REFUND.${status}`, 'refund', {
      mchid: this.mchId,
      out_trade_no: refund.outTradeNo,
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      refund_status: status,
      amount: { total: 0, refund: refund.amountMinor, payer_total: 0, payer_refund: refund.amountMinor },
    });
  }
}
