import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from '@shared/errors';
import { buttonPermission, idParamSchema, idsBodySchema, listQuerySchema, type ResourceDefinition } from '@shared/resources';
import { parseOrThrow } from '../http/zodIssues';
import { ResourceRepository } from './resourceRepository';
import type { ResourceTable } from './resourceTable';
import { callerScope } from '../tenancy/routeTenancy';
import type { OwnedTable } from '../tenancy/ownedTables';

/**
 * The generic CRUD API of one resource under /api/<path>. Reading needs the menu path, writing the
 * button full paths `<menu>/add|edit|delete` (spec §6); admins pass. Pickers read `/options` with any
 * signed-in user, since a meter form needs department names without the departments screen.
 */
export function resourceRoutes(definition: ResourceDefinition, mapping: ResourceTable): FastifyPluginAsync {
  return async (app) => {
    const repository = new ResourceRepository(app.storage.db as unknown as Kysely<any>, definition, mapping);
    const base = `/${definition.path}`;
    const tenancy = { kind: mapping.table as OwnedTable };
    const read = { access: { permission: definition.menu }, tenancy };
    const may = (button: 'add' | 'edit' | 'delete') => ({ access: { permission: buttonPermission(definition, button) }, tenancy });
    const listQuery = listQuerySchema(definition);
    const idOf = (params: unknown) => parseOrThrow(idParamSchema, params, 'params').id;
    // Ingestion keeps meters, departments and gateways in memory: a change must reach the next reading.
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET') app.ingest.directory.invalidate();
    });

    app.get(base, { config: read }, async (request) => ok(await repository.list(parseOrThrow(listQuery, request.query, 'querystring'), await callerScope(request))));
    app.get(`${base}/options`, { config: { access: 'user', tenancy } }, async (request) => ok(await repository.options(await callerScope(request))));
    app.get(`${base}/:id`, { config: read }, async (request) => ok(await repository.get(idOf(request.params), await callerScope(request))));

    app.post(base, { config: may('add') }, async (request) => {
      const input = parseOrThrow(definition.schema, request.body ?? {}, 'body');
      return ok(await repository.create(input, await callerScope(request)), 'Created');
    });

    app.put(`${base}/:id`, { config: may('edit') }, async (request) => {
      const id = idOf(request.params);
      const input = parseOrThrow(definition.schema, request.body ?? {}, 'body');
      return ok(await repository.update(id, input, await callerScope(request)), 'Saved');
    });

    app.delete(`${base}/:id`, { config: may('delete') }, async (request) => ok({ deleted: await repository.remove([idOf(request.params)], await callerScope(request)) }, 'Deleted'));

    app.delete(base, { config: may('delete') }, async (request) => {
      const { ids } = parseOrThrow(idsBodySchema, request.body ?? {}, 'body');
      return ok({ deleted: await repository.remove([...new Set(ids)], await callerScope(request)) }, 'Deleted');
    });
  };
}
