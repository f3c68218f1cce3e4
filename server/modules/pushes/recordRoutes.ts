import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { providerCallQuerySchema, pushRecordQuerySchema, pushResendSchema } from '@shared/schemas';
import { PushRecords } from '../../pushes/pushRecords';
import { listProviderCalls } from '../../pushes/providerCalls';
import { resendPushes } from '../../pushes/pushResend';
import { SCREENS, button, readBy } from './screens';
import { callerScope } from '../../tenancy/routeTenancy';
import { ownerIds } from '../../tenancy/ownerScope';

/** Push records belong to the tree of their task; checked here. */
const tenancy = { kind: 'pushRecords', check: 'module' } as const;

/** /api/push-records (message/push-records) and /api/provider-calls (msg/webServiceRecord). */
export const pushRecordRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const records = new PushRecords(db);

  app.get('/push-records', { config: { access: readBy(SCREENS.records), tenancy }, schema: { querystring: pushRecordQuerySchema } }, async (request) =>
    ok(await records.list(request.query, ownerIds(await callerScope(request)))),
  );
  // Resending changes records (and may cost an SMS): the screen's edit button.
  app.post('/push-records/resend', { config: { access: button('edit', SCREENS.records), tenancy }, schema: { body: pushResendSchema } }, async (request) => {
    const result = await resendPushes(db, request.body.ids, Date.now(), app.pushes.timeZone, ownerIds(await callerScope(request)));
    if (result.changed.length > 0) app.pushes.worker.kick();
    return ok(result);
  });
  app.get(
    '/provider-calls',
    { config: { access: readBy(SCREENS.providerCalls), tenancy }, schema: { querystring: providerCallQuerySchema } },
    async (request) => ok(await listProviderCalls(db, request.query, ownerIds(await callerScope(request)))),
  );
};
