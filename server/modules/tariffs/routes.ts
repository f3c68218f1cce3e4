import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import {
  effectiveTariffQuerySchema,
  tariffAssignmentBodySchema,
  tariffAssignmentQuerySchema,
  tariffBodySchema,
  tariffListQuerySchema,
  tariffVersionBodySchema,
} from '@shared/schemas/tariffs';
import { requireAuth } from '../../http/access';
import { callerScope } from '../../tenancy/routeTenancy';
import { TariffStore, type Actor } from '../../tariffs/tariffStore';

/** The tariff screen (/devices/peakvalley): reads with the screen, writes with its add / edit / delete buttons. */
const SCREEN = '/devices/peakvalley';
const read = { permission: SCREEN } as const;
const add = { permission: `${SCREEN}/add` } as const;
const edit = { permission: `${SCREEN}/edit` } as const;
const remove = { permission: `${SCREEN}/delete` } as const;
const tariffs = { kind: 'tariffs' } as const;
const versions = { kind: 'tariffVersions' } as const;
const assignments = { kind: 'tariff_assignments' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * /api/tariffs, /api/tariffs/:id/versions, /api/tariff-versions/:id and /api/tariff-assignments. The rules
 * live in server/tariffs/tariffStore.ts; a handler parses, calls the store and answers.
 */
export const tariffRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const store = new TariffStore(app.storage.db, {
    timeZone: app.serverConfig.timeZone,
    dbKind: app.storage.kind,
    async afterChange() {
      // Ingest prices new energy with the changed tariffs; queued recompute jobs start now.
      if (!app.hasDecorator('tariffs')) return;
      await app.tariffs.reload();
      app.tariffs.recompute.kick();
    },
  });
  const actor = async (request: FastifyRequest): Promise<Actor> => ({ userId: requireAuth(request).user.id, scope: await callerScope(request) });

  // ---- tariffs ----
  app.get('/tariffs', { config: { access: read, tenancy: tariffs }, schema: { querystring: tariffListQuerySchema } }, async (request) =>
    ok({ items: await store.listTariffs(await callerScope(request), request.query.energyType) }),
  );
  app.get('/tariffs/:id', { config: { access: read, tenancy: tariffs }, schema: { params: idParams } }, async (request) =>
    ok(await store.getTariff(request.params.id)),
  );
  app.post('/tariffs', { config: { access: add, tenancy: tariffs }, schema: { body: tariffBodySchema } }, async (request) =>
    ok(await store.createTariff(request.body, await actor(request)), 'Created'),
  );
  app.put('/tariffs/:id', { config: { access: edit, tenancy: tariffs }, schema: { params: idParams, body: tariffBodySchema } }, async (request) =>
    ok(await store.updateTariff(request.params.id, request.body, await actor(request)), 'Saved'),
  );
  app.delete('/tariffs/:id', { config: { access: remove, tenancy: tariffs }, schema: { params: idParams } }, async (request) => {
    await store.deleteTariff(request.params.id, await actor(request));
    return ok(null, 'Deleted');
  });

  // ---- versions ----
  app.get('/tariffs/:id/versions', { config: { access: read, tenancy: tariffs }, schema: { params: idParams } }, async (request) =>
    ok({ items: await store.listVersions(request.params.id) }),
  );
  app.post(
    '/tariffs/:id/versions',
    { config: { access: add, tenancy: tariffs }, schema: { params: idParams, body: tariffVersionBodySchema } },
    async (request) => ok(await store.createVersion(request.params.id, request.body, await actor(request)), 'Created'),
  );
  app.get('/tariff-versions/:id', { config: { access: read, tenancy: versions }, schema: { params: idParams } }, async (request) =>
    ok(await store.getVersion(request.params.id)),
  );
  app.put(
    '/tariff-versions/:id',
    { config: { access: edit, tenancy: versions }, schema: { params: idParams, body: tariffVersionBodySchema } },
    async (request) => ok(await store.updateVersion(request.params.id, request.body, await actor(request)), 'Saved'),
  );
  app.delete('/tariff-versions/:id', { config: { access: remove, tenancy: versions }, schema: { params: idParams } }, async (request) =>
    ok(await store.deleteVersion(request.params.id, await actor(request)), 'Deleted'),
  );

  // ---- assignments ----
  app.get('/tariff-assignments', { config: { access: read, tenancy: assignments }, schema: { querystring: tariffAssignmentQuerySchema } }, async (request) =>
    ok({ items: await store.listAssignments(await callerScope(request), request.query) }),
  );
  app.get(
    '/tariff-assignments/effective',
    { config: { access: read, tenancy: assignments }, schema: { querystring: effectiveTariffQuerySchema } },
    async (request) => ok({ items: await store.effective(await callerScope(request), request.query) }),
  );
  app.post('/tariff-assignments', { config: { access: add, tenancy: assignments }, schema: { body: tariffAssignmentBodySchema } }, async (request) =>
    ok(await store.createAssignment(request.body, await actor(request)), 'Created'),
  );
  app.delete('/tariff-assignments/:id', { config: { access: remove, tenancy: assignments }, schema: { params: idParams } }, async (request) =>
    ok(await store.deleteAssignment(request.params.id, await actor(request)), 'Deleted'),
  );
};
