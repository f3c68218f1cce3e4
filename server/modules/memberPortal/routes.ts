import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { memberCodeRequestSchema, memberLoginSchema, memberTopupSchema, memberUsageQuerySchema, memberWechatLoginSchema } from '@shared/prepaid';
import { AppError } from '../../http/appError';
import { resolveJwtSecret } from '../../auth/secret';
import { MemberTokens } from '../../prepaid/members/memberTokens';
import { MemberSignIn } from '../../prepaid/members/memberSignIn';
import { MemberPortal } from '../../prepaid/members/memberPortal';
import { createOnlineTopup } from '../../prepaid/payments/onlineTopups';

/** Member routes are public to the console's access hook and check the member token themselves. */
const PUBLIC = { access: 'public', tenancy: 'none' } as const;
const accountParams = z.object({ accountId: z.coerce.number().int().positive() });
const paymentParams = z.object({ outTradeNo: z.string().trim().min(1).max(64) });

/**
 * The member page's API (/api/member/*): sign-in by phone and SMS code or a WeChat binding, then the member's own
 * rooms, usage per day, bills and online top-ups. A member token reaches only these routes; a console token none of them.
 */
export const memberPortalRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const secret = resolveJwtSecret(app.serverConfig.jwtSecret, app.serverConfig.dataDir);
  const tokens = new MemberTokens(secret);
  const signIn = new MemberSignIn(db, tokens, { serverSecret: secret, demo: app.serverConfig.seedDemo, log: app.log });
  const portal = new MemberPortal(db, app.serverConfig.timeZone);

  app.post('/member/code', { config: PUBLIC, schema: { body: memberCodeRequestSchema } }, async (request) =>
    ok(await signIn.requestCode(request.body.phone, request.ip), 'If this number belongs to a member, a code is on its way'),
  );
  app.post('/member/login', { config: PUBLIC, schema: { body: memberLoginSchema } }, async (request) =>
    ok(await signIn.login(request.body.phone, request.body.code, request.ip), 'Signed in'),
  );
  app.post('/member/wechat-login', { config: PUBLIC, schema: { body: memberWechatLoginSchema } }, async (request) =>
    ok(await signIn.wechatLogin(request.body.openid, request.ip), 'Signed in'),
  );

  app.get('/member/me', { config: PUBLIC }, async (request) => ok(await portal.me(tokens.fromRequest(request))));
  app.get('/member/rooms/:accountId/usage', { config: PUBLIC, schema: { params: accountParams, querystring: memberUsageQuerySchema } }, async (request) =>
    ok(await portal.usage(tokens.fromRequest(request), request.params.accountId, request.query.days)),
  );
  app.get('/member/rooms/:accountId/bills', { config: PUBLIC, schema: { params: accountParams } }, async (request) =>
    ok(await portal.bills(tokens.fromRequest(request), request.params.accountId)),
  );
  app.post('/member/rooms/:accountId/topups', { config: PUBLIC, schema: { params: accountParams, body: memberTopupSchema } }, async (request) => {
    const claims = tokens.fromRequest(request);
    const account = await portal.ownAccount(claims, request.params.accountId);
    if (account.memberId === null) throw new AppError('NOT_FOUND', { message: `Room account ${account.id} was not found` });
    // The online top-up (order at the provider, payment row) belongs to the payments domain.
    const order = await createOnlineTopup(app, {
      accountId: account.id,
      memberId: account.memberId,
      amountMinor: request.body.amountMinor,
      ...(claims.openid ? { openid: claims.openid } : {}),
    });
    return ok(order, 'Order created; pay it to top up');
  });
  app.get('/member/payments/:outTradeNo', { config: PUBLIC, schema: { params: paymentParams } }, async (request) =>
    ok(await portal.payment(tokens.fromRequest(request), request.params.outTradeNo)),
  );
};
