import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { minorUnits } from '@shared/tariffs';
import { bandFiguresQuerySchema, type BandFigureRow } from '@shared/schemas/bandFigures';
import { AppError } from '../../http/appError';
import { scopeNames } from '../../energy/scopeNames';
import { ENERGY_ANALYSIS_SCREENS } from '../../realtime/energyChannel';
import { callerScope } from '../../tenancy/routeTenancy';
import { ownerIds } from '../../tenancy/ownerScope';
import { readBandFigures } from '../../tariffs/bandFigures';
import { toRecomputeJob } from '../../tariffs/recomputeJobs';

/** Settlement, tariff and shift screens and every energy analysis screen read band figures; walls too. */
export const BAND_FIGURE_SCREENS = [
  '/settlement/energy',
  '/settlement/energyDevice',
  '/settlement/energy-export',
  '/settlement/power-month-record',
  '/devices/peakvalley',
  '/devices/shift',
  ...ENERGY_ANALYSIS_SCREENS,
];
/** Who changes tariffs, the calendar or corrections sees the recomputes they cause. */
const RECOMPUTE_SCREENS = ['/devices/peakvalley', '/devices/shift', '/settlement/energy', '/settings/completionHistory'];

const jobQuerySchema = z.object({
  state: z.enum(['queued', 'running', 'done', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** GET /api/band-figures (energy and cost per band) and the recompute jobs' progress. */
export const bandFigureRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;

  app.get(
    '/band-figures',
    {
      config: { access: { anyOf: BAND_FIGURE_SCREENS }, displays: true, tenancy: { kind: 'meters' } },
      schema: { querystring: bandFiguresQuerySchema },
    },
    async (request) => {
      const query = request.query;
      const owners = ownerIds(await callerScope(request));
      if (query.ids) {
        const names = await scopeNames(db, query.scope, query.ids, owners);
        const missing = [...new Set(query.ids)].filter((id) => !names.has(id));
        if (missing.length) throw new AppError('NOT_FOUND', { message: `No ${query.scope} with id ${missing.join(', ')}` });
      }
      const figures = await readBandFigures(db, owners ?? 'all', query);
      return ok(figures.map((figure): BandFigureRow => ({ ...figure, scope: query.scope, costMinor: minorUnits(figure.costMicro) })));
    },
  );

  app.get(
    '/recompute-jobs',
    { config: { access: { anyOf: RECOMPUTE_SCREENS }, tenancy: { kind: 'recompute_jobs' } }, schema: { querystring: jobQuerySchema } },
    async (request) => {
      const owners = ownerIds(await callerScope(request));
      let query = db.selectFrom('recompute_jobs').selectAll().orderBy('id', 'desc').limit(request.query.limit);
      if (owners) query = query.where('owner_user_id', 'in', owners);
      if (request.query.state) query = query.where('state', '=', request.query.state);
      return ok((await query.execute()).map(toRecomputeJob));
    },
  );

  app.get(
    '/recompute-jobs/:id',
    {
      config: { access: { anyOf: RECOMPUTE_SCREENS }, tenancy: { kind: 'recompute_jobs' } },
      schema: { params: z.object({ id: z.coerce.number().int().positive() }) },
    },
    async (request) => {
      // The tenancy hook has checked the job is in the caller's tree.
      const row = await db.selectFrom('recompute_jobs').selectAll().where('id', '=', request.params.id).executeTakeFirstOrThrow();
      return ok(toRecomputeJob(row));
    },
  );
};
