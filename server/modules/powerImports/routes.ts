import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { FUEL_IMPORT_SCREEN, IMPORT_MAX_BYTES, POWER_IMPORT_SCREEN, type ImportKind } from '@shared/powerImports/constants';
import {
  fuelFactorBodySchema,
  fuelImportRequestSchema,
  fuelSummaryQuerySchema,
  importBatchListQuerySchema,
  importPageQuerySchema,
  powerImportRequestSchema,
} from '@shared/powerImports/schemas';
import { requireAuth, type Access } from '../../http/access';
import { AppError } from '../../http/appError';
import { DRAIN_FACTOR, drainRequestBody } from '../../http/drainBody';
import { fuelSummary } from '../../powerImports/fuelSummary';
import { inspectionOf } from '../../powerImports/importUploads';
import { previewOf, validateFile } from '../../powerImports/importPipeline';
import { fileRefused } from '../../resources/exchange/sheets';
import { callerScope } from '../../tenancy/routeTenancy';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const MEGABYTES = IMPORT_MAX_BYTES / (1024 * 1024);

/** The upload's file name as plain text: its last path segment, no control characters, at most 200 characters. */
function cleanFileName(name: string | undefined): string {
  const segment = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = segment.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 200) || 'import.csv';
}

/** The one file of the multipart upload (field `file`), within IMPORT_MAX_BYTES: past it 41300 says the limit. */
async function readUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw fileRefused('Choose a CSV or XLSX file');
  const part = await request.file();
  if (!part) throw fileRefused('Choose a CSV or XLSX file');
  try {
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw fileRefused('The file is empty');
    return { fileName: cleanFileName(part.filename), bytes };
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    await drainRequestBody(request.raw, DRAIN_FACTOR * IMPORT_MAX_BYTES);
    throw new AppError('BODY_TOO_LARGE', {
      message: `The file is larger than ${MEGABYTES} MB; split it into several files`,
      headers: { connection: 'close' },
    });
  }
}

/**
 * /api/power-imports/… and /api/fuel-imports/…: upload → inspect → preview → import (a batch worked off by
 * app.powerImports.worker) → history, errors, rows, undo; /api/fuel-imports/summary and /api/fuel-factors.
 * The contract is shared/powerImports/api.ts.
 */
export const powerImportRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // a scope of its own: only these uploads take files up to IMPORT_MAX_BYTES
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  const { uploads, batches, factors } = app.powerImports;
  const timeZone = app.serverConfig.timeZone;

  const kinds: { kind: ImportKind; path: string; screen: string; request: typeof powerImportRequestSchema | typeof fuelImportRequestSchema }[] = [
    { kind: 'power', path: '/power-imports', screen: POWER_IMPORT_SCREEN, request: powerImportRequestSchema },
    { kind: 'fuel', path: '/fuel-imports', screen: FUEL_IMPORT_SCREEN, request: fuelImportRequestSchema },
  ];

  for (const { kind, path, screen, request: requestSchema } of kinds) {
    const read: Access = { permission: screen };
    const importing: Access = { anyOf: [`${screen}/add`, `${screen}/import`] };
    const undo: Access = { permission: `${screen}/delete` };
    const onUploads = (access: Access) => ({ access, tenancy: { kind: 'import_uploads' } as const });
    const onBatches = (access: Access) => ({ access, tenancy: { kind: 'import_batches' } as const });

    app.post(`${path}/uploads`, { config: onUploads(importing), bodyLimit: DRAIN_FACTOR * IMPORT_MAX_BYTES }, async (request) => {
      const file = await readUpload(request);
      const stored = await uploads.store(await callerScope(request), requireAuth(request).user.id, kind, file.fileName, file.bytes);
      return ok(inspectionOf(stored), 'Uploaded');
    });
    app.get(`${path}/uploads/:id`, { config: onUploads(read), schema: { params: idParams } }, async (request) =>
      ok(inspectionOf(await uploads.load(await callerScope(request), kind, request.params.id))),
    );
    app.post(`${path}/preview`, { config: onUploads(importing), schema: { body: requestSchema } }, async (request) => {
      const scope = await callerScope(request);
      const upload = await uploads.load(scope, kind, request.body.uploadId);
      const versions = kind === 'fuel' ? ((await factors.versionsOf([scope.home])).get(scope.home) ?? []) : [];
      const validated = await validateFile(app.storage.db, { kind, scope, file: upload.file, mapping: request.body.mapping, versions, timeZone });
      return ok(previewOf(validated));
    });
    app.post(`${path}/batches`, { config: onBatches(importing), schema: { body: requestSchema } }, async (request) => {
      const batch = await batches.create(await callerScope(request), requireAuth(request).user.id, kind, request.body.uploadId, request.body.mapping);
      return ok(batch, 'Import started');
    });
    app.get(`${path}/batches`, { config: onBatches(read), schema: { querystring: importBatchListQuerySchema } }, async (request) =>
      ok(await batches.list(await callerScope(request), kind, request.query)),
    );
    app.get(`${path}/batches/:id`, { config: onBatches(read), schema: { params: idParams } }, async (request) =>
      ok(await batches.get(kind, request.params.id)),
    );
    app.get(`${path}/batches/:id/errors`, { config: onBatches(read), schema: { params: idParams, querystring: importPageQuerySchema } }, async (request) =>
      ok(await batches.errors(kind, request.params.id, request.query)),
    );
    app.get(`${path}/batches/:id/rows`, { config: onBatches(read), schema: { params: idParams, querystring: importPageQuerySchema } }, async (request) =>
      ok(await batches.rows(kind, request.params.id, request.query)),
    );
    app.delete(`${path}/batches/:id`, { config: onBatches(undo), schema: { params: idParams } }, async (request) => {
      const { user } = requireAuth(request);
      return ok(await batches.undo(kind, request.params.id, { id: user.id, name: user.true_name || user.username }), 'Import undone');
    });
  }

  const fuelRead: Access = { permission: FUEL_IMPORT_SCREEN };
  const factorEdit: Access = { permission: `${FUEL_IMPORT_SCREEN}/edit` };
  const onFactors = (access: Access) => ({ access, tenancy: { kind: 'fuel_factor_versions' } as const });

  app.get(
    '/fuel-imports/summary',
    { config: { access: fuelRead, tenancy: { kind: 'import_batches' } }, schema: { querystring: fuelSummaryQuerySchema } },
    async (request) => ok(await fuelSummary(app.storage.db, factors, await callerScope(request), request.query, timeZone)),
  );
  app.get('/fuel-factors', { config: onFactors(fuelRead) }, async (request) => ok(await factors.list(await callerScope(request))));
  app.post('/fuel-factors', { config: onFactors(factorEdit), schema: { body: fuelFactorBodySchema } }, async (request) =>
    ok(await factors.create(await callerScope(request), requireAuth(request).user.id, request.body), 'Saved'),
  );
  app.put('/fuel-factors/:id', { config: onFactors(factorEdit), schema: { params: idParams, body: fuelFactorBodySchema } }, async (request) =>
    ok(await factors.update(request.params.id, request.body), 'Saved'),
  );
  app.delete('/fuel-factors/:id', { config: onFactors(factorEdit), schema: { params: idParams } }, async (request) => {
    await factors.remove(request.params.id);
    return ok(null, 'Deleted');
  });
};
