import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { UserRepository, isAdminRoleSet, type UserRow } from '../users/userRepository';

/**
 * Which owners' rows a caller may list, read and write. Administrators (by role) see every tree. Anyone
 * else works inside one user tree: a top-level account (type 0, spec §3) and the sub-users (type 1) below
 * it, down to the next top-level account, which starts a tree of its own. The built-in admin is a
 * top-level account too, so the sub-users an administrator creates work on the administrator's tree
 * (a single-company install), while a top-level account an administrator creates is a tenant whose
 * objects no other tree sees. `home` is the owner new objects get: the tree's top-level account.
 */
export type OwnerScope = { all: true; home: number } | { all: false; home: number; owners: ReadonlySet<number> };

/** A top-level account roots a tree; a sub-user belongs to the tree of its nearest top-level ancestor. */
const isTopLevel = (user: Pick<UserRow, 'type'>) => user.type === 0;

/** The top-level account a user works for: itself, its nearest type-0 ancestor, or (none) its topmost ancestor. */
export async function treeRootOf(db: Kysely<Database>, user: UserRow): Promise<UserRow> {
  const users = new UserRepository(db);
  let root = user;
  const seen = new Set<number>([user.id]);
  while (!isTopLevel(root) && root.father_id !== null && !seen.has(root.father_id)) {
    const father = await users.findById(root.father_id);
    if (!father) break;
    seen.add(father.id);
    root = father;
  }
  return root;
}

/** The users of the tree rooted at `rootId`: it and its descendants, not entering other top-level accounts. */
export async function treeMembers(db: Kysely<Database>, rootId: number): Promise<Set<number>> {
  const members = new Set<number>([rootId]);
  let frontier = [rootId];
  while (frontier.length > 0) {
    const children = await db.selectFrom('users').select(['id', 'type']).where('father_id', 'in', frontier).execute();
    frontier = children.filter((c) => !isTopLevel(c) && !members.has(c.id)).map((c) => c.id); // a father_id cycle cannot loop forever
    for (const id of frontier) members.add(id);
  }
  return members;
}

/** The tree owner `ownerUserId` belongs to, whoever that is (an administrator's objects are in its own tree). */
export async function ownerTreeOf(db: Kysely<Database>, ownerUserId: number): Promise<Extract<OwnerScope, { all: false }>> {
  const owner = await new UserRepository(db).findById(ownerUserId);
  if (!owner) return { all: false, home: ownerUserId, owners: new Set() };
  const root = await treeRootOf(db, owner);
  return { all: false, home: root.id, owners: await treeMembers(db, root.id) };
}

export async function ownerScopeOf(db: Kysely<Database>, user: UserRow, isAdmin: boolean): Promise<OwnerScope> {
  if (isAdmin) return { all: true, home: (await treeRootOf(db, user)).id };
  return ownerTreeOf(db, user.id);
}

/** The scope of a principal known only by user id (MQTT logins, interface keys); an unknown user sees nothing. */
export async function ownerScopeOfUser(db: Kysely<Database>, userId: number): Promise<OwnerScope> {
  const users = new UserRepository(db);
  const user = await users.findById(userId);
  if (!user) return { all: false, home: userId, owners: new Set() };
  return ownerScopeOf(db, user, isAdminRoleSet(await users.effectiveRoles(user)));
}

/** Whether user `userId` is an administrator (by role, spec §6), without working out any tree. */
export async function isAdministrator(db: Kysely<Database>, userId: number): Promise<boolean> {
  const users = new UserRepository(db);
  const user = await users.findById(userId);
  return user !== undefined && isAdminRoleSet(await users.effectiveRoles(user));
}

export const inScope = (scope: OwnerScope, ownerUserId: number | null | undefined): boolean =>
  scope.all || (ownerUserId !== null && ownerUserId !== undefined && scope.owners.has(ownerUserId));

/**
 * Owner ids for a `where owner_user_id in (...)` filter, or null when the scope is unrestricted. Never an empty
 * list (SQL has no `in ()`): a tree of nobody gives an id no user has, so the filter matches nothing.
 */
export const ownerIds = (scope: OwnerScope): number[] | null => (scope.all ? null : scope.owners.size ? [...scope.owners] : [-1]);
