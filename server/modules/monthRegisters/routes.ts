import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { monthRegisterEditSchema, monthRegisterExportQuerySchema, monthRegisterQuerySchema } from '@shared/schemas/monthRegisters';
import { requireAuth } from '../../http/access';
import { MonthRegisters } from '../../monthRegisters/monthRegisters';
import { MONTH_REGISTER_CONTENT_TYPES, monthRegisterStream } from '../../monthRegisters/monthRegisterExport';
import { assertInTree, callerScope } from '../../tenancy/routeTenancy';

const SCREEN = '/settlement/power-month-record';
/** Lists and bodies name meters and departments of the caller's tree (checked here and in MonthRegisters). */
const meters = { kind: 'meters' } as const;

/** /api/month-registers: the monthly meter register record, its export, and typed registers of manual meters. */
export const monthRegisterRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const registers = new MonthRegisters(app.storage.db, app.serverConfig.timeZone);

  app.get(
    '/month-registers',
    { config: { access: { permission: SCREEN }, tenancy: meters }, schema: { querystring: monthRegisterQuerySchema } },
    async (request) => {
      const scope = await callerScope(request);
      if (request.query.departmentId !== undefined) await assertInTree(app, scope, 'departments', request.query.departmentId);
      return ok(await registers.list(request.query, scope));
    },
  );

  app.get(
    '/month-registers/export',
    { config: { access: { permission: SCREEN }, tenancy: meters }, schema: { querystring: monthRegisterExportQuerySchema } },
    async (request, reply) => {
      const scope = await callerScope(request);
      const { format, lang, ...query } = request.query;
      if (query.departmentId !== undefined) await assertInTree(app, scope, 'departments', query.departmentId);
      const answer = await registers.list(query, scope);
      reply
        .header('content-type', MONTH_REGISTER_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="meter-registers-${query.month}.${format}"`);
      return reply.send(monthRegisterStream(answer, format, lang));
    },
  );

  app.put(
    '/month-registers',
    { config: { access: { permission: `${SCREEN}/edit` }, tenancy: meters }, schema: { body: monthRegisterEditSchema } },
    async (request) => ok(await registers.edit(request.body, await callerScope(request), requireAuth(request).user.id), 'Registers saved'),
  );
};
