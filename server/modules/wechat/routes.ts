import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { wxAppSchema, wxBindSchema, wxUserQuerySchema } from '@shared/prepaid';
import { callerScope } from '../../tenancy/routeTenancy';
import { WxApps } from '../../prepaid/wechat/wxApps';
import { WxUsers } from '../../prepaid/wechat/wxUsers';

const APP = '/wx/wxApp';
const USERS = '/wx/wxUser';
const idParams = z.object({ id: z.coerce.number().int().positive() });
const wxUsers = { kind: 'wx_users' } as const;

/** /wx/wxApp (the WeChat app and merchant settings, secrets write-only) and /wx/wxUser (WeChat users bound to members). */
export const wechatRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const apps = new WxApps(db);
  const users = new WxUsers(db);

  app.get('/wx/app', { config: { access: { permission: APP }, tenancy: 'platform' } }, async () => ok(await apps.view()));
  app.put('/wx/app', { config: { access: 'admin', tenancy: 'platform' }, schema: { body: wxAppSchema } }, async (request) =>
    ok(await apps.save(request.body), 'WeChat settings saved'),
  );

  app.get('/wx/users', { config: { access: { permission: USERS }, tenancy: wxUsers }, schema: { querystring: wxUserQuerySchema } }, async (request) =>
    ok(await users.list(await callerScope(request), request.query)),
  );
  app.post(
    '/wx/users/:id/bind',
    { config: { access: { permission: `${USERS}/edit` }, tenancy: wxUsers }, schema: { params: idParams, body: wxBindSchema } },
    async (request) => ok(await users.bind(await callerScope(request), request.params.id, request.body.memberId), 'Bound'),
  );
  app.post('/wx/users/:id/unbind', { config: { access: { permission: `${USERS}/edit` }, tenancy: wxUsers }, schema: { params: idParams } }, async (request) =>
    ok(await users.unbind(await callerScope(request), request.params.id), 'Unbound'),
  );
};
