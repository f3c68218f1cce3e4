import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { accountUpdateSchema, userCheckQuerySchema, type UserInfo } from '@shared/schemas';
import { requireAuth } from '../../http/access';
import { UserRepository } from './repository';
import { userAdminRoutes } from './adminRoutes';

export const userRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const users = new UserRepository(app.storage.db);

  app.get('/users/info', { config: { access: 'user' } }, async (request) => {
    const auth = requireAuth(request);
    return ok<UserInfo>(await users.info(auth.user, auth.roles));
  });

  /** The signed-in user edits its own name, avatar and introduction (navbar account edit). */
  app.put('/users/info', { config: { access: 'user' }, schema: { body: accountUpdateSchema } }, async (request) => {
    const auth = requireAuth(request);
    const updated = await users.updateAccount(auth.user.id, request.body);
    return ok<UserInfo>(await users.info(updated, auth.roles), 'Saved');
  });

  /** Uniqueness lookup behind the user dialog's on-blur checks (spec §5, §7). */
  app.get('/users/check', { config: { access: 'user' }, schema: { querystring: userCheckQuerySchema } }, async (request) => {
    const { email, username } = request.query;
    const found = email ? await users.findByEmail(email) : await users.findByUsername(username ?? '');
    return ok(found ? { _id: found.id } : null);
  });

  await app.register(userAdminRoutes);
};
