import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { hashPassword } from '@server/auth/passwords';

export interface SubUserFields {
  username: string;
  password: string;
  /** 0 = disabled (spec §4: status false). */
  status?: number;
  fatherId?: number | null;
  /** 0 = top-level account (a user tree of its own); sub-user by default. */
  type?: number;
  /** A hash made once for many users (argon2id is slow by design); else `password` is hashed. */
  passwordHash?: string;
}

/** Inserts a sub-user row (type 1) straight into a store, until the users issue gives the API for it. */
export async function insertSubUserRow(db: Kysely<Database>, fields: SubUserFields): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('users')
    .values({
      username: fields.username,
      true_name: `${fields.username} name`,
      email: `${fields.username}@example.test`,
      password_hash: fields.passwordHash ?? (await hashPassword(fields.password)),
      father_id: fields.fatherId ?? null,
      type: fields.type ?? 1,
      status: fields.status ?? 1,
      cloud_type: 1,
      avatar: '',
      introduction: '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function defaultRoleId(db: Kysely<Database>): Promise<number> {
  return (await db.selectFrom('roles').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow()).id;
}

/** A sub-user with the default role, in a test app's store. */
export async function insertSubUser(app: FastifyInstance, fields: SubUserFields): Promise<number> {
  const db = app.storage.db;
  const userId = await insertSubUserRow(db, fields);
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role_id: await defaultRoleId(db) })
    .execute();
  return userId;
}
