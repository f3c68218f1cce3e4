import type { Kysely } from 'kysely';
import { allRouterEntries } from '@shared/menu';
import type { Database } from '../db/schema';
import { flag } from '../db/columns';

/**
 * Adds the router entries the product knows and the table lacks (by fullpath), every start. Existing
 * entries are left as the admins edited them; later issues only add lines to shared/menu.
 */
export async function ensureMenus(db: Kysely<Database>): Promise<number> {
  const existing = await db.selectFrom('routers').select(['id', 'fullpath']).execute();
  const idByPath = new Map(existing.map((r) => [r.fullpath, r.id]));
  let added = 0;
  for (const entry of allRouterEntries()) {
    if (idByPath.has(entry.fullpath)) continue;
    const parentId = entry.parentFullpath ? (idByPath.get(entry.parentFullpath) ?? null) : null;
    const row = await db
      .insertInto('routers')
      .values({
        path: entry.path,
        fullpath: entry.fullpath,
        level: entry.level,
        parent_id: parentId,
        type: entry.type,
        title: entry.title,
        icon: entry.icon,
        sort: entry.sort,
        hidden: flag(entry.hidden),
        no_role: flag(entry.noRole),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    idByPath.set(entry.fullpath, row.id);
    added++;
  }
  return added;
}
