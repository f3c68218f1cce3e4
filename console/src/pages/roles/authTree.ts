import type { RouterEntry } from '@shared/schemas/router';

/** One node of the "assign menus" tree: a menu or a button entry with its children. */
export interface AuthNode {
  key: number;
  entry: RouterEntry;
  children: AuthNode[];
}

const bySort = (a: AuthNode, b: AuthNode) => a.entry.sort - b.entry.sort || a.key - b.key;

/** The flat GET /routers/tree answer as a tree (menus and buttons), ordered as the sidebar orders them. */
export function authTree(entries: readonly RouterEntry[]): AuthNode[] {
  const nodes = new Map(entries.map((entry) => [entry._id, { key: entry._id, entry, children: [] as AuthNode[] }]));
  const roots: AuthNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.entry.parent === null ? undefined : nodes.get(node.entry.parent);
    (parent ? parent.children : roots).push(node);
  }
  for (const node of nodes.values()) node.children.sort(bySort);
  return roots.sort(bySort);
}

/**
 * One click in the tree (checked independently, so a role may hold a screen without its buttons):
 * granting an entry grants its ancestors (a menu needs its group to be reachable, as the server does);
 * taking one away takes its descendants too (a button without its screen grants nothing).
 */
export function toggleGrant(granted: ReadonlySet<number>, entries: readonly RouterEntry[], id: number, on: boolean): Set<number> {
  const next = new Set(granted);
  const byId = new Map(entries.map((entry) => [entry._id, entry]));
  if (on) {
    for (let entry = byId.get(id); entry; entry = entry.parent === null ? undefined : byId.get(entry.parent)) next.add(entry._id);
    return next;
  }
  const drop = [id];
  while (drop.length) {
    const current = drop.pop()!;
    next.delete(current);
    for (const entry of entries) if (entry.parent === current) drop.push(entry._id);
  }
  return next;
}

/** What the role holds among the entries that still exist, in tree order (the request is stable). */
export function grantedIds(granted: ReadonlySet<number>, entries: readonly RouterEntry[]): number[] {
  return entries.filter((entry) => granted.has(entry._id)).map((entry) => entry._id);
}
