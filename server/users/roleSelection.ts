import type { Kysely } from 'kysely';
import { USER_MESSAGES } from '@shared/schemas';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/authService';
import { AppError } from '../http/appError';

/**
 * Spec §6: only a type-0 caller picks roles, from the type-1 roles that contain it (admins: any role).
 * Returns the role ids to store, or null when the caller's selection does not count (keep / use the default).
 */
export async function selectedRoles(db: Kysely<Database>, auth: AuthContext, roles: readonly number[] | undefined): Promise<number[] | null> {
  if (auth.user.type !== 0 || roles === undefined) return null;
  const ids = [...new Set(roles)];
  if (ids.length === 0)
    throw new AppError('VALIDATION_FAILED', {
      message: USER_MESSAGES.rolesRequired,
      data: { issues: [{ field: 'roles', rule: 'too_small', message: USER_MESSAGES.rolesRequired }] },
    });
  const found = await db.selectFrom('roles').select(['id', 'type']).where('id', 'in', ids).execute();
  if (auth.isAdmin) {
    const missing = ids.filter((id) => !found.some((role) => role.id === id));
    if (missing.length)
      throw new AppError('VALIDATION_FAILED', {
        message: `roles: Unknown role ${missing.join(', ')}`,
        data: { issues: [{ field: 'roles', rule: 'unknown', message: `Unknown role ${missing.join(', ')}` }] },
      });
    return ids;
  }
  const held = new Set((await db.selectFrom('user_roles').select('role_id').where('user_id', '=', auth.user.id).execute()).map((r) => r.role_id));
  const allowed = ids.every((id) => found.some((role) => role.id === id && role.type === 1) && held.has(id));
  if (!allowed) throw new AppError('FORBIDDEN', { message: 'You may only give roles of type 1 that you hold yourself' });
  return ids;
}

/** The preset role of new sub-users (spec §3). */
export async function defaultRoleIds(db: Kysely<Database>): Promise<number[]> {
  const role = await db.selectFrom('roles').select('id').where('is_default', '=', 1).orderBy('id').executeTakeFirst();
  return role ? [role.id] : [];
}
