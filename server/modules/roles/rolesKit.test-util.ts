import type { FastifyInstance } from 'fastify';
import { insertSubUserRow } from '@tests/support/users';
import { loginAs } from '@tests/support/testApp';

export const KIT_PASSWORD = 'Secret!234';

/** A role granting exactly these full paths (menus or buttons), straight in the store. */
export async function roleWith(app: FastifyInstance, name: string, fullpaths: readonly string[]): Promise<number> {
  const db = app.storage.db;
  const role = await db
    .insertInto('roles')
    .values({ name, type: 1, description: '', is_default: 0, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const routers = fullpaths.length
    ? await db
        .selectFrom('routers')
        .select('id')
        .where('fullpath', 'in', [...fullpaths])
        .execute()
    : [];
  if (routers.length !== fullpaths.length) throw new Error(`unknown router entries among ${fullpaths.join(', ')}`);
  if (routers.length)
    await db
      .insertInto('role_routers')
      .values(routers.map((r) => ({ role_id: role.id, router_id: r.id })))
      .execute();
  return role.id;
}

/** A signed-in sub-user holding one role; returns its id and token. */
export async function userWithRole(
  app: FastifyInstance,
  username: string,
  roleId: number,
  fatherId: number | null = null,
): Promise<{ id: number; token: string }> {
  const id = await insertSubUserRow(app.storage.db, { username, password: KIT_PASSWORD, fatherId });
  await app.storage.db.insertInto('user_roles').values({ user_id: id, role_id: roleId }).execute();
  return { id, token: await loginAs(app, username, KIT_PASSWORD) };
}

export async function routerId(app: FastifyInstance, fullpath: string): Promise<number> {
  return (await app.storage.db.selectFrom('routers').select('id').where('fullpath', '=', fullpath).executeTakeFirstOrThrow()).id;
}
