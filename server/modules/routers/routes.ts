import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { routerInputSchema, routerQuerySchema, type RouterEntry, type RouterGenerated, type RouterList } from '@shared/schemas';
import { AppError } from '../../http/appError';
import { requireAuth } from '../../http/access';
import { ensureMenus } from '../../seed/menus';
import { RouterRepository } from './repository';
import { RouterEditor } from './routerEditor';
import { MENU_SCREEN, menuButton } from './screens';
import { visibleMenuEntries } from '../../siteSettings/hiddenGroups';

const idParams = z.object({ id: z.coerce.number().int().positive() });

export const routerRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const routers = new RouterRepository(app.storage.db);
  const editor = new RouterEditor(app.storage.db);

  const entry = async (id: number): Promise<RouterEntry> => {
    const found = (await routers.list('all')).find((r) => r._id === id);
    if (!found) throw new AppError('NOT_FOUND', { message: 'No such menu entry' });
    return found;
  };

  /**
   * The menu entries for role ids (spec §6 "queried by role ids"); the console builds its routes and
   * sidebar from them. Admins may ask for any roles (none: every entry); others only for their own.
   */
  app.get('/routers', { config: { access: 'user', tenancy: 'platform' }, schema: { querystring: routerQuerySchema } }, async (request) => {
    const auth = requireAuth(request);
    const asked = request.query.roles;
    const own = auth.roles.map((r) => r._id);
    if (asked && !auth.isAdmin && asked.some((id) => !own.includes(id))) {
      throw new AppError('FORBIDDEN', { message: 'You may only read the menus of your own roles' });
    }
    // A menu group the site hides (/settings/superConfig) is left out for everyone; the editor's tree below keeps it.
    const rows = visibleMenuEntries(await routers.list(asked ?? (auth.isAdmin ? 'all' : own)), (await app.siteSettings.fresh()).hiddenGroups);
    return ok<RouterList>({ total: rows.length, rows });
  });

  /** Every entry, menus and buttons: the menu editor's tree, and the tree a role manager grants from. */
  app.get('/routers/tree', { config: { access: { anyOf: [MENU_SCREEN, '/settings/roles/auth'] }, tenancy: 'platform' } }, async () => {
    const rows = await routers.list('all');
    return ok<RouterList>({ total: rows.length, rows });
  });

  /** Adds the entries the product knows (shared/menu) and the tree lacks, e.g. after an admin deleted some. */
  app.get('/routers/generator', { config: { access: menuButton('add'), tenancy: 'platform' } }, async () => {
    const created = await ensureMenus(app.storage.db);
    return ok<RouterGenerated>({ created, total: created.length }, created.length ? 'Created' : 'Nothing to add');
  });

  app.post('/routers', { config: { access: menuButton('add'), tenancy: 'platform' }, schema: { body: routerInputSchema } }, async (request) =>
    ok(await entry(await editor.create(request.body)), 'Created'),
  );

  app.put(
    '/routers/:id',
    { config: { access: menuButton('edit'), tenancy: 'platform' }, schema: { params: idParams, body: routerInputSchema } },
    async (request) => {
      await editor.update(request.params.id, request.body);
      return ok(await entry(request.params.id), 'Updated');
    },
  );

  /** Takes the entry's children (and every grant of them) with it. */
  app.delete('/routers/:id', { config: { access: menuButton('delete'), tenancy: 'platform' }, schema: { params: idParams } }, async (request) =>
    ok({ deleted: await editor.remove(request.params.id) }, 'Deleted'),
  );
};
