import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isAdministrator, ownerTreeOf, type OwnerScope } from '../tenancy/ownerScope';

/**
 * The tree an object's references must stay in: the object owner's tree. A non-admin caller can only
 * reach objects of its own tree, so that is its own scope; an admin works on any tree, so the owner's
 * tree is read (an administrator's own objects stay in the administrator's tree too).
 */
export function treeOfOwner(db: Kysely<Database>, caller: OwnerScope, ownerUserId: number): Promise<OwnerScope> {
  return caller.all ? ownerTreeOf(db, ownerUserId) : Promise.resolve(caller);
}

/** Those of `userIds` whose own tree holds objects of `ownerUserId` (its tree's users, and administrators). */
export async function usersOfOwnerTree(db: Kysely<Database>, ownerUserId: number, userIds: readonly number[]): Promise<Set<number>> {
  const tree = await ownerTreeOf(db, ownerUserId);
  const seeing = new Set<number>();
  for (const id of new Set(userIds)) {
    if (tree.owners.has(id)) seeing.add(id);
    else if (await isAdministrator(db, id)) seeing.add(id); // an administrator sees every tree
  }
  return seeing;
}
