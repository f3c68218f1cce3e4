import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { reportScheduleBodySchema } from '@shared/reports/scheduleSchemas';
import { requireAuth } from '../../http/access';
import { callerScope } from '../../tenancy/routeTenancy';

const CONFIG = '/report/reportConfig';
const LIST = '/report/reportList';
const READ = { anyOf: [CONFIG, LIST] };
const schedules = { kind: 'report_schedules' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });
const listQuery = z.object({ definitionId: z.coerce.number().int().positive().optional() });
const deliveryQuery = z.object({
  runId: z.coerce.number().int().positive().optional(),
  scheduleId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});

/** Report schedules (written from /report/reportConfig with the definitions' buttons) and their e-mail deliveries. */
export const reportScheduleRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/report-schedules', { config: { access: READ, tenancy: schedules }, schema: { querystring: listQuery } }, async (request) =>
    ok(await app.reports.schedules.list(await callerScope(request), request.query.definitionId)),
  );

  app.get('/report-schedules/:id', { config: { access: READ, tenancy: schedules }, schema: { params: idParams } }, async (request) =>
    ok(await app.reports.schedules.view(request.params.id)),
  );

  app.post(
    '/report-schedules',
    { config: { access: { permission: `${CONFIG}/add` }, tenancy: schedules }, schema: { body: reportScheduleBodySchema } },
    async (request) => ok(await app.reports.schedules.create(await callerScope(request), requireAuth(request).user.id, request.body), 'Schedule saved'),
  );

  app.put(
    '/report-schedules/:id',
    { config: { access: { permission: `${CONFIG}/edit` }, tenancy: schedules }, schema: { params: idParams, body: reportScheduleBodySchema } },
    async (request) => ok(await app.reports.schedules.update(await callerScope(request), request.params.id, request.body), 'Schedule saved'),
  );

  app.delete(
    '/report-schedules/:id',
    { config: { access: { permission: `${CONFIG}/delete` }, tenancy: schedules }, schema: { params: idParams } },
    async (request) => {
      await app.reports.schedules.delete(request.params.id);
      return ok(null, 'Schedule deleted');
    },
  );

  app.post(
    '/report-schedules/:id/run-now',
    { config: { access: { permission: `${CONFIG}/edit` }, tenancy: schedules }, schema: { params: idParams } },
    async (request) => ok(await app.reports.schedules.runNow(request.params.id, requireAuth(request).user.id), 'Reports queued'),
  );

  app.get('/report-deliveries', { config: { access: READ, tenancy: { kind: 'report_deliveries' } }, schema: { querystring: deliveryQuery } }, async (request) =>
    ok(await app.reports.deliveries.list(await callerScope(request), request.query)),
  );
};
