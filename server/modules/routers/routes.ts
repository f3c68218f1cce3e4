import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { routerQuerySchema, type RouterList } from '@shared/schemas';
import { AppError } from '../../http/appError';
import { requireAuth } from '../../http/access';
import { RouterRepository } from './repository';

export const routerRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const routers = new RouterRepository(app.storage.db);

  /**
   * The menu entries for role ids (spec §6 "queried by role ids"); the console builds its routes and
   * sidebar from them. Admins may ask for any roles (none: every entry); others only for their own.
   */
  app.get('/routers', { config: { access: 'user' }, schema: { querystring: routerQuerySchema } }, async (request) => {
    const auth = requireAuth(request);
    const asked = request.query.roles;
    const own = auth.roles.map((r) => r._id);
    if (asked && !auth.isAdmin && asked.some((id) => !own.includes(id))) {
      throw new AppError('FORBIDDEN', { message: 'You may only read the menus of your own roles' });
    }
    const rows = await routers.list(asked ?? (auth.isAdmin ? 'all' : own));
    return ok<RouterList>({ total: rows.length, rows });
  });
};
