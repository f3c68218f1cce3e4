import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { PUSH_CHANNELS, pushTemplateSchema, templateDefaultsSchema, templatePreviewSchema, type TemplatePreview } from '@shared/schemas';
import { AppError } from '../../http/appError';
import { requireAuth } from '../../http/access';
import { PushTemplates, assertKnownPlaceholders } from '../../pushes/pushTemplates';
import { sampleAlarm } from '../../pushes/builtinTemplates';
import { placeholderValues, renderMessage } from '../../pushes/templateRender';
import { toAlarmRecord } from '../../alarms/alarmRecords';
import { SCREENS, button, readBy } from './screens';
import { callerScope } from '../../tenancy/routeTenancy';
import { ownerIds } from '../../tenancy/ownerScope';
import { visibilityOf, visibleSubjects } from '../../alarms/alarmScope';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const deleteBody = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1, 'choose at least one template').max(500) });
const tenancy = { kind: 'push_templates' } as const;
const listQuery = z.object({ channel: z.enum(PUSH_CHANNELS).optional() });
/** Templates are picked on the task, settings and verify screens too. */
const readAccess = readBy(SCREENS.template, SCREENS.templateSettings, SCREENS.task, SCREENS.verify);

/** /api/push-templates (msg/template) and /api/push-template-defaults (message/template-settings). */
export const pushTemplateRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const templates = new PushTemplates(db);
  const notFound = () => new AppError('NOT_FOUND', { message: 'No such push template' });

  app.get('/push-templates', { config: { access: readAccess, tenancy }, schema: { querystring: listQuery } }, async (request) =>
    ok(await templates.list(request.query.channel, ownerIds(await callerScope(request)))),
  );
  app.post('/push-templates', { config: { access: button('add', SCREENS.template), tenancy }, schema: { body: pushTemplateSchema } }, async (request) =>
    ok(await templates.create(request.body, (await callerScope(request)).home), 'Created'),
  );
  app.put(
    '/push-templates/:id',
    { config: { access: button('edit', SCREENS.template), tenancy }, schema: { params: idParams, body: pushTemplateSchema } },
    async (request) => {
      const template = await templates.update(request.params.id, request.body);
      if (!template) throw notFound();
      return ok(template, 'Updated');
    },
  );
  app.delete('/push-templates', { config: { access: button('delete', SCREENS.template), tenancy }, schema: { body: deleteBody } }, async (request) =>
    ok({ deleted: await templates.remove(request.body.ids, ownerIds(await callerScope(request))) }, 'Deleted'),
  );
  // A preview fills the text being edited: the sample alarm, or a real one; the caller is the recipient.
  app.post(
    '/push-templates/preview',
    {
      config: { access: readBy(SCREENS.template, SCREENS.templateSettings), tenancy: { kind: 'alarmRecords', check: 'module' } },
      schema: { body: templatePreviewSchema },
    },
    async (request) => {
      const { subject, body, alarmId } = request.body;
      assertKnownPlaceholders({ subject, body });
      let alarm = sampleAlarm(Date.now());
      if (alarmId !== undefined) {
        // Only an alarm the caller may see (another tree's is "no such alarm").
        const visibility = visibilityOf(await callerScope(request));
        let select = db.selectFrom('alarm_records').selectAll().where('id', '=', alarmId);
        if (visibility) select = select.where(visibleSubjects(visibility));
        const row = await select.executeTakeFirst();
        if (!row) throw new AppError('NOT_FOUND', { message: 'No such alarm' });
        alarm = toAlarmRecord(row);
      }
      const auth = requireAuth(request);
      const values = placeholderValues(alarm, auth.user.true_name || auth.user.username, app.pushes.timeZone);
      const preview: TemplatePreview = renderMessage('email', { subject, body }, values);
      return ok(preview);
    },
  );

  app.get('/push-template-defaults', { config: { access: readBy(SCREENS.templateSettings, SCREENS.template), tenancy: 'platform' } }, async () =>
    ok(await templates.defaults()),
  );
  app.put(
    '/push-template-defaults',
    { config: { access: button('edit', SCREENS.templateSettings), tenancy: 'platform' }, schema: { body: templateDefaultsSchema } },
    async (request) => {
      await templates.saveDefaults(request.body);
      return ok(await templates.defaults(), 'Updated');
    },
  );
};
