import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { deviceDayQuerySchema, deviceDaysQuerySchema, deviceOverviewQuerySchema, PRODUCTION_DEVICE_SCREEN } from '@shared/productionDevices/api';
import { DeviceFigures } from '../../productionDevices/deviceFigures';
import { callerScope } from '../../tenancy/routeTenancy';
import { idleEnergyChannel } from './idleEnergyChannel';

/** Who reads device figures on a wall: the device screen's holders, the board editor's preview, and displays of theirs. */
export const IDLE_ENERGY_SCREENS = [PRODUCTION_DEVICE_SCREEN, '/settings/boardConfig'] as const;

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The analytics of production devices beside the resource kit's CRUD at /api/production-devices: a device's day
 * (states, figures, timeline), its days (the idle-energy bars), every device's figures on a day, and the
 * `devices:idle-energy` wall channel. Reading needs the device screen.
 */
export const productionDeviceRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const timeZone = app.serverConfig.timeZone;
  const figures = new DeviceFigures(db, timeZone);
  const config = { access: { permission: PRODUCTION_DEVICE_SCREEN }, tenancy: { kind: 'production_devices' } } as const;

  app.get('/production-devices/overview', { config, schema: { querystring: deviceOverviewQuerySchema } }, async (request) =>
    ok(await figures.overview(await callerScope(request), request.query.day, Date.now())),
  );
  app.get('/production-devices/:id/day', { config, schema: { params: idParams, querystring: deviceDayQuerySchema } }, async (request) =>
    ok(await figures.day(request.params.id, request.query.day, Date.now())),
  );
  app.get('/production-devices/:id/days', { config, schema: { params: idParams, querystring: deviceDaysQuerySchema } }, async (request) =>
    ok(await figures.days(request.params.id, request.query.from, request.query.to, Date.now())),
  );

  app.channels.addProvider(
    idleEnergyChannel({ db, timeZone, screens: IDLE_ENERGY_SCREENS, onError: (error) => app.log.warn({ err: error }, 'idle energy channel failed') }),
  );
};
