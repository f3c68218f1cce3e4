import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from '@shared/errors';
import {
  buttonPermission,
  exportQuerySchema,
  idParamSchema,
  idsBodySchema,
  importQuerySchema,
  IMPORT_MESSAGES,
  listQuerySchema,
  type ResourceButton,
  type ResourceDefinition,
} from '@shared/resources';
import { UPLOAD_MAX_BYTES } from '@shared/schemas/files';
import { AppError } from '../http/appError';
import { DRAIN_FACTOR, drainRequestBody } from '../http/drainBody';
import { parseOrThrow } from '../http/zodIssues';
import { ResourceRepository } from './resourceRepository';
import type { ResourceTable } from './resourceTable';
import { callerScope } from '../tenancy/routeTenancy';
import type { OwnedTable } from '../tenancy/ownedTables';
import { EXPORT_CONTENT_TYPES, exportFileName, exportRows } from './exchange/exportRows';
import { importRows } from './exchange/importRows';
import { fileRefused, readSheet } from './exchange/sheets';

/** The one uploaded file of an import, read whole within the upload limit (413 past it, as for pictures). */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fileRefused(IMPORT_MESSAGES.noFile);
  const part = await request.file();
  if (!part) throw fileRefused(IMPORT_MESSAGES.noFile);
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    await drainRequestBody(request.raw, DRAIN_FACTOR * UPLOAD_MAX_BYTES);
    throw new AppError('BODY_TOO_LARGE', { headers: { connection: 'close' } });
  }
}

/**
 * The generic API of one resource under /api/<path>: list, options, read, create, update, delete (one
 * or a batch), export and import. Reading and export need the menu path, writing the button full paths
 * `<menu>/add|edit|delete|import` (spec §6); admins pass. Pickers read `/options` with any signed-in
 * user, since a meter form needs department names without the departments screen.
 */
export function resourceRoutes(definition: ResourceDefinition, mapping: ResourceTable): FastifyPluginAsync {
  return async (app) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables named at run time by a resource definition are not in the Database type
    const db = app.storage.db as unknown as Kysely<any>;
    const repository = new ResourceRepository(db, definition, mapping);
    const base = `/${definition.path}`;
    const tenancy = { kind: mapping.table as OwnedTable };
    const read = { access: { permission: definition.menu }, tenancy };
    const may = (button: ResourceButton) => ({ access: { permission: buttonPermission(definition, button) }, tenancy });
    const listQuery = listQuerySchema(definition);
    const idOf = (params: unknown) => parseOrThrow(idParamSchema, params, 'params').id;
    // Ingestion keeps meters, departments and gateways in memory: a change must reach the next reading.
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET') app.ingest.directory.invalidate();
    });

    app.get(base, { config: read }, async (request) =>
      ok(await repository.list(parseOrThrow(listQuery, request.query, 'querystring'), await callerScope(request))),
    );
    app.get(`${base}/options`, { config: { access: 'user', tenancy } }, async (request) => ok(await repository.options(await callerScope(request))));

    app.get(`${base}/export`, { config: read }, async (request, reply) => {
      const { format, lang } = parseOrThrow(exportQuerySchema, request.query, 'querystring');
      const query = parseOrThrow(listQuery, request.query, 'querystring');
      const stream = await exportRows(db, repository, definition, { query, scope: await callerScope(request), format, lang });
      reply.header('content-type', EXPORT_CONTENT_TYPES[format]).header('content-disposition', `attachment; filename="${exportFileName(definition, format)}"`);
      return reply.send(stream);
    });

    app.post(`${base}/import`, { config: may('import'), bodyLimit: UPLOAD_MAX_BYTES }, async (request) => {
      const { mode } = parseOrThrow(importQuerySchema, request.query, 'querystring');
      const sheet = await readSheet(await uploadedFile(request));
      const result = await importRows(db, repository, definition, { sheet, mode, scope: await callerScope(request) });
      return ok(result, mode === 'preview' ? 'Checked' : `Imported ${result.written} of ${result.rows} rows`);
    });

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

    app.delete(`${base}/:id`, { config: may('delete') }, async (request) =>
      ok({ deleted: await repository.remove([idOf(request.params)], await callerScope(request)) }, 'Deleted'),
    );

    app.delete(base, { config: may('delete') }, async (request) => {
      const { ids } = parseOrThrow(idsBodySchema, request.body ?? {}, 'body');
      return ok({ deleted: await repository.remove([...new Set(ids)], await callerScope(request)) }, 'Deleted');
    });
  };
}
