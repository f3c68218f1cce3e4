import { openStorage } from '@server/db/connect';
import { defaultRoleId, insertSubUserRow } from './users';

export interface SubUserSeed {
  username: string;
  password: string;
  /** 0 = disabled (spec §4: status false). */
  status?: number;
  /** Menu full paths granted to a role made for this user; omitted: the seeded default role. */
  menus?: string[];
}

/**
 * Adds a sub-user (type 1, child of admin) straight into a running e2e server's SQLite file, until the
 * users issue gives the API for it. WAL mode lets the server keep running meanwhile.
 */
export async function addSubUser(dataDir: string, seed: SubUserSeed): Promise<number> {
  const storage = await openStorage({ dataDir });
  const db = storage.db;
  try {
    const now = Date.now();
    const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const userId = await insertSubUserRow(db, { ...seed, fatherId: admin.id });
    let roleId: number;
    if (seed.menus) {
      const role = await db
        .insertInto('roles')
        .values({ name: `role_${seed.username}`, type: 1, description: '', is_default: 0, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      roleId = role.id;
      const routers = seed.menus.length ? await db.selectFrom('routers').select('id').where('fullpath', 'in', seed.menus).execute() : [];
      if (routers.length !== seed.menus.length) throw new Error(`unknown menu path among ${seed.menus.join(', ')}`);
      if (routers.length)
        await db
          .insertInto('role_routers')
          .values(routers.map((r) => ({ role_id: roleId, router_id: r.id })))
          .execute();
    } else {
      roleId = await defaultRoleId(db);
    }
    await db.insertInto('user_roles').values({ user_id: userId, role_id: roleId }).execute();
    return userId;
  } finally {
    await storage.close();
  }
}
