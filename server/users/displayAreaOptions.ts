import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/authService';
import { grantable } from './visibility';
import { ownerIds } from '../tenancy/ownerScope';

/** The user dialog's "visible display areas": what the caller may hand out (admins: every area), by name. */
export async function displayAreaOptions(db: Kysely<Database>, auth: AuthContext): Promise<{ _id: number; name: string }[]> {
  const { displayAreas } = await grantable(db, auth);
  if (displayAreas !== 'all' && displayAreas.size === 0) return [];
  let query = db.selectFrom('display_areas').select(['id as _id', 'name']).orderBy('name').orderBy('id');
  if (displayAreas !== 'all') query = query.where('id', 'in', [...displayAreas]);
  // Only the caller's tree's areas can be given to users of its tree.
  const owners = ownerIds(await auth.ownerScope());
  if (owners !== null) query = query.where('owner_user_id', 'in', owners);
  return query.execute();
}
