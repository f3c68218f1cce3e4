import type { MenuNode } from '@shared/permissions/permittedRoutes';

/**
 * Whether a menu full path (which may hold `:param` segments or a trailing `:rest*` / `*`) is the
 * address of `pathname`. Menu links put "all" in dynamic segments, so those match any one segment.
 */
export function menuPathMatches(fullpath: string, pathname: string): boolean {
  const pattern = fullpath.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  for (const [index, segment] of pattern.entries()) {
    if (segment === '*' || (segment.startsWith(':') && segment.endsWith('*'))) return true;
    const given = actual[index];
    if (given === undefined) return false;
    if (!segment.startsWith(':') && segment !== given) return false;
  }
  return pattern.length === actual.length;
}

/** The entries from the top-level group down to the one `pathname` opens; [] when none does. */
export function menuTrail(tree: readonly MenuNode[], pathname: string): MenuNode[] {
  for (const group of tree) {
    const child = group.children.find((node) => menuPathMatches(node.entry.fullpath, pathname));
    if (child) return [group, child];
    if (menuPathMatches(group.entry.fullpath, pathname)) return [group];
  }
  return [];
}
