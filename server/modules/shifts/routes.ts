import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import {
  rotaDayBodySchema,
  rotaFillBodySchema,
  rotaQuerySchema,
  SHIFT_SCREEN,
  shiftEnergyQuerySchema,
  shiftIdParamsSchema,
  shiftListQuerySchema,
  shiftTeamBodySchema,
  shiftTemplateBodySchema,
} from '@shared/schemas/shifts';
import { ShiftStore } from '../../shifts/shiftStore';
import { shiftEnergy, type ShiftPricing } from '../../shifts/shiftEnergy';
import { loadEffectiveTariffs } from '../../tariffs/effectiveTariffs';
import { callerScope } from '../../tenancy/routeTenancy';
import { tariffsOf } from '../../calendar/calendarEffects';

const button = (name: 'add' | 'edit' | 'delete') => ({ permission: `${SHIFT_SCREEN}/${name}` });

/** /api/shift-templates, /api/shift-teams, /api/shift-rota, /api/shift-energy (/devices/shift): each user tree its own. */
export const shiftRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const shifts = new ShiftStore(app.storage.db);
  const read = { permission: SHIFT_SCREEN };

  const templates = { kind: 'shift_templates' } as const;
  app.get('/shift-templates', { config: { access: read, tenancy: templates }, schema: { querystring: shiftListQuerySchema } }, async (request) =>
    ok(await shifts.templates(await callerScope(request), request.query.departmentId)),
  );
  app.post('/shift-templates', { config: { access: button('add'), tenancy: templates }, schema: { body: shiftTemplateBodySchema } }, async (request) =>
    ok(await shifts.createTemplate(request.body, await callerScope(request)), 'Created'),
  );
  app.put(
    '/shift-templates/:id',
    { config: { access: button('edit'), tenancy: templates }, schema: { params: shiftIdParamsSchema, body: shiftTemplateBodySchema } },
    async (request) => ok(await shifts.updateTemplate(request.params.id, request.body), 'Saved'),
  );
  app.delete('/shift-templates/:id', { config: { access: button('delete'), tenancy: templates }, schema: { params: shiftIdParamsSchema } }, async (request) => {
    await shifts.removeTemplate(request.params.id);
    return ok(null, 'Deleted');
  });

  const teams = { kind: 'shift_teams' } as const;
  app.get('/shift-teams', { config: { access: read, tenancy: teams }, schema: { querystring: shiftListQuerySchema } }, async (request) =>
    ok(await shifts.teams(await callerScope(request), request.query.departmentId)),
  );
  app.post('/shift-teams', { config: { access: button('add'), tenancy: teams }, schema: { body: shiftTeamBodySchema } }, async (request) =>
    ok(await shifts.createTeam(request.body, await callerScope(request)), 'Created'),
  );
  app.put(
    '/shift-teams/:id',
    { config: { access: button('edit'), tenancy: teams }, schema: { params: shiftIdParamsSchema, body: shiftTeamBodySchema } },
    async (request) => ok(await shifts.updateTeam(request.params.id, request.body), 'Saved'),
  );
  app.delete('/shift-teams/:id', { config: { access: button('delete'), tenancy: teams }, schema: { params: shiftIdParamsSchema } }, async (request) => {
    await shifts.removeTeam(request.params.id);
    return ok(null, 'Deleted');
  });

  const rota = { kind: 'shift_rota' } as const;
  app.get('/shift-rota', { config: { access: read, tenancy: rota }, schema: { querystring: rotaQuerySchema } }, async (request) =>
    ok(await shifts.rota(request.query.departmentId, request.query.from, request.query.to, await callerScope(request))),
  );
  app.put('/shift-rota', { config: { access: button('edit'), tenancy: rota }, schema: { body: rotaDayBodySchema } }, async (request) =>
    ok(await shifts.putDay(request.body, await callerScope(request)), 'Saved'),
  );
  app.post('/shift-rota/fill', { config: { access: button('edit'), tenancy: rota }, schema: { body: rotaFillBodySchema } }, async (request) => {
    const result = await shifts.fill(request.body, await callerScope(request));
    return ok(result, `Planned ${result.slots} shifts over ${result.days} days`);
  });

  app.get('/shift-energy', { config: { access: read, tenancy: rota }, schema: { querystring: shiftEnergyQuerySchema } }, async (request) => {
    const scope = await callerScope(request);
    const tariffs = tariffsOf(app);
    const pricing: ShiftPricing | null = tariffs ? { book: await tariffs.book(), effective: await loadEffectiveTariffs(app.storage.db) } : null;
    return ok(await shiftEnergy(app.storage.db, scope, request.query, app.serverConfig.timeZone, pricing));
  });
};
