import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { loginPageBatchDeleteSchema, loginPageInputSchema, loginPageListQuerySchema } from '@shared/schemas/loginPages';
import { AppError } from '../../http/appError';
import { parseOrThrow } from '../../http/zodIssues';
import { LoginPageRepository } from './repository';
import { requestHost } from './requestHost';

const SCREEN = '/settings/loginPageSet';
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** /api/login-pages: /settings/loginPageSet entries, and the public entry for the login page's host. */
export const loginPageRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const pages = new LoginPageRepository(app.storage.db);

  // Public: the login page asks before anyone has signed in.
  app.get('/login-pages/current', { config: { access: 'public' } }, async (request) => ok(await pages.current(requestHost(request))));

  app.get(
    '/login-pages',
    { config: { access: { permission: SCREEN }, tenancy: 'platform' }, schema: { querystring: loginPageListQuerySchema } },
    async (request) => ok(await pages.list(request.query.page, request.query.size)),
  );
  app.post('/login-pages', { config: { access: { permission: `${SCREEN}/add` }, tenancy: 'platform' } }, async (request) =>
    ok(await pages.create(parseOrThrow(loginPageInputSchema, request.body)), 'Created'),
  );
  app.put('/login-pages/:id', { config: { access: { permission: `${SCREEN}/edit` }, tenancy: 'platform' }, schema: { params: idParams } }, async (request) =>
    ok(await pages.update(request.params.id, parseOrThrow(loginPageInputSchema, request.body)), 'Updated'),
  );
  app.delete(
    '/login-pages/:id',
    { config: { access: { permission: `${SCREEN}/delete` }, tenancy: 'platform' }, schema: { params: idParams } },
    async (request) => {
      if ((await pages.remove([request.params.id])) === 0) throw new AppError('NOT_FOUND', { message: 'No such login page' });
      return ok(null, 'Deleted');
    },
  );
  app.delete('/login-pages', { config: { access: { permission: `${SCREEN}/delete` }, tenancy: 'platform' } }, async (request) => {
    const { ids } = parseOrThrow(loginPageBatchDeleteSchema, request.body);
    return ok({ deleted: await pages.remove(ids) }, 'Deleted');
  });
};
