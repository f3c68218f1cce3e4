import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../auth/authService';
import { AppError } from '../../http/appError';

/**
 * Who edits the menu tree, and what a non-admin may touch. Admins are unrestricted. A non-admin may only
 * change the title, icon, sort and hidden flag of entries its roles grant, add entries under a menu its
 * roles grant, and delete an entry when its roles grant that entry and everything below it. Path, parent,
 * type and "needs no role" are admin-only: they decide what an entry is and who gets it. Entries every user
 * gets (no_role) are not "held" here, so only admins edit them.
 */
export interface MenuActor {
  isAdmin: boolean;
  /** Router ids the caller's roles grant (empty for admins, who need none). */
  heldIds: ReadonlySet<number>;
}

export const MENU_POLICY_MESSAGES = {
  notHeld: 'You may only change menu entries you hold',
  adminOnlyFields: 'Only an administrator may change the path, parent, type or "needs no role" of a menu entry',
  noRoleAdminOnly: 'Only an administrator may add an entry that needs no role',
  parentNotHeld: 'You may only add entries under a menu you hold',
  subtreeNotHeld: 'You may only delete an entry when you hold every entry below it',
} as const;

export const forbidden = (message: string) => new AppError('FORBIDDEN', { message });

/** Reads the caller's granted entries in the editor's own transaction, so the check and the write agree. */
export async function menuActor(db: Kysely<Database>, auth: Pick<AuthContext, 'isAdmin' | 'user'>): Promise<MenuActor> {
  if (auth.isAdmin) return { isAdmin: true, heldIds: new Set() };
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('role_routers', 'role_routers.role_id', 'user_roles.role_id')
    .select('role_routers.router_id')
    .distinct()
    .where('user_roles.user_id', '=', auth.user.id)
    .execute();
  return { isAdmin: false, heldIds: new Set(rows.map((r) => r.router_id)) };
}

interface Shape {
  path: string;
  parent_id: number | null;
  type: string;
  no_role: number;
}

export function assertMayCreate(actor: MenuActor, parentId: number | null, noRole: boolean): void {
  if (actor.isAdmin) return;
  if (parentId === null || !actor.heldIds.has(parentId)) throw forbidden(MENU_POLICY_MESSAGES.parentNotHeld);
  if (noRole) throw forbidden(MENU_POLICY_MESSAGES.noRoleAdminOnly);
}

/** `before` is the stored entry, `after` what the request would store. */
export function assertMayUpdate(actor: MenuActor, id: number, before: Shape, after: Shape): void {
  if (actor.isAdmin) return;
  if (!actor.heldIds.has(id)) throw forbidden(MENU_POLICY_MESSAGES.notHeld);
  const same = before.path === after.path && before.parent_id === after.parent_id && before.type === after.type && before.no_role === after.no_role;
  if (!same) throw forbidden(MENU_POLICY_MESSAGES.adminOnlyFields);
}

/** `ids` is the entry and its whole subtree, the entry first: a delete takes them all. */
export function assertMayDelete(actor: MenuActor, ids: readonly number[]): void {
  if (actor.isAdmin) return;
  if (!actor.heldIds.has(ids[0] ?? -1)) throw forbidden(MENU_POLICY_MESSAGES.notHeld);
  if (ids.some((id) => !actor.heldIds.has(id))) throw forbidden(MENU_POLICY_MESSAGES.subtreeNotHeld);
}
