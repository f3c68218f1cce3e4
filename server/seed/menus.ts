import type { Kysely } from 'kysely';
import { productRouterEntries, type RouterEntryDef } from '@shared/menu';
import type { Database } from '../db/schema';
import { flag } from '../db/columns';

/**
 * Adds the router entries (menus and buttons) the product knows and the table lacks, by fullpath, every
 * start and from GET /routers/generator. Existing entries are left as the admins edited them; later
 * issues only add lines to shared/menu. Returns the full paths it created, in tree order.
 */
export async function ensureMenus(db: Kysely<Database>, known: readonly RouterEntryDef[] = productRouterEntries()): Promise<string[]> {
  const existing = await db.selectFrom('routers').select(['id', 'fullpath', 'level']).execute();
  const byPath = new Map(existing.map((r) => [r.fullpath, { id: r.id, level: r.level }]));
  const created: string[] = [];
  for (const entry of known) {
    if (byPath.has(entry.fullpath)) continue;
    const parent = entry.parentFullpath ? byPath.get(entry.parentFullpath) : undefined;
    // Parents come first in the product's list, so a parent is always there; never store an orphan.
    if (entry.parentFullpath && !parent) continue;
    const level = parent ? parent.level + 1 : 0;
    const row = await db
      .insertInto('routers')
      .values({
        path: entry.path,
        fullpath: entry.fullpath,
        level,
        parent_id: parent?.id ?? null,
        type: entry.type,
        title: entry.title,
        icon: entry.icon,
        sort: entry.sort,
        hidden: flag(entry.hidden),
        no_role: flag(entry.noRole),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    byPath.set(entry.fullpath, { id: row.id, level });
    created.push(entry.fullpath);
  }
  return created;
}
