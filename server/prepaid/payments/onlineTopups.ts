import type { FastifyInstance } from 'fastify';
import type { MemberTopupOrder } from '@shared/prepaid';

/**
 * An online top-up for the member page: a `created` payment and the provider's order (a JSAPI prepay id when the
 * member is inside WeChat with an openid, else a native code URL). The balance moves when the provider's signed
 * notification (or a later query) says it is paid, never here. Throws ACCOUNT_CLOSED, NOT_FOUND, PROVIDER_UNAVAILABLE.
 */
export function createOnlineTopup(
  app: FastifyInstance,
  input: { accountId: number; memberId: number; amountMinor: number; openid?: string | null },
): Promise<MemberTopupOrder> {
  return app.prepaid.payments.createOnlineTopup(input);
}
