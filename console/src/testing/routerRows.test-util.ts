import { productRouterEntries } from '@shared/menu';
import type { RouterEntry } from '@shared/schemas/router';

/**
 * The product's router entries (menus and buttons) as GET /api/routers returns them: all (an admin), or the given full
 * paths plus the entries that need no role (a sub-user's role).
 */
export function routerRows(granted?: readonly string[]): RouterEntry[] {
  const defs = productRouterEntries();
  const ids = new Map(defs.map((def, index) => [def.fullpath, index + 1]));
  return defs
    .filter((def) => !granted || def.noRole || granted.includes(def.fullpath))
    .map(({ parentFullpath, ...def }) => ({
      ...def,
      key: def.fullpath,
      _id: ids.get(def.fullpath) ?? 0,
      parent: parentFullpath ? (ids.get(parentFullpath) ?? null) : null,
      children: [],
      roles: [],
    }));
}
