import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { generatePassword, hashPassword } from '../auth/passwords';
import { ADMIN_ROLE } from './roles';

export interface AdminSeedResult {
  created: boolean;
  /** Set only when the password was generated: shown once, never stored in clear. */
  generatedPassword?: string;
}

/** The `admin` account on first start (type 0, top of the user tree). */
export async function ensureAdmin(db: Kysely<Database>, configuredPassword: string | undefined, now = Date.now()): Promise<AdminSeedResult> {
  const existing = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (existing) return { created: false };
  const password = configuredPassword ?? generatePassword();
  const user = await db
    .insertInto('users')
    .values({
      username: 'admin',
      true_name: 'Administrator',
      email: 'admin@energy.local',
      password_hash: await hashPassword(password),
      father_id: null,
      type: 0,
      status: 1,
      cloud_type: 1,
      avatar: '',
      introduction: 'Built-in administrator',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db.selectFrom('roles').select('id').where('name', '=', ADMIN_ROLE).executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  return configuredPassword ? { created: true } : { created: true, generatedPassword: password };
}
