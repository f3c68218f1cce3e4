import type { Kysely } from 'kysely';
import { ROLE_MESSAGES } from '@shared/schemas';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../auth/authService';
import { AppError } from '../../http/appError';
import { ADMIN_ROLE } from '../../seed/roles';
import { userTreeIds } from '../../users/userTree';
import type { StoredRole } from './repository';

/** The admin and default roles: the product relies on both by name and flag, so they keep them (spec §3, §6). */
export const isBuiltIn = (role: Pick<StoredRole, 'name' | 'is_default'>): boolean => role.name === ADMIN_ROLE || role.is_default === 1;

export const builtInError = () =>
  new AppError('VALIDATION_FAILED', {
    message: ROLE_MESSAGES.builtIn,
    data: { issues: [{ field: 'id', rule: 'builtin', message: ROLE_MESSAGES.builtIn }] },
  });

/**
 * What a non-admin may do with roles, so role management never raises anyone above the caller:
 * a role is within reach when it is not administrative (type 0 or the admin role), grants nothing the
 * caller lacks, and has members only in the caller's user tree. Admins reach every role.
 */
export class RolePolicy {
  constructor(private readonly db: Kysely<Database>) {}

  /** Router entry ids the caller holds: granted through its roles, plus those every user gets. */
  async heldRouterIds(auth: AuthContext): Promise<Set<number>> {
    const granted = this.db
      .selectFrom('user_roles')
      .innerJoin('role_routers', 'role_routers.role_id', 'user_roles.role_id')
      .select('role_routers.router_id')
      .where('user_roles.user_id', '=', auth.user.id);
    const rows = await this.db
      .selectFrom('routers')
      .select('id')
      .where((eb) => eb.or([eb('id', 'in', granted), eb('no_role', '=', 1)]))
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Members may only come from the caller's own tree (itself and its descendants). */
  async assertMembers(auth: AuthContext, userIds: readonly number[]): Promise<void> {
    if (auth.isAdmin || userIds.length === 0) return;
    const tree = await userTreeIds(this.db, auth.user.id);
    if (userIds.some((id) => !tree.has(id))) throw forbidden('You may only add users of your own tree to a role');
  }

  /** A non-admin may not hand out an administrative role type. */
  assertType(auth: AuthContext, type: number): void {
    if (!auth.isAdmin && type === 0) throw forbidden('Only an administrator may manage administrative roles');
  }

  async assertInReach(auth: AuthContext, role: StoredRole): Promise<void> {
    if (auth.isAdmin) return;
    if (role.name === ADMIN_ROLE || role.type === 0) throw forbidden('Only an administrator may manage administrative roles');
    const held = await this.heldRouterIds(auth);
    const grants = await this.db.selectFrom('role_routers').select('router_id').where('role_id', '=', role.id).execute();
    if (grants.some((g) => !held.has(g.router_id))) throw forbidden('This role grants menus you do not hold');
    const members = await this.db.selectFrom('user_roles').select('user_id').where('role_id', '=', role.id).execute();
    await this.assertMembers(
      auth,
      members.map((m) => m.user_id),
    );
  }

  /** No privilege escalation: a non-admin grants only entries it holds itself. */
  async assertGrantable(auth: AuthContext, routerIds: readonly number[]): Promise<void> {
    if (auth.isAdmin) return;
    const held = await this.heldRouterIds(auth);
    if (routerIds.some((id) => !held.has(id))) throw forbidden('You may only grant menus and buttons you hold yourself');
  }
}

const forbidden = (message: string) => new AppError('FORBIDDEN', { message });
