import { MENU_GROUPS, PUBLIC_ROUTES, type MenuGroupDef } from './menuTree';
import { SCREEN_BUTTONS, type ButtonName } from './buttons';

/** A router/menu entry as the API carries it (spec §3). `children` are ids once stored. */
export interface RouterEntryDef {
  path: string;
  fullpath: string;
  level: number;
  type: 'menu' | 'button';
  title: string;
  icon: string | null;
  sort: number;
  hidden: boolean;
  noRole: boolean;
  /** fullpath of the parent entry; null at level 0. */
  parentFullpath: string | null;
}

/** fullpath = parent's path joined with its own (spec §3). */
export function joinPath(parent: string, child: string): string {
  if (!parent) return child.startsWith('/') ? child : `/${child}`;
  return `${parent.replace(/\/+$/, '')}/${child.replace(/^\/+/, '')}`;
}

/** i18n key of a menu title: the last static segment of its path. */
export function titleKey(path: string): string {
  const segments = path.split('/').filter((s) => s && !s.startsWith(':'));
  return `route.${segments[segments.length - 1] ?? 'root'}`;
}

function groupEntries(group: MenuGroupDef, groupSort: number): RouterEntryDef[] {
  const top: RouterEntryDef = {
    path: group.path,
    fullpath: group.path,
    level: 0,
    type: 'menu',
    title: titleKey(group.path),
    icon: group.icon,
    sort: groupSort,
    hidden: false,
    noRole: group.noRole ?? false,
    parentFullpath: null,
  };
  const children = group.children.map((child, index) => ({
    path: child.path,
    fullpath: joinPath(group.path, child.path),
    level: 1,
    type: 'menu' as const,
    title: titleKey(child.path),
    icon: null,
    sort: index + 1,
    hidden: child.hidden ?? false,
    noRole: false,
    parentFullpath: group.path,
  }));
  return [top, ...children];
}

/** The public routes (spec §2) as hidden top-level entries that need no role. */
export function publicRouterEntries(): RouterEntryDef[] {
  return PUBLIC_ROUTES.map((path, index) => ({
    path,
    fullpath: path,
    level: 0,
    type: 'menu' as const,
    title: titleKey(path),
    icon: null,
    sort: 1000 + index,
    hidden: true,
    noRole: true,
    parentFullpath: null,
  }));
}

/** Every menu entry of the product in tree order (parents before children), public routes last. */
export function allRouterEntries(groups: readonly MenuGroupDef[] = MENU_GROUPS): RouterEntryDef[] {
  return [...groups.flatMap((group, index) => groupEntries(group, (index + 1) * 10)), ...publicRouterEntries()];
}

/**
 * The button entries (spec §6): hidden, one level below their screen, fullpath = screen + '/' + name.
 * Titles follow the menus' scheme (`route.<name>`); screens missing from `menus` are skipped.
 */
export function buttonRouterEntries(
  buttons: Readonly<Record<string, readonly ButtonName[]>> = SCREEN_BUTTONS,
  menus: readonly RouterEntryDef[] = allRouterEntries(),
): RouterEntryDef[] {
  const screens = new Map(menus.map((entry) => [entry.fullpath, entry]));
  return Object.entries(buttons).flatMap(([screenPath, names]) => {
    const screen = screens.get(screenPath);
    if (!screen) return [];
    return names.map((name, index) => ({
      path: name,
      fullpath: joinPath(screen.fullpath, name),
      level: screen.level + 1,
      type: 'button' as const,
      title: titleKey(name),
      icon: null,
      sort: index + 1,
      hidden: true,
      noRole: false,
      parentFullpath: screen.fullpath,
    }));
  });
}

/** What the product knows: every menu entry, then every button (parents before children). */
export function productRouterEntries(): RouterEntryDef[] {
  const menus = allRouterEntries();
  return [...menus, ...buttonRouterEntries(SCREEN_BUTTONS, menus)];
}
