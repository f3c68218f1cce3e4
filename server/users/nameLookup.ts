import type { Kysely } from 'kysely';
import type { UserCheckResult } from '@shared/schemas';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/authService';
import { UserRepository } from './userRepository';
import { managedIds } from './targetAccess';

/**
 * Whether a user name or e-mail is taken, behind the user dialog's on-blur checks. Names are unique across
 * every tree, so any match is "taken", but the id comes back only for a user the caller manages (the dialog
 * lets that user keep its own name): another tree's users are not a lookup away.
 */
export async function takenName(
  db: Kysely<Database>,
  auth: AuthContext,
  query: { email?: string | undefined; username?: string | undefined },
): Promise<UserCheckResult> {
  const users = new UserRepository(db);
  const found = query.email ? await users.findByEmail(query.email) : await users.findByUsername(query.username ?? '');
  if (!found) return null;
  const managed = await managedIds(db, auth);
  return managed === null || managed.has(found.id) ? { taken: true, _id: found.id } : { taken: true };
}
