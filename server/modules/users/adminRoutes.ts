import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import {
  userBatchDeleteSchema,
  userCreateSchema,
  userListQuerySchema,
  userPasswordSchema,
  userUpdateSchema,
  type UserList,
  type UserRow,
} from '@shared/schemas';
import { requireAuth } from '../../http/access';
import { parseOrThrow } from '../../http/zodIssues';
import { SessionRepository } from '../../auth/sessions';
import { DISPLAY_AREA_READERS, USER_SCREEN, userButton } from './screens';
import { managedIds, managedUser } from '../../users/targetAccess';
import { listUsers, toUserRow } from '../../users/userRows';
import { UserAdminService } from '../../users/userAdminService';
import { displayAreaOptions } from '../../users/displayAreaOptions';

const userIdParams = z.object({ id: z.coerce.number().int().positive() });
/** Users are checked against the caller's managed subtree by targetAccess.ts, not by an owner column. */
const USERS = { kind: 'users', check: 'module' } as const;

/** /api/users administration and the dialog's display-area choices. */
export const userAdminRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = app.storage.db;
  const sessions = new SessionRepository(db);
  const service = new UserAdminService(db, async (userId) => {
    for (const sessionId of await sessions.revokeAllOf(userId)) app.realtime.disconnectSession(sessionId);
  });

  app.get('/users', { config: { access: { permission: USER_SCREEN }, tenancy: USERS }, schema: { querystring: userListQuerySchema } }, async (request) => {
    const auth = requireAuth(request);
    return ok<UserList>(await listUsers(db, await managedIds(db, auth), request.query));
  });

  app.get('/users/:id', { config: { access: { permission: USER_SCREEN }, tenancy: USERS }, schema: { params: userIdParams } }, async (request) => {
    const user = await managedUser(db, requireAuth(request), request.params.id);
    return ok<UserRow>(await toUserRow(db, user));
  });

  app.post('/users', { config: { access: userButton('add'), tenancy: USERS } }, async (request) => {
    const id = await service.create(requireAuth(request), parseOrThrow(userCreateSchema, request.body));
    return ok({ _id: id }, 'Created');
  });

  app.put('/users/:id', { config: { access: userButton('edit'), tenancy: USERS }, schema: { params: userIdParams } }, async (request) => {
    const auth = requireAuth(request);
    const target = await managedUser(db, auth, request.params.id);
    await service.update(auth, target, parseOrThrow(userUpdateSchema, request.body));
    return ok<UserRow>(await toUserRow(db, await managedUser(db, auth, target.id)), 'Updated');
  });

  app.put('/users/:id/password', { config: { access: userButton('password'), tenancy: USERS }, schema: { params: userIdParams } }, async (request) => {
    const target = await managedUser(db, requireAuth(request), request.params.id);
    await service.setPassword(target, parseOrThrow(userPasswordSchema, request.body).password);
    return ok(null, 'Updated');
  });

  app.delete('/users/:id', { config: { access: userButton('delete'), tenancy: USERS }, schema: { params: userIdParams } }, async (request) => {
    await service.remove(requireAuth(request), [request.params.id]);
    return ok(null, 'Deleted');
  });

  app.delete('/users', { config: { access: userButton('delete'), tenancy: USERS } }, async (request) => {
    const { ids } = parseOrThrow(userBatchDeleteSchema, request.body);
    return ok({ deleted: await service.remove(requireAuth(request), ids) }, 'Deleted');
  });

  app.get('/display-areas/options', { config: { access: DISPLAY_AREA_READERS, tenancy: { kind: 'display_areas' } } }, async (request) =>
    ok(await displayAreaOptions(db, requireAuth(request))),
  );
};
