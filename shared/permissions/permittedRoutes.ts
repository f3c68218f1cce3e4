import type { RouterEntry } from '../schemas/router';

/** A permitted menu entry with its permitted children, sorted as the menu shows them. */
export interface MenuNode {
  entry: RouterEntry;
  children: MenuNode[];
}

const bySort = (a: MenuNode, b: MenuNode) => a.entry.sort - b.entry.sort || a.entry._id - b.entry._id;

/**
 * Spec §2/§6: the route list from the role's menu entries. `entries` are what the server granted
 * (admins: all). A top-level entry is kept when granted or marked as needing no role; a child only
 * under a kept parent. Buttons are permissions, not routes.
 */
export function buildMenuTree(entries: readonly RouterEntry[]): MenuNode[] {
  const menus = entries.filter((e) => e.type === 'menu');
  const nodes = new Map(menus.map((entry) => [entry._id, { entry, children: [] as MenuNode[] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    if (node.entry.level === 0) roots.push(node);
    else if (node.entry.parent !== null) nodes.get(node.entry.parent)?.children.push(node);
  }
  for (const node of nodes.values()) node.children.sort(bySort);
  return roots.sort(bySort);
}

/** Every route path (fullpath) in the tree, public ones included. */
export function routePaths(tree: readonly MenuNode[]): Set<string> {
  const paths = new Set<string>();
  const visit = (node: MenuNode) => {
    paths.add(node.entry.fullpath);
    node.children.forEach(visit);
  };
  tree.forEach(visit);
  return paths;
}

/** Every permission key in the tree: what the screens' permission checks compare with (see PermissionStore). */
export function routeKeys(tree: readonly MenuNode[]): Set<string> {
  const keys = new Set<string>();
  const visit = (node: MenuNode) => {
    keys.add(node.entry.key);
    node.children.forEach(visit);
  };
  tree.forEach(visit);
  return keys;
}

/** Spec §2: dynamic path segments become "all" in menu links (`/a/:code` → `/a/all`). */
export function menuLink(fullpath: string): string {
  return fullpath
    .split('/')
    .map((segment) => (segment.startsWith(':') || segment === '*' ? 'all' : segment))
    .join('/');
}

/**
 * Spec §6 permission helper: a button shows when the user is admin or the granted entries hold one
 * whose permission key equals the screen's path joined with the button name (a seeded button's key is
 * its product full path, whatever the menu editor renamed it to).
 */
export function hasButtonPermission(isAdmin: boolean, grantedKeys: ReadonlySet<string>, screen: string, button: string): boolean {
  if (isAdmin) return true;
  return grantedKeys.has(`${screen.replace(/\/+$/, '')}/${button}`);
}
