import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { dataCompletionBodySchema, dataCompletionQuerySchema, dataGapQuerySchema } from '@shared/schemas/completion';
import type { Storage } from '../../db/connect';
import { requireAuth } from '../../http/access';
import { DataCompletions } from '../../completion/completions';
import { EstimateReplacer } from '../../completion/estimateReplacer';
import { listGaps } from '../../completion/gaps';
import { auditEntries } from '../../energy/auditTrail';
import { callerScope } from '../../tenancy/routeTenancy';
import { ownerIds } from '../../tenancy/ownerScope';

const SCREEN = '/settings/completionHistory';
const idParams = z.object({ id: z.coerce.number().int().positive() });
const completions = { kind: 'data_completions' } as const;

/** The replacer of each running app, found by its storage (tests wait for it to be idle). */
const replacers = new WeakMap<Pick<Storage, 'db'>, EstimateReplacer>();
export const estimateReplacerOf = (storage: Pick<Storage, 'db'>): EstimateReplacer | undefined => replacers.get(storage);

/**
 * Data completion (/settings/completionHistory): gaps, completing, preview, history, undo. Also
 * subscribes the estimate replacer to committed readings (server/completion/estimateReplacer.ts).
 */
export const completionRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const timeZone = app.serverConfig.timeZone;
  const service = new DataCompletions(db, app.ingest.directory, timeZone);
  const replacer = new EstimateReplacer(db, app.ingest.directory, timeZone, (error) => app.log.warn({ err: error }, 'replacing an estimate failed'));
  replacers.set(app.storage, replacer);
  const off = app.ingest.events.onCommitted((committed) => replacer.onReadings(committed));
  app.addHook('onClose', async () => {
    off();
    await replacer.close();
  });

  app.get(
    '/data-gaps',
    { config: { access: { permission: SCREEN }, tenancy: { kind: 'meters' } }, schema: { querystring: dataGapQuerySchema } },
    async (request) => ok(await listGaps(db, ownerIds(await callerScope(request)), request.query)),
  );
  app.get(
    '/data-completions',
    { config: { access: { permission: SCREEN }, tenancy: completions }, schema: { querystring: dataCompletionQuerySchema } },
    async (request) => ok(await service.list(request.query, ownerIds(await callerScope(request)))),
  );
  app.post(
    '/data-completions/preview',
    { config: { access: { permission: `${SCREEN}/add` }, tenancy: { kind: 'meters' } }, schema: { body: dataCompletionBodySchema } },
    async (request) => ok(await service.preview(request.body, await callerScope(request))),
  );
  app.post(
    '/data-completions',
    { config: { access: { permission: `${SCREEN}/add` }, tenancy: { kind: 'meters' } }, schema: { body: dataCompletionBodySchema } },
    async (request) => ok(await service.create(request.body, await callerScope(request), requireAuth(request).user.id)),
  );
  app.get('/data-completions/:id', { config: { access: { permission: SCREEN }, tenancy: completions }, schema: { params: idParams } }, async (request) => {
    const scope = await callerScope(request);
    const completion = await service.get(request.params.id, scope);
    return ok({ ...completion, audit: await auditEntries(db, 'data_completion', completion._id, null) });
  });
  app.delete(
    '/data-completions/:id',
    { config: { access: { permission: `${SCREEN}/delete` }, tenancy: completions }, schema: { params: idParams } },
    async (request) => ok(await service.undo(request.params.id, await callerScope(request), requireAuth(request).user.id)),
  );
};
