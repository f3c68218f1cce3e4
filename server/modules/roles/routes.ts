import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { ROLE_MESSAGES, roleBatchDeleteSchema, roleInputSchema, roleListQuerySchema, rolesAuthSchema, type RoleList, type RoleRow } from '@shared/schemas';
import { requireAuth } from '../../http/access';
import { AppError } from '../../http/appError';
import { ADMIN_ROLE } from '../../seed/roles';
import { RoleRepository, type RoleFields, type StoredRole } from './repository';
import { RolePolicy, builtInError, isBuiltIn } from './rolePolicy';
import { withAncestors } from './grantSet';
import { ROLE_READERS, roleButton } from './screens';

const idParams = z.object({ id: z.coerce.number().int().positive() });
/** Roles are shared by every tree; RolePolicy keeps a non-admin to roles whose members are all in its tree. */
const ROLES = { kind: 'roles', check: 'module' } as const;

const nameTaken = () =>
  new AppError('VALIDATION_FAILED', {
    message: ROLE_MESSAGES.nameTaken,
    data: { issues: [{ field: 'body.name', rule: 'unique', message: ROLE_MESSAGES.nameTaken }] },
  });

/** /api/roles: list, create, update, delete, batch delete; and PUT /api/routers/roles-auth. */
export const roleRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = app.storage.db;
  const roles = new RoleRepository(db);
  const policy = new RolePolicy(db);

  const stored = async (id: number): Promise<StoredRole> => {
    const role = await roles.find(id);
    if (!role) throw new AppError('NOT_FOUND', { message: 'No such role' });
    return role;
  };
  const row = async (id: number): Promise<RoleRow> => {
    const found = await roles.row(id);
    if (!found) throw new AppError('NOT_FOUND', { message: 'No such role' });
    return found;
  };
  /** Unknown member ids would break the membership table; admins may name any user, others their tree. */
  const checkMembers = async (request: Parameters<typeof requireAuth>[0], members: readonly number[] | undefined) => {
    if (!members?.length) return;
    await policy.assertMembers(requireAuth(request), members);
    const found = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [...members])
      .execute();
    const missing = [...new Set(members)].filter((id) => !found.some((u) => u.id === id));
    if (missing.length) {
      const message = `users: no such user: ${missing.join(', ')}`;
      throw new AppError('VALIDATION_FAILED', { message, data: { issues: [{ field: 'body.users', rule: 'exists', message }] } });
    }
  };
  const rolesTree = async (auth: ReturnType<typeof requireAuth>) => {
    const scope = await auth.ownerScope();
    return scope.all ? null : { members: scope.owners, self: auth.user.id };
  };
  const unique = (members: readonly number[] | undefined) => (members ? [...new Set(members)] : undefined);

  app.get('/roles', { config: { access: ROLE_READERS, tenancy: ROLES }, schema: { querystring: roleListQuerySchema } }, async (request) =>
    ok<RoleList>(await roles.list(request.query, await rolesTree(requireAuth(request)))),
  );

  app.post('/roles', { config: { access: roleButton('add'), tenancy: ROLES }, schema: { body: roleInputSchema } }, async (request) => {
    const fields: RoleFields = request.body;
    policy.assertType(requireAuth(request), fields.type);
    await checkMembers(request, fields.users);
    if (await roles.nameTaken(fields.name, null)) throw nameTaken();
    return ok(await row(await roles.create(fields, unique(fields.users))), 'Created');
  });

  app.put('/roles/:id', { config: { access: roleButton('edit'), tenancy: ROLES }, schema: { params: idParams, body: roleInputSchema } }, async (request) => {
    const auth = requireAuth(request);
    const fields: RoleFields = request.body;
    const role = await stored(request.params.id);
    // The product finds these two by name and flag: they keep both (their description and members may change).
    if (isBuiltIn(role) && (fields.name !== role.name || fields.type !== role.type)) throw builtInError();
    await policy.assertInReach(auth, role);
    policy.assertType(auth, fields.type);
    await checkMembers(request, fields.users);
    if (await roles.nameTaken(fields.name, role.id)) throw nameTaken();
    await roles.update(role.id, fields, unique(fields.users));
    return ok(await row(role.id), 'Updated');
  });

  /** Refuses the whole request when one role may not go, so a batch never half-succeeds. */
  const removable = async (auth: ReturnType<typeof requireAuth>, targets: readonly StoredRole[]) => {
    if (targets.some(isBuiltIn)) throw builtInError();
    for (const role of targets) await policy.assertInReach(auth, role);
  };

  app.delete('/roles/:id', { config: { access: roleButton('delete'), tenancy: ROLES }, schema: { params: idParams } }, async (request) => {
    const role = await stored(request.params.id);
    await removable(requireAuth(request), [role]);
    return ok({ deleted: await roles.remove([role.id]) }, 'Deleted');
  });

  /** Unknown ids are left out of the count. */
  app.delete('/roles', { config: { access: roleButton('delete'), tenancy: ROLES }, schema: { body: roleBatchDeleteSchema } }, async (request) => {
    const targets = await roles.findMany(request.body.ids);
    await removable(requireAuth(request), targets);
    return ok({ deleted: targets.length ? await roles.remove(targets.map((r) => r.id)) : 0 }, 'Deleted');
  });

  /**
   * Replaces what a role holds (menus and buttons); a granted child brings its ancestors. The admin role
   * is left alone: admins see everything whatever it holds.
   */
  app.put('/routers/roles-auth', { config: { access: roleButton('auth'), tenancy: ROLES }, schema: { body: rolesAuthSchema } }, async (request) => {
    const auth = requireAuth(request);
    const role = await stored(request.body.roleId);
    if (role.name === ADMIN_ROLE) throw builtInError();
    await policy.assertInReach(auth, role);
    const routerIds = await withAncestors(db, request.body.routerIds);
    await policy.assertGrantable(auth, routerIds);
    await roles.replaceGrants(role.id, routerIds);
    return ok(await row(role.id), 'Saved');
  });
};
