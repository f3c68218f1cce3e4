import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const ADMIN_ROLE = 'admin';
/** The preset role given to new sub-users (spec §3 "one preset default role"). */
export const DEFAULT_ROLE = 'operator';

/** What an operator sees out of the box: watching, not administering (menus only, no buttons). */
const OPERATOR_MENUS = ['/dashboard', '/board', '/alerts', '/base', '/others'];

export async function ensureRoles(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const names = new Set((await db.selectFrom('roles').select('name').execute()).map((r) => r.name));
  if (!names.has(ADMIN_ROLE)) {
    await db.insertInto('roles').values({ name: ADMIN_ROLE, type: 0, description: 'Sees and manages everything', is_default: 0, created_at: now }).execute();
  }
  if (names.has(DEFAULT_ROLE)) return;
  const role = await db
    .insertInto('roles')
    .values({
      name: DEFAULT_ROLE,
      type: 1,
      description: 'Default role of new sub-users: dashboards, boards, alerts and meter data',
      is_default: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const routers = await db.selectFrom('routers').select(['id', 'perm_key']).where('type', '=', 'menu').execute();
  const granted = routers.filter((r) => OPERATOR_MENUS.some((top) => r.perm_key === top || r.perm_key.startsWith(`${top}/`)));
  if (granted.length > 0) {
    await db
      .insertInto('role_routers')
      .values(granted.map((r) => ({ role_id: role.id, router_id: r.id })))
      .execute();
  }
}
