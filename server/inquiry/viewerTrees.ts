import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ownerTreeOf, treeMembers } from '../tenancy/ownerScope';

/**
 * The platform is the tree of the built-in `admin` account: the operator of the server. Its
 * announcements, help articles and contact details are what the login page shows (nobody has signed in,
 * so no other tree can be meant) and what every tree reads besides its own.
 */
export async function platformOwners(db: Kysely<Database>): Promise<number[]> {
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  return admin ? [...(await treeMembers(db, admin.id))] : [];
}

/**
 * Whose announcements and help a user reads: its own tree and the platform's. Administrators too read
 * only their own tree here (their scope covers every tree, but a tenant's notice is not for them).
 */
export async function viewerOwners(db: Kysely<Database>, userId: number): Promise<number[]> {
  const own = await ownerTreeOf(db, userId);
  const owners = new Set([...own.owners, ...(await platformOwners(db))]);
  return owners.size ? [...owners] : [-1];
}

/** The top-level account of a user's tree: who holds the tree's contact details. */
export async function treeHomeOf(db: Kysely<Database>, userId: number): Promise<number> {
  return (await ownerTreeOf(db, userId)).home;
}
