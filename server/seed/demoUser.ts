import type { Kysely } from 'kysely';
import { passwordIssue } from '@shared/schemas';
import type { Database } from '../db/schema';
import { generatePassword, hashPassword } from '../auth/passwords';
import { replaceVisibility } from '../users/visibility';
import { DEFAULT_ROLE } from './roles';

export const DEMO_USERNAME = 'demo_operator';

export interface DemoUserSeedResult {
  username: string;
  /** Set only when the password was generated: printed once beside the admin's, never stored in clear. */
  generatedPassword?: string;
}

/**
 * A sub-user of the admin's tree with the preset operator role (dashboards, boards, alerts, base data; not
 * the board configuration screen), who sees only `boardIds` of the walls: the permission model can be tried
 * at once (a wall outside its grant says "not shared", an unknown id "not found"). Skipped when the
 * username is taken. `DEMO_USER_PASSWORD` chooses the password, otherwise one is generated.
 */
export async function createDemoUser(
  db: Kysely<Database>,
  adminId: number,
  boardIds: readonly number[],
  configuredPassword: string | undefined,
  now = Date.now(),
): Promise<DemoUserSeedResult | undefined> {
  if (await db.selectFrom('users').select('id').where('username', '=', DEMO_USERNAME).executeTakeFirst()) return undefined;
  const issue = configuredPassword === undefined ? null : passwordIssue(configuredPassword, DEMO_USERNAME);
  if (issue)
    throw new Error(`DEMO_USER_PASSWORD does not fit the password rule (8–20 characters with upper and lower case, a digit and one of !$#%@&*): ${issue}`);
  const password = configuredPassword ?? generatePassword();
  const role = await db.selectFrom('roles').select('id').where('name', '=', DEFAULT_ROLE).executeTakeFirstOrThrow();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        username: DEMO_USERNAME,
        true_name: 'Demo Operator',
        email: 'operator@energy.local',
        password_hash: passwordHash,
        father_id: adminId,
        type: 1,
        status: 1,
        cloud_type: 1,
        avatar: '',
        introduction: 'Demo sub-user: sees the walls shared with it, nothing else',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    await replaceVisibility(trx, user.id, boardIds, []);
  });
  return configuredPassword === undefined ? { username: DEMO_USERNAME, generatedPassword: password } : { username: DEMO_USERNAME };
}
