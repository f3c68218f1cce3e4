import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../auth/authService';
import { grantable } from './visibility';

/** The user dialog's "visible display areas": what the caller may hand out (admins: every area), by name. */
export async function displayAreaOptions(db: Kysely<Database>, auth: AuthContext): Promise<{ _id: number; name: string }[]> {
  const { displayAreas } = await grantable(db, auth);
  if (displayAreas !== 'all' && displayAreas.size === 0) return [];
  let query = db.selectFrom('display_areas').select(['id as _id', 'name']).orderBy('name').orderBy('id');
  if (displayAreas !== 'all') query = query.where('id', 'in', [...displayAreas]);
  return query.execute();
}
