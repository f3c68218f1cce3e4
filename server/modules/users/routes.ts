import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { accountUpdateSchema, userCheckQuerySchema, type UserInfo } from '@shared/schemas';
import { requireAuth } from '../../http/access';
import { UserRepository } from '../../users/userRepository';
import { userAdminRoutes } from './adminRoutes';
import { managedIds } from '../../users/targetAccess';
import { USER_SCREEN } from './screens';

export const userRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const users = new UserRepository(app.storage.db);

  app.get('/users/info', { config: { access: 'user', tenancy: 'none' } }, async (request) => {
    const auth = requireAuth(request);
    return ok<UserInfo>(await users.info(auth.user, auth.roles));
  });

  /** The signed-in user edits its own name, avatar and introduction (navbar account edit). */
  app.put('/users/info', { config: { access: 'user', tenancy: 'none' }, schema: { body: accountUpdateSchema } }, async (request) => {
    const auth = requireAuth(request);
    const updated = await users.updateAccount(auth.user.id, request.body);
    return ok<UserInfo>(await users.info(updated, auth.roles), 'Saved');
  });

  /**
   * Uniqueness lookup behind the user dialog's on-blur checks (spec §5, §7), for those who may create or
   * edit users. Names are unique across every tree, so the answer says "taken" for any match, but it
   * carries the id only of a user the caller manages (the dialog allows that user its own name): the
   * ids and existence of other trees' users are not a lookup away.
   */
  app.get(
    '/users/check',
    { config: { access: { anyOf: [`${USER_SCREEN}/add`, `${USER_SCREEN}/edit`] }, tenancy: { kind: 'users', check: 'module' } }, schema: { querystring: userCheckQuerySchema } },
    async (request) => {
      const { email, username } = request.query;
      const found = email ? await users.findByEmail(email) : await users.findByUsername(username ?? '');
      if (!found) return ok(null);
      const managed = await managedIds(app.storage.db, requireAuth(request));
      return ok(managed === null || managed.has(found.id) ? { taken: true as const, _id: found.id } : { taken: true as const });
    },
  );

  await app.register(userAdminRoutes);
};
