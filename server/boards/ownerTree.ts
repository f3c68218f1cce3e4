import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ownerScopeOfUser, type OwnerScope } from '../tenancy/ownerScope';

/**
 * The tree an object's references must stay in: the object owner's tree. A non-admin caller can only
 * reach objects of its own tree, so that is its own scope; an admin works on any tree, so the owner's
 * scope is read (an admin-owned object may name anything).
 */
export function treeOfOwner(db: Kysely<Database>, caller: OwnerScope, ownerUserId: number): Promise<OwnerScope> {
  return caller.all ? ownerScopeOfUser(db, ownerUserId) : Promise.resolve(caller);
}

/** Those of `userIds` whose own tree holds objects of `ownerUserId` (its tree's users, and administrators). */
export async function usersOfOwnerTree(db: Kysely<Database>, ownerUserId: number, userIds: readonly number[]): Promise<Set<number>> {
  const tree = await ownerScopeOfUser(db, ownerUserId);
  const seeing = new Set<number>();
  for (const id of new Set(userIds)) {
    if (!tree.all && tree.owners.has(id)) seeing.add(id);
    else if ((await ownerScopeOfUser(db, id)).all) seeing.add(id); // an administrator sees every tree
  }
  return seeing;
}
