import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { pushTaskSchema } from '@shared/schemas';
import { AppError } from '../../http/appError';
import { PushTasks } from '../../pushes/pushTasks';
import { SCREENS, button, readBy } from './screens';
import { callerScope } from '../../tenancy/routeTenancy';
import { ownerIds } from '../../tenancy/ownerScope';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tenancy = { kind: 'push_tasks' } as const;
const deleteBody = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1, 'choose at least one task').max(500) });

/** /api/push-tasks (msg/task): which alarms are pushed to whom on which channel. */
export const pushTaskRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tasks = new PushTasks(app.storage.db);
  const notFound = () => new AppError('NOT_FOUND', { message: 'No such push task' });

  app.get('/push-tasks', { config: { access: readBy(SCREENS.task), tenancy } }, async (request) => ok(await tasks.list(ownerIds(await callerScope(request)))));
  app.get('/push-tasks/:id', { config: { access: readBy(SCREENS.task), tenancy }, schema: { params: idParams } }, async (request) => {
    const task = await tasks.get(request.params.id);
    if (!task) throw notFound();
    return ok(task);
  });
  app.post('/push-tasks', { config: { access: button('add', SCREENS.task), tenancy }, schema: { body: pushTaskSchema } }, async (request) =>
    ok(await tasks.create(request.body, await callerScope(request)), 'Created'),
  );
  app.put(
    '/push-tasks/:id',
    { config: { access: button('edit', SCREENS.task), tenancy }, schema: { params: idParams, body: pushTaskSchema } },
    async (request) => {
      const task = await tasks.update(request.params.id, request.body, await callerScope(request));
      if (!task) throw notFound();
      return ok(task, 'Updated');
    },
  );
  app.delete('/push-tasks', { config: { access: button('delete', SCREENS.task), tenancy }, schema: { body: deleteBody } }, async (request) =>
    ok({ deleted: await tasks.remove(request.body.ids, ownerIds(await callerScope(request))) }, 'Deleted'),
  );
};
