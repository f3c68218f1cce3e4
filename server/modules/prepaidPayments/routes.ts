import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import {
  cashUpSchema,
  counterTopupSchema,
  paymentQuerySchema,
  reconciliationQuerySchema,
  reconciliationResolveSchema,
  reconciliationRunSchema,
  refundSchema,
} from '@shared/prepaid';
import { requireAuth } from '../../http/access';
import { callerScope } from '../../tenancy/routeTenancy';

const RECORD = '/pay/pay-record';
const RECON = '/payment-statistics/reconciliation';
const idParams = z.object({ id: z.coerce.number().int().positive() });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).default(1), size: z.coerce.number().int().min(1).max(500).default(20) });
const cashUpQuery = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
    .optional(),
});
const payments = { kind: 'payments' } as const;

/**
 * Top-ups (/pay/pay-record: counter, list, receipts, refunds, provider query), the provider's notifications
 * (public, verified by signature) and reconciliation (/payment-statistics/reconciliation). Logic in server/prepaid/payments
 * and server/prepaid/reconciliation.
 */
export const prepaidPaymentRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const service = () => app.prepaid.payments;
  const operatorOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.username;

  app.post(
    '/prepaid/payments/counter',
    { config: { access: { permission: `${RECORD}/add` }, tenancy: payments }, schema: { body: counterTopupSchema } },
    async (request) => ok(await service().counterTopup(await callerScope(request), operatorOf(request), request.body), 'Top-up recorded'),
  );
  app.get(
    '/prepaid/payments',
    { config: { access: { permission: RECORD }, tenancy: payments }, schema: { querystring: paymentQuerySchema } },
    async (request) => ok(await service().list(await callerScope(request), request.query)),
  );
  app.get('/prepaid/payments/:id/receipt', { config: { access: { permission: RECORD }, tenancy: payments }, schema: { params: idParams } }, async (request) =>
    ok(await service().receipt(await callerScope(request), request.params.id)),
  );
  app.get('/prepaid/payments/:id/refunds', { config: { access: { permission: RECORD }, tenancy: payments }, schema: { params: idParams } }, async (request) =>
    ok(await service().refunds(await callerScope(request), request.params.id)),
  );
  app.post(
    '/prepaid/payments/:id/refunds',
    { config: { access: { permission: `${RECORD}/edit` }, tenancy: payments }, schema: { params: idParams, body: refundSchema } },
    async (request) => ok(await service().refund(await callerScope(request), operatorOf(request), request.params.id, request.body), 'Refund recorded'),
  );
  app.post(
    '/prepaid/payments/:id/query',
    { config: { access: { permission: `${RECORD}/edit` }, tenancy: payments }, schema: { params: idParams } },
    async (request) => ok(await service().queryNow(await callerScope(request), request.params.id)),
  );

  // ---- the provider's notifications: public, trusted only by their signature over the exact body bytes ----
  await app.register(async (notify) => {
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const answer = async (request: { headers: Record<string, string | string[] | undefined>; body: unknown }) => {
      await app.prepaid.payments.handleNotification(request.headers, typeof request.body === 'string' ? request.body : '');
      return { code: 'SUCCESS', message: '' };
    };
    notify.post('/pay/wechat/notify', { config: { access: 'public', tenancy: 'none', bodyTextCheckedByRoute: true } }, answer);
    notify.post('/pay/wechat/refund-notify', { config: { access: 'public', tenancy: 'none', bodyTextCheckedByRoute: true } }, answer);
  });

  // ---- reconciliation ----
  const recon = () => app.prepaid.reconciliation;
  const items = { kind: 'reconciliation_items' } as const;
  app.get(
    '/prepaid/reconciliation/days',
    { config: { access: { permission: RECON }, tenancy: 'platform' }, schema: { querystring: pageQuery } },
    async (request) => ok(await recon().days(request.query)),
  );
  app.get(
    '/prepaid/reconciliation/items',
    { config: { access: { permission: RECON }, tenancy: items }, schema: { querystring: reconciliationQuerySchema } },
    async (request) => ok(await recon().items(await callerScope(request), request.query)),
  );
  app.post(
    '/prepaid/reconciliation/run',
    { config: { access: { permission: `${RECON}/edit` }, tenancy: 'platform' }, schema: { body: reconciliationRunSchema } },
    async (request) => ok(await recon().run(request.body.day), 'Reconciliation done'),
  );
  app.post(
    '/prepaid/reconciliation/items/:id/resolve',
    { config: { access: { permission: `${RECON}/edit` }, tenancy: items }, schema: { params: idParams, body: reconciliationResolveSchema } },
    async (request) => ok(await recon().resolve(await callerScope(request), request.params.id, request.body.resolution, operatorOf(request)), 'Resolved'),
  );
  app.get(
    '/prepaid/cash-ups',
    { config: { access: { permission: RECON }, tenancy: { kind: 'cash_ups' } }, schema: { querystring: cashUpQuery } },
    async (request) => ok(await recon().cashUps(await callerScope(request), request.query)),
  );
  app.post(
    '/prepaid/cash-ups',
    { config: { access: { permission: `${RECON}/edit` }, tenancy: { kind: 'cash_ups' } }, schema: { body: cashUpSchema } },
    async (request) => ok(await recon().declareCashUp(await callerScope(request), operatorOf(request), request.body), 'Cash-up saved'),
  );
};
