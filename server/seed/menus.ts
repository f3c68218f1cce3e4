import type { Kysely } from 'kysely';
import { joinPath, productRouterEntries, type RouterEntryDef } from '@shared/menu';
import type { Database } from '../db/schema';
import { flag } from '../db/columns';

/**
 * Adds the router entries (menus and buttons) the product knows and the table lacks, every start and
 * from GET /routers/generator. Entries are matched by their permission key (the product's full path),
 * not by their current full path, so an entry an admin renamed or moved is not added a second time, and
 * a missing child goes below its parent wherever the parent is now. Existing entries are left as the
 * admins edited them; later issues only add lines to shared/menu. Returns the full paths it created, in
 * tree order.
 */
export async function ensureMenus(db: Kysely<Database>, known: readonly RouterEntryDef[] = productRouterEntries()): Promise<string[]> {
  const existing = await db.selectFrom('routers').select(['id', 'perm_key', 'fullpath', 'level']).execute();
  const byKey = new Map(existing.map((r) => [r.perm_key, { id: r.id, fullpath: r.fullpath, level: r.level }]));
  const takenPaths = new Set(existing.map((r) => r.fullpath));
  const created: string[] = [];
  for (const entry of known) {
    if (byKey.has(entry.fullpath)) continue;
    const parent = entry.parentFullpath ? byKey.get(entry.parentFullpath) : undefined;
    // Parents come first in the product's list, so a parent is always there; never store an orphan.
    if (entry.parentFullpath && !parent) continue;
    const fullpath = parent ? joinPath(parent.fullpath, entry.path) : entry.fullpath;
    // An admin put another entry on this path; leave it rather than fail the start.
    if (takenPaths.has(fullpath)) continue;
    const level = parent ? parent.level + 1 : 0;
    const row = await db
      .insertInto('routers')
      .values({
        path: entry.path,
        fullpath,
        perm_key: entry.fullpath,
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
    byKey.set(entry.fullpath, { id: row.id, fullpath, level });
    takenPaths.add(fullpath);
    created.push(fullpath);
  }
  return created;
}
