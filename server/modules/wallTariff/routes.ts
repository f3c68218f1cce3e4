import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { ENERGY_TYPES } from '@shared/resources';
import { validationError } from '../../http/appError';
import { tariffsOf } from '../../calendar/calendarEffects';
import { loadEffectiveTariffs } from '../../tariffs/effectiveTariffs';
import { TariffBook } from '../../tariffs/tariffBook';
import { callerScope } from '../../tenancy/routeTenancy';
import { ownerIds } from '../../tenancy/ownerScope';
import { BAND_FIGURE_SCREENS } from '../bandFigures/routes';
import { currentBand } from './wallFigures';
import { wallTariffChannels } from './wallTariffChannels';

export const currentBandQuerySchema = z.object({
  /** none: the caller's first top-level department (the site) */
  departmentId: z.coerce.number().int().positive('must be a department id').optional(),
  energyType: z.enum(ENERGY_TYPES).default('electricity'),
});

/**
 * The wall's tariff figures: GET /api/tariffs/current-band and the realtime channels the band-cost,
 * current-band and shift-energy widgets read (wallTariffChannels). Readers: the band figures' screens, and
 * display tokens (walls), as GET /api/band-figures.
 */
export const wallTariffRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const timeZone = app.serverConfig.timeZone;
  const book = async (): Promise<TariffBook> => (await tariffsOf(app)?.book()) ?? TariffBook.load(db, timeZone);

  app.get(
    '/tariffs/current-band',
    { config: { access: { anyOf: BAND_FIGURE_SCREENS }, displays: true, tenancy: { kind: 'tariffs' } }, schema: { querystring: currentBandQuerySchema } },
    async (request) => {
      const owners = ownerIds(await callerScope(request));
      const answer = await currentBand(
        db,
        await book(),
        owners,
        { departmentId: request.query.departmentId ?? null, energyType: request.query.energyType },
        Date.now(),
        timeZone,
      );
      if (!answer) {
        const { departmentId } = request.query;
        throw validationError([
          { field: 'departmentId', rule: 'unknown', message: departmentId ? `${departmentId} does not exist` : 'there is no department yet' },
        ]);
      }
      return ok(answer);
    },
  );

  app.channels.addProvider(
    wallTariffChannels({
      db,
      timeZone,
      screens: BAND_FIGURE_SCREENS,
      book,
      shiftPricing: async () => ({ book: await book(), effective: await loadEffectiveTariffs(db) }),
      onError: (error) => app.log.warn({ err: error }, 'wall tariff channel failed'),
    }),
  );
};
