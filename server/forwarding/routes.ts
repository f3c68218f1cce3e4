import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { forwardCallQuerySchema, forwardEndpointSchema, type ForwardEndpointFields, type ForwardTestResult } from '@shared/schemas/forwarding';
import { ownerIds, ownerTreeOf, type OwnerScope } from '../tenancy/ownerScope';
import { callerScope } from '../tenancy/routeTenancy';
import { AppError, validationError } from '../http/appError';
import { toEndpoint } from './endpointRepository';

const CONFIG = '/settings/webServiceConfig';
const RECORDS = '/msg/webServiceRecord';
const tenancy = { kind: 'forward_endpoints' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** /api/forward-endpoints (settings/webServiceConfig) and /api/forward-calls (msg/webServiceRecord). */
export const forwardingRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const { endpoints } = app.forwarding;
  const answer = async (id: number) => toEndpoint((await endpoints.find(id))!, app.forwarding.queued(id));

  /** Chosen meters and departments must be of the caller's tree: another tree's id is one that does not exist. */
  async function checkSelection(fields: ForwardEndpointFields, scope: OwnerScope): Promise<void> {
    const owners = ownerIds(scope);
    const missing = async (table: 'meters' | 'departments', field: string, ids: number[], label: string) => {
      if (ids.length === 0) return;
      let select = db.selectFrom(table).select('id').where('id', 'in', ids);
      if (owners) select = select.where('owner_user_id', 'in', owners);
      const found = new Set((await select.execute()).map((r) => r.id));
      const index = ids.findIndex((id) => !found.has(id));
      if (index >= 0) throw validationError([{ field: `${field}.${index}`, rule: 'exists', message: `${label} ${ids[index]} does not exist` }]);
    };
    await missing('meters', 'meterIds', fields.meterIds, 'meter');
    await missing('departments', 'departmentIds', fields.departmentIds, 'department');
  }

  app.get('/forward-endpoints', { config: { access: { permission: CONFIG }, tenancy } }, async (request) => {
    const rows = await endpoints.list(ownerIds(await callerScope(request)));
    return ok({ total: rows.length, rows: rows.map((row) => toEndpoint(row, app.forwarding.queued(row.id))) });
  });

  /** Names for the call record's filter. */
  app.get('/forward-endpoints/options', { config: { access: { anyOf: [CONFIG, RECORDS] }, tenancy } }, async (request) => {
    const rows = await endpoints.list(ownerIds(await callerScope(request)));
    return ok(rows.map((row) => ({ id: row.id, name: row.name })));
  });

  app.get('/forward-endpoints/:id', { config: { access: { permission: CONFIG }, tenancy }, schema: { params: idParams } }, async (request) =>
    ok(await answer(request.params.id)),
  );

  app.post('/forward-endpoints', { config: { access: { permission: `${CONFIG}/add` }, tenancy }, schema: { body: forwardEndpointSchema } }, async (request) => {
    const scope = await callerScope(request);
    await checkSelection(request.body, scope);
    const row = await endpoints.create(request.body, scope.home);
    await app.forwarding.refresh();
    return ok(await answer(row.id), 'Created');
  });

  app.put(
    '/forward-endpoints/:id',
    { config: { access: { permission: `${CONFIG}/edit` }, tenancy }, schema: { params: idParams, body: forwardEndpointSchema } },
    async (request) => {
      const stored = (await endpoints.find(request.params.id))!;
      // The selection is checked against the endpoint's tree, also when an administrator edits it.
      const scope = await callerScope(request);
      await checkSelection(request.body, scope.all ? await ownerTreeOf(db, stored.owner_user_id) : scope);
      await endpoints.update(stored, request.body);
      await app.forwarding.refresh();
      return ok(await answer(stored.id), 'Saved');
    },
  );

  app.delete('/forward-endpoints/:id', { config: { access: { permission: `${CONFIG}/delete` }, tenancy }, schema: { params: idParams } }, async (request) => {
    await endpoints.delete(request.params.id);
    await app.forwarding.refresh();
    return ok(null, 'Deleted');
  });

  for (const action of ['pause', 'resume'] as const) {
    app.post(
      `/forward-endpoints/:id/${action}`,
      { config: { access: { permission: `${CONFIG}/edit` }, tenancy }, schema: { params: idParams } },
      async (request) => {
        await endpoints.setPaused(request.params.id, action === 'pause');
        await app.forwarding.refresh();
        return ok(await answer(request.params.id), action === 'pause' ? 'Paused' : 'Resumed');
      },
    );
  }

  app.post('/forward-endpoints/:id/test', { config: { access: { permission: `${CONFIG}/edit` }, tenancy }, schema: { params: idParams } }, async (request) => {
    const outcome = await app.forwarding.test(request.params.id);
    if (!outcome) throw new AppError('NOT_FOUND', { message: `Forwarding endpoint ${request.params.id} was not found` });
    const result: ForwardTestResult = { ok: outcome.ok, status: outcome.status, error: outcome.error, durationMs: outcome.durationMs };
    return ok(result, outcome.ok ? 'Delivered' : 'Not delivered');
  });

  app.get('/forward-calls', { config: { access: { anyOf: [RECORDS, CONFIG] }, tenancy }, schema: { querystring: forwardCallQuerySchema } }, async (request) =>
    ok(await app.forwarding.calls.list(request.query, ownerIds(await callerScope(request)))),
  );
};
