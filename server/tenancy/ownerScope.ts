import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { UserRepository, isAdminRoleSet, type UserRow } from '../modules/users/repository';
import { userTreeIds } from '../modules/users/userTree';

/**
 * Which owners' rows a caller may list, read and write. Admins see every tree. Anyone else works inside
 * one tree: the subtree of its tree root, the highest ancestor below an administrator (a top-level
 * account and every sub-user under it, at any depth). `home` is the owner new objects get by default.
 */
export type OwnerScope = { all: true; home: number } | { all: false; home: number; owners: ReadonlySet<number> };

/** The top-level account a user works for: itself or its highest non-admin ancestor. */
export async function treeRootOf(db: Kysely<Database>, user: UserRow): Promise<UserRow> {
  const users = new UserRepository(db);
  let root = user;
  const seen = new Set<number>([user.id]);
  while (root.father_id !== null && !seen.has(root.father_id)) {
    const father = await users.findById(root.father_id);
    if (!father || isAdminRoleSet(await users.effectiveRoles(father))) break;
    seen.add(father.id);
    root = father;
  }
  return root;
}

export async function ownerScopeOf(db: Kysely<Database>, user: UserRow, isAdmin: boolean): Promise<OwnerScope> {
  if (isAdmin) return { all: true, home: user.id };
  const root = await treeRootOf(db, user);
  return { all: false, home: root.id, owners: await userTreeIds(db, root.id) };
}

/** The scope of a user known only by id (MQTT logins, interface keys); an unknown user sees nothing. */
export async function ownerScopeOfUser(db: Kysely<Database>, userId: number): Promise<OwnerScope> {
  const users = new UserRepository(db);
  const user = await users.findById(userId);
  if (!user) return { all: false, home: userId, owners: new Set() };
  return ownerScopeOf(db, user, isAdminRoleSet(await users.effectiveRoles(user)));
}

export const inScope = (scope: OwnerScope, ownerUserId: number | null | undefined): boolean =>
  scope.all || (ownerUserId !== null && ownerUserId !== undefined && scope.owners.has(ownerUserId));

/** Owner ids for a `where owner_user_id in (...)` filter, or null when the scope is unrestricted. */
export const ownerIds = (scope: OwnerScope): number[] | null => (scope.all ? null : [...scope.owners]);
