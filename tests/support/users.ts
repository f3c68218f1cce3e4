import type { FastifyInstance } from 'fastify';
import { hashPassword } from '@server/auth/passwords';

/** Puts a sub-user straight into the store (the user API arrives with the users issue). */
export async function insertSubUser(
  app: FastifyInstance,
  fields: { username: string; password: string; status?: number; fatherId?: number | null },
): Promise<number> {
  const now = Date.now();
  const row = await app.storage.db
    .insertInto('users')
    .values({
      username: fields.username,
      true_name: `${fields.username} name`,
      email: `${fields.username}@example.test`,
      password_hash: await hashPassword(fields.password),
      father_id: fields.fatherId ?? null,
      type: 1,
      status: fields.status ?? 1,
      cloud_type: 1,
      avatar: '',
      introduction: '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await app.storage.db.selectFrom('roles').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow();
  await app.storage.db.insertInto('user_roles').values({ user_id: row.id, role_id: role.id }).execute();
  return row.id;
}
