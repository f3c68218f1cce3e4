import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { PERIOD_PRESETS, REPORT_LANGS, REPORT_TEMPLATE_KEYS } from '@shared/reports/constants';
import { resolvePeriod } from '@shared/reports/periods';
import { reportDefinitionBodySchema, reportPeriodSchema, reportPreviewSchema, reportSpecSchema } from '@shared/reports/spec';
import type { ReportTemplateView } from '@shared/reports/types';
import { REPORT_TEMPLATES } from '@shared/reports/templates';
import { isoDate } from '@shared/resources/rules';
import { requireAuth } from '../../http/access';
import { callerScope } from '../../tenancy/routeTenancy';
import { ReportDefinitions, assertObjectsInTree } from '../../reports/definitions';
import { buildReportTable } from '../../reports/engine/buildReportTable';
import { reportContextOf } from '../../reports/engine/contextOf';

const read = { anyOf: ['/report/reportConfig', '/report/reportList'] } as const;
const add = { permission: '/report/reportConfig/add' } as const;
const edit = { permission: '/report/reportConfig/edit' } as const;
const remove = { permission: '/report/reportConfig/delete' } as const;
const definitions = { kind: 'report_definitions' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });
const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  keyword: z.string().max(80).optional(),
});
/** The web view of a definition: its own period unless a preset (and, for custom, the days) is given. */
const tableQuery = z
  .object({
    preset: z.enum(PERIOD_PRESETS).optional(),
    from: isoDate().optional(),
    to: isoDate().optional(),
    lang: z.enum(REPORT_LANGS).optional(),
  })
  .superRefine((query, ctx) => {
    if (!query.preset) return;
    const parsed = reportPeriodSchema.safeParse({ preset: query.preset, from: query.from, to: query.to });
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

/**
 * /api/report-definitions (CRUD, paged list), /api/report-templates, /api/report-preview and the web view
 * /api/report-definitions/:id/table. The rules are in server/reports (definitions.ts, engine/).
 */
export const reportDefinitionRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const store = new ReportDefinitions(app.storage.db);
  const timeZone = app.serverConfig.timeZone;
  const contextFor = async (request: FastifyRequest) => reportContextOf(app.storage, await callerScope(request), timeZone);

  app.get('/report-definitions', { config: { access: read, tenancy: definitions }, schema: { querystring: listQuery } }, async (request) =>
    ok(await store.list(await callerScope(request), request.query)),
  );
  app.get('/report-definitions/:id', { config: { access: read, tenancy: definitions }, schema: { params: idParams } }, async (request) =>
    ok(await store.get(request.params.id)),
  );
  app.post('/report-definitions', { config: { access: add, tenancy: definitions }, schema: { body: reportDefinitionBodySchema } }, async (request) =>
    ok(await store.create(request.body, { userId: requireAuth(request).user.id, scope: await callerScope(request) }), 'Created'),
  );
  app.put(
    '/report-definitions/:id',
    { config: { access: edit, tenancy: definitions }, schema: { params: idParams, body: reportDefinitionBodySchema } },
    async (request) => ok(await store.update(request.params.id, request.body, await callerScope(request)), 'Saved'),
  );
  app.delete('/report-definitions/:id', { config: { access: remove, tenancy: definitions }, schema: { params: idParams } }, async (request) => {
    await store.delete(request.params.id);
    return ok(null, 'Deleted');
  });

  app.get('/report-templates', { config: { access: read, tenancy: 'none' } }, async () => {
    const templates: ReportTemplateView[] = REPORT_TEMPLATE_KEYS.map((key) => ({ key, spec: reportSpecSchema.parse(REPORT_TEMPLATES[key]) }));
    return ok(templates);
  });

  // A preview computes on the caller's data but stores nothing: any reader of definitions may ask for one.
  app.post('/report-preview', { config: { access: read, tenancy: definitions }, schema: { body: reportPreviewSchema } }, async (request) => {
    const { spec, period } = request.body;
    await assertObjectsInTree(app.storage.db, await callerScope(request), spec.objects);
    const range = resolvePeriod(period ?? spec.period, timeZone);
    return ok(await buildReportTable(await contextFor(request), spec, range, { title: '' }));
  });

  app.get(
    '/report-definitions/:id/table',
    { config: { access: read, tenancy: definitions }, schema: { params: idParams, querystring: tableQuery } },
    async (request) => {
      const definition = await store.get(request.params.id);
      const { preset, from, to, lang } = request.query;
      const spec = lang ? { ...definition.spec, lang } : definition.spec;
      const range = resolvePeriod(preset ? { preset, from, to } : spec.period, timeZone);
      return ok(await buildReportTable(await contextFor(request), spec, range, { title: definition.name }));
    },
  );
};
