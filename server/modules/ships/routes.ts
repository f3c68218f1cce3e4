import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { idParamSchema } from '@shared/resources';
import { SHIPS_MENU } from '@shared/ships/api';
import { ciiQuerySchema, voyageBodySchema, voyagesQuerySchema } from '@shared/ships/schemas';
import { callerScope } from '../../tenancy/routeTenancy';
import { loadShip } from '../../ships/shipRecord';
import { ShipService } from '../../ships/shipService';
import { createVoyage, deleteVoyage, updateVoyage } from '../../ships/voyages';
import { fleetCiiChannels } from './fleetCiiChannels';

/** Who reads the fleet's ratings on a wall: the ships screen's holders and the board editor (its preview). */
export const FLEET_CII_SCREENS = [SHIPS_MENU, '/settings/boardConfig'] as const;

/**
 * Ships beyond the resource kit (ships, fuel entries and fuel meters are resources: /api/ships, /api/ship-fuel-entries,
 * /api/ship-fuel-meters): voyages with legs, a ship's CII per year and over the years, the fleet's ratings, and the
 * `ships:fleet-cii:*` wall channel. Logic in server/ships/.
 */
export const shipRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const ships = new ShipService(db);
  const read = { access: { permission: SHIPS_MENU }, tenancy: { kind: 'ships' } } as const;
  const voyage = (button: 'edit' | 'delete') => ({ access: { permission: `${SHIPS_MENU}/${button}` }, tenancy: { kind: 'ship_voyages' } }) as const;

  // Registered before /ships/:id's resource routes would matter: a static segment wins over the parameter anyway.
  app.get(
    '/ships/fleet-cii',
    { config: { access: { anyOf: FLEET_CII_SCREENS }, displays: true, tenancy: { kind: 'ships' } }, schema: { querystring: ciiQuerySchema } },
    async (request) => ok(await ships.fleet(await callerScope(request), request.query.year)),
  );
  app.get('/ships/:id/cii', { config: read, schema: { params: idParamSchema, querystring: ciiQuerySchema } }, async (request) =>
    ok(await ships.cii(await callerScope(request), request.params.id, request.query.year)),
  );
  app.get('/ships/:id/cii-years', { config: read, schema: { params: idParamSchema } }, async (request) =>
    ok(await ships.ciiYears(await callerScope(request), request.params.id)),
  );
  app.get('/ships/:id/voyages', { config: read, schema: { params: idParamSchema, querystring: voyagesQuerySchema } }, async (request) =>
    ok(await ships.voyages(await callerScope(request), request.params.id, request.query.year)),
  );
  app.post(
    '/ships/:id/voyages',
    { config: { access: { permission: `${SHIPS_MENU}/add` }, tenancy: { kind: 'ships' } }, schema: { params: idParamSchema, body: voyageBodySchema } },
    async (request) => {
      const scope = await callerScope(request);
      const ship = await loadShip(db, request.params.id, scope);
      const id = await createVoyage(db, ship, request.body);
      return ok({ id }, 'Created');
    },
  );
  app.put('/ship-voyages/:id', { config: voyage('edit'), schema: { params: idParamSchema, body: voyageBodySchema } }, async (request) => {
    await updateVoyage(db, request.params.id, request.body);
    return ok({ id: request.params.id }, 'Saved');
  });
  app.delete('/ship-voyages/:id', { config: voyage('delete'), schema: { params: idParamSchema } }, async (request) => {
    await deleteVoyage(db, request.params.id);
    return ok(null, 'Deleted');
  });

  app.channels.addProvider(
    fleetCiiChannels({ db, ships, screens: FLEET_CII_SCREENS, onError: (error) => app.log.warn({ err: error }, 'fleet CII channel failed') }),
  );
};
