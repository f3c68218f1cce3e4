import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { reportRunRequestSchema, runListQuerySchema } from '@shared/reports/spec';
import { reportSettingsSchema } from '@shared/reports/scheduleSchemas';
import { requireAuth } from '../../http/access';
import { callerScope } from '../../tenancy/routeTenancy';
import { attachmentHeader } from '../../reports/runs/runFiles';

const LIST = '/report/reportList';
const CONFIG = '/report/reportConfig';
const READ = { anyOf: [LIST, CONFIG] };
const runs = { kind: 'report_runs' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Generated reports (/report/reportList): queue a file, follow it, cancel, download, delete; and the retention setting. */
export const reportRunRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post('/report-runs', { config: { access: { permission: `${LIST}/add` }, tenancy: runs }, schema: { body: reportRunRequestSchema } }, async (request) =>
    ok(await app.reports.runs.create(await callerScope(request), requireAuth(request).user.id, request.body), 'Report queued'),
  );

  app.get('/report-runs', { config: { access: READ, tenancy: runs }, schema: { querystring: runListQuerySchema } }, async (request) =>
    ok(await app.reports.runs.list(await callerScope(request), request.query)),
  );

  app.get('/report-runs/:id', { config: { access: READ, tenancy: runs }, schema: { params: idParams } }, async (request) =>
    ok(await app.reports.runs.view(request.params.id)),
  );

  app.post('/report-runs/:id/cancel', { config: { access: { permission: `${LIST}/edit` }, tenancy: runs }, schema: { params: idParams } }, async (request) =>
    ok(await app.reports.runs.cancel(request.params.id), 'Cancel requested'),
  );

  app.delete('/report-runs/:id', { config: { access: { permission: `${LIST}/delete` }, tenancy: runs }, schema: { params: idParams } }, async (request) => {
    await app.reports.runs.delete(request.params.id);
    return ok(null, 'Report deleted');
  });

  app.get('/report-runs/:id/file', { config: { access: READ, tenancy: runs }, schema: { params: idParams } }, async (request, reply) => {
    const file = await app.reports.runs.file(request.params.id);
    return reply.header('content-type', file.contentType).header('content-disposition', attachmentHeader(file.fileName)).send(file.bytes);
  });

  app.get('/report-settings', { config: { access: READ, tenancy: 'platform' } }, async () => ok(await app.reports.settings.get()));

  app.put('/report-settings', { config: { access: 'admin', tenancy: 'platform' }, schema: { body: reportSettingsSchema } }, async (request) =>
    ok(await app.reports.settings.save(request.body, requireAuth(request).user.id), 'Saved'),
  );
};
