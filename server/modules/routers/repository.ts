import type { Kysely, Selectable } from 'kysely';
import type { RouterEntry } from '@shared/schemas';
import type { Database, RoutersTable } from '../../db/schema';

type RouterRow = Selectable<RoutersTable>;

export class RouterRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every entry (admins), or the entries granted to `roleIds` plus those that need no role. */
  async list(roleIds: readonly number[] | 'all'): Promise<RouterEntry[]> {
    let query = this.db.selectFrom('routers').selectAll().orderBy('level').orderBy('sort').orderBy('id');
    if (roleIds !== 'all') {
      const granted = this.db
        .selectFrom('role_routers')
        .select('router_id')
        .where('role_id', 'in', roleIds.length ? [...roleIds] : [-1]);
      query = query.where((eb) => eb.or([eb('id', 'in', granted), eb('no_role', '=', 1)]));
    }
    const rows = await query.execute();
    const links = await this.db.selectFrom('role_routers').select(['role_id', 'router_id']).execute();
    return toEntries(rows, links);
  }
}

/** Adds the spec's children and roles id lists; children only among the rows returned. */
function toEntries(rows: RouterRow[], links: { role_id: number; router_id: number }[]): RouterEntry[] {
  const rolesByRouter = new Map<number, number[]>();
  for (const link of links) rolesByRouter.set(link.router_id, [...(rolesByRouter.get(link.router_id) ?? []), link.role_id]);
  const childrenByParent = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parent_id !== null) childrenByParent.set(row.parent_id, [...(childrenByParent.get(row.parent_id) ?? []), row.id]);
  }
  return rows.map((row) => ({
    _id: row.id,
    path: row.path,
    fullpath: row.fullpath,
    key: row.perm_key,
    level: row.level,
    parent: row.parent_id,
    children: childrenByParent.get(row.id) ?? [],
    roles: rolesByRouter.get(row.id) ?? [],
    type: row.type === 'button' ? 'button' : 'menu',
    title: row.title,
    icon: row.icon,
    sort: row.sort,
    hidden: row.hidden === 1,
    noRole: row.no_role === 1,
  }));
}
