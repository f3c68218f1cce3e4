import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { accountUpdateSchema, userCheckQuerySchema, type UserCheckResult, type UserInfo } from '@shared/schemas';
import { requireAuth } from '../../http/access';
import { UserRepository } from '../../users/userRepository';
import { userAdminRoutes } from './adminRoutes';
import { takenName } from '../../users/nameLookup';
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

  /** The user dialog's on-blur uniqueness checks (spec §5, §7), for those who may create or edit users. */
  app.get(
    '/users/check',
    {
      config: { access: { anyOf: [`${USER_SCREEN}/add`, `${USER_SCREEN}/edit`] }, tenancy: { kind: 'users', check: 'module' } },
      schema: { querystring: userCheckQuerySchema },
    },
    async (request) => ok<UserCheckResult>(await takenName(app.storage.db, requireAuth(request), request.query)),
  );

  await app.register(userAdminRoutes);
};
