import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { COMPARISON_SCREEN, comparisonQuerySchema, toleranceBodySchema } from '@shared/powerComparison';
import { requireAuth } from '../../http/access';
import { compareObject } from '../../powerComparison/comparisonReader';
import { latestImported } from '../../powerComparison/latestImported';
import { ownerIds } from '../../tenancy/ownerScope';
import { ComparisonTolerances } from '../../powerComparison/tolerances';
import { callerScope } from '../../tenancy/routeTenancy';

/**
 * Imported against metered (/power-comparison/power-data-comparison): the comparison of one meter or department,
 * where the screen opens (the newest import), and the per-object tolerances (server/powerComparison). The sweep that raises alarms runs beside the routes
 * (app.powerComparison).
 */
export const powerComparisonRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const timeZone = app.serverConfig.timeZone;
  const tolerances = new ComparisonTolerances(db);

  app.get(
    '/power-comparison',
    { config: { access: { permission: COMPARISON_SCREEN }, tenancy: { kind: 'meters' } }, schema: { querystring: comparisonQuerySchema } },
    async (request) => ok(await compareObject(db, await callerScope(request), request.query, timeZone)),
  );
  app.get('/power-comparison/latest', { config: { access: { permission: COMPARISON_SCREEN }, tenancy: { kind: 'meters' } } }, async (request) =>
    ok(await latestImported(db, ownerIds(await callerScope(request)), timeZone)),
  );
  app.get(
    '/power-comparison/tolerances',
    { config: { access: { permission: COMPARISON_SCREEN }, tenancy: { kind: 'comparison_tolerances' } } },
    async (request) => ok(await tolerances.list(await callerScope(request))),
  );
  app.put(
    '/power-comparison/tolerances',
    { config: { access: { permission: `${COMPARISON_SCREEN}/edit` }, tenancy: { kind: 'comparison_tolerances' } }, schema: { body: toleranceBodySchema } },
    async (request) => {
      const { objectType, objectId, tolerancePercent } = request.body;
      return ok(await tolerances.put(await callerScope(request), objectType, objectId, tolerancePercent, requireAuth(request).user.username));
    },
  );
};
