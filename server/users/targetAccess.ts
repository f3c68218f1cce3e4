import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/authService';
import { AppError } from '../http/appError';
import type { UserRow } from './userRepository';
import { userTreeIds } from './userTree';

/** The built-in administrator (server/seed/admin.ts): never deleted. */
export const BUILT_IN_ADMIN = 'admin';

export const userNotFound = (id: number) => new AppError('NOT_FOUND', { message: `User ${id} was not found` });
export const outsideTree = () => new AppError('FORBIDDEN', { message: 'This user is not in your user tree' });

/** The users the caller manages: itself and its descendants; null = everyone (admin). */
export async function managedIds(db: Kysely<Database>, auth: AuthContext): Promise<Set<number> | null> {
  return auth.isAdmin ? null : userTreeIds(db, auth.user.id);
}

/** Loads a user the caller manages: unknown ids are NOT_FOUND, users outside the caller's tree FORBIDDEN. */
export async function managedUser(db: Kysely<Database>, auth: AuthContext, id: number): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw userNotFound(id);
  const tree = await managedIds(db, auth);
  if (tree && !tree.has(id)) throw outsideTree();
  return user;
}
