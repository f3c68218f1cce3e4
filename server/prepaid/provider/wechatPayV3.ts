import { AppError } from '../../http/appError';
import { authorizationHeader, decryptResource, headerOf, rsaVerify, signedMessage, type Resource } from './wechatCrypto';
import {
  ProviderUnavailable,
  type PaymentProvider,
  type ProviderNotification,
  type ProviderOrder,
  type ProviderOrderRequest,
  type ProviderRefund,
  type ProviderRefundRequest,
  type ProviderTransaction,
} from './paymentProvider';

export interface WechatPaySettings {
  appId: string;
  mchId: string;
  merchantSerialNo: string;
  apiV3Key: string;
  privateKeyPem: string;
  platformPublicKeyPem: string;
  /** default https://api.mch.weixin.qq.com */
  baseUrl: string;
  notifyUrl: string;
}

export const WECHAT_BASE_URL = 'https://api.mch.weixin.qq.com';
/** A notification or answer older than this (Wechatpay-Timestamp) is refused: a replayed one. */
const MAX_SKEW_S = 300;
const TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;

/** transaction JSON of v3 → ProviderTransaction */
export function transactionOf(body: Json): ProviderTransaction {
  const amount = (body.amount ?? {}) as Json;
  return {
    outTradeNo: String(body.out_trade_no ?? ''),
    transactionId: typeof body.transaction_id === 'string' && body.transaction_id !== '' ? body.transaction_id : null,
    tradeState: String(body.trade_state ?? ''),
    amountMinor: typeof amount.total === 'number' ? amount.total : null,
    successTime: typeof body.success_time === 'string' ? body.success_time : null,
  };
}

export function refundOf(body: Json): ProviderRefund & { outTradeNo: string } {
  const amount = (body.amount ?? {}) as Json;
  return {
    outTradeNo: String(body.out_trade_no ?? ''),
    outRefundNo: String(body.out_refund_no ?? ''),
    refundId: typeof body.refund_id === 'string' ? body.refund_id : null,
    status: String(body.status ?? body.refund_status ?? ''),
    amountMinor: typeof amount.refund === 'number' ? amount.refund : null,
  };
}

/**
 * The real adapter: WeChat Pay v3 over HTTP (fetch), every request signed with the merchant key, every answer's
 * signature checked with the platform public key (a forged or replayed answer is treated as no answer).
 */
export class WechatPayV3 implements PaymentProvider {
  readonly name = 'wechat' as const;

  constructor(
    private readonly settings: WechatPaySettings,
    private readonly now: () => number = Date.now,
  ) {}

  private get baseUrl(): string {
    return (this.settings.baseUrl || WECHAT_BASE_URL).replace(/\/+$/, '');
  }

  private async call(method: 'GET' | 'POST', pathWithQuery: string, body?: Json, absoluteUrl?: string): Promise<{ status: number; text: string }> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const url = absoluteUrl ?? `${this.baseUrl}${pathWithQuery}`;
    const signedPath = absoluteUrl ? new URL(absoluteUrl).pathname + new URL(absoluteUrl).search : pathWithQuery;
    const authorization = authorizationHeader({
      mchId: this.settings.mchId,
      serialNo: this.settings.merchantSerialNo,
      privateKeyPem: this.settings.privateKeyPem,
      method,
      pathWithQuery: signedPath,
      body: payload,
    });
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: payload }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderUnavailable(`WeChat Pay did not answer ${method} ${signedPath}: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (response.status >= 500) throw new ProviderUnavailable(`WeChat Pay answered ${response.status} to ${method} ${signedPath}`);
    if (!this.signatureOk(Object.fromEntries(response.headers.entries()), text)) {
      throw new ProviderUnavailable(`WeChat Pay's answer to ${method} ${signedPath} is not signed by the platform key`);
    }
    return { status: response.status, text };
  }

  private async json(method: 'GET' | 'POST', pathWithQuery: string, body?: Json): Promise<Json> {
    const { status, text } = await this.call(method, pathWithQuery, body);
    const parsed = (text ? JSON.parse(text) : {}) as Json;
    if (status >= 400) {
      const error = new ProviderUnavailable(
        `WeChat Pay refused ${method} ${pathWithQuery}: ${String(parsed.code ?? status)} ${String(parsed.message ?? '')}`.trim(),
      );
      (error as ProviderUnavailable & { status: number; code: unknown }).status = status;
      (error as ProviderUnavailable & { status: number; code: unknown }).code = parsed.code;
      throw error;
    }
    return parsed;
  }

  private signatureOk(headers: Record<string, string | string[] | undefined>, body: string): boolean {
    const timestamp = headerOf(headers, 'wechatpay-timestamp');
    const nonceStr = headerOf(headers, 'wechatpay-nonce');
    const signature = headerOf(headers, 'wechatpay-signature');
    if (!timestamp || !nonceStr || !signature) return false;
    if (Math.abs(this.now() / 1000 - Number(timestamp)) > MAX_SKEW_S) return false;
    return rsaVerify(signedMessage(timestamp, nonceStr, body), signature, this.settings.platformPublicKeyPem);
  }

  async createOrder(request: ProviderOrderRequest): Promise<ProviderOrder> {
    const jsapi = Boolean(request.openid);
    const body: Json = {
      appid: this.settings.appId,
      mchid: this.settings.mchId,
      description: request.description,
      out_trade_no: request.outTradeNo,
      notify_url: this.settings.notifyUrl,
      amount: { total: request.amountMinor, currency: 'CNY' },
      ...(jsapi ? { payer: { openid: request.openid } } : {}),
    };
    const answer = await this.json('POST', `/v3/pay/transactions/${jsapi ? 'jsapi' : 'native'}`, body);
    return { codeUrl: typeof answer.code_url === 'string' ? answer.code_url : null, prepayId: typeof answer.prepay_id === 'string' ? answer.prepay_id : null };
  }

  async queryOrder(outTradeNo: string): Promise<ProviderTransaction> {
    try {
      return transactionOf(
        await this.json('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.settings.mchId)}`),
      );
    } catch (error) {
      // ORDER_NOT_EXIST: the order never reached WeChat, so it can never be paid.
      if ((error as { code?: unknown }).code === 'ORDER_NOT_EXIST')
        return { outTradeNo, transactionId: null, tradeState: 'CLOSED', amountMinor: null, successTime: null };
      throw error;
    }
  }

  async refund(request: ProviderRefundRequest): Promise<ProviderRefund> {
    const answer = await this.json('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: request.outTradeNo,
      out_refund_no: request.outRefundNo,
      reason: request.reason.slice(0, 80),
      notify_url: this.settings.notifyUrl ? this.settings.notifyUrl.replace(/\/notify$/, '/refund-notify') : undefined,
      amount: { refund: request.amountMinor, total: request.totalMinor, currency: 'CNY' },
    });
    return refundOf(answer);
  }

  async queryRefund(outRefundNo: string): Promise<ProviderRefund> {
    return refundOf(await this.json('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`));
  }

  async dailyBill(day: string): Promise<string> {
    const answer = await this.json('GET', `/v3/bill/tradebill?bill_date=${day}&bill_type=ALL`);
    const downloadUrl = String(answer.download_url ?? '');
    if (!downloadUrl) throw new ProviderUnavailable(`WeChat Pay gave no download address for the bill of ${day}`);
    const { status, text } = await this.call('GET', '', undefined, downloadUrl);
    if (status >= 400) throw new ProviderUnavailable(`WeChat Pay refused the bill download of ${day} (${status})`);
    return text;
  }

  verifyNotification(headers: Record<string, string | string[] | undefined>, body: string): ProviderNotification {
    if (!this.signatureOk(headers, body)) throw new AppError('SIGNATURE_INVALID');
    let envelope: Json;
    let plain: string;
    try {
      envelope = JSON.parse(body) as Json;
      plain = decryptResource(envelope.resource as Resource, this.settings.apiV3Key);
    } catch {
      throw new AppError('SIGNATURE_INVALID', { message: 'The notification could not be decrypted with the APIv3 key' });
    }
    const eventType = String(envelope.event_type ?? '');
    const resource = JSON.parse(plain) as Json;
    if (eventType.startsWith('REFUND.'))
      return { kind: 'refund', eventType, refund: refundOf({ ...resource, status: resource.refund_status ?? resource.status }) };
    return { kind: 'transaction', eventType, transaction: transactionOf(resource) };
  }
}
