import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import {
  calendarDayBodySchema,
  calendarDayParamsSchema,
  calendarImportBodySchema,
  calendarYearQuerySchema,
  SHIFT_SCREEN,
  TARIFF_SCREEN,
} from '@shared/schemas/shifts';
import { requireAuth } from '../../http/access';
import { CalendarStore } from '../../calendar/calendarStore';
import { afterCalendarChange } from '../../calendar/calendarEffects';
import { callerScope } from '../../tenancy/routeTenancy';

/** Holidays are national: the calendar is a platform setting (read with the shift or tariff screen, written by administrators). */
const read = { access: { anyOf: [SHIFT_SCREEN, TARIFF_SCREEN] }, tenancy: 'platform' } as const;
const write = { access: { permission: `${SHIFT_SCREEN}/edit` }, tenancy: 'platform' } as const;
const importing = { access: { permission: `${SHIFT_SCREEN}/import` }, tenancy: 'platform' } as const;

/** /api/calendar-days: the working calendar, one year at a time, edited by day or imported from CSV. */
export const calendarRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const calendar = new CalendarStore(app.storage.db);
  const changedBy = async (request: Parameters<typeof requireAuth>[0]) => ({ userId: requireAuth(request).user.id, home: (await callerScope(request)).home });

  app.get('/calendar-days', { config: read, schema: { querystring: calendarYearQuerySchema } }, async (request) => ok(await calendar.year(request.query.year)));

  app.put('/calendar-days/:day', { config: write, schema: { params: calendarDayParamsSchema, body: calendarDayBodySchema } }, async (request) => {
    const { day, typeChanged } = await calendar.set(request.params.day, request.body.dayType, request.body.name, requireAuth(request).user.id);
    const recomputeJobId = await afterCalendarChange(app, typeChanged ? [day.day] : [], await changedBy(request));
    return ok({ ...day, recomputeJobId }, 'Saved');
  });

  app.delete('/calendar-days/:day', { config: write, schema: { params: calendarDayParamsSchema } }, async (request) => {
    const typeChanged = await calendar.remove(request.params.day);
    const recomputeJobId = await afterCalendarChange(app, typeChanged ? [request.params.day] : [], await changedBy(request));
    return ok({ ...(await calendar.get(request.params.day)), recomputeJobId }, 'Deleted');
  });

  app.post('/calendar-days/import', { config: importing, schema: { body: calendarImportBodySchema } }, async (request) => {
    const { changedDays, ...result } = await calendar.import(request.body.csv, request.body.dryRun, requireAuth(request).user.id);
    const recomputeJobId = await afterCalendarChange(app, changedDays, await changedBy(request));
    return ok({ ...result, recomputeJobId }, result.dryRun ? 'Checked' : `Imported ${result.written} of ${result.rows} rows`);
  });
};
