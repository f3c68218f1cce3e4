import { PUBLIC_ROUTES } from '@shared/menu/menuTree';
import { menuLink, type MenuNode } from '@shared/permissions/permittedRoutes';

/** What a route adds to its tag and the keep-alive outlet (configured per path in screenTable.ts). */
export interface ScreenMeta {
  /** Pinned tag (spec §2: the dashboard). */
  affix?: boolean;
  /** Unmounted when the user moves on instead of kept hidden. */
  noCache?: boolean;
}

/** One console route built from a permitted menu entry. */
export interface ScreenRoute {
  /** The entry's full path, a react-router pattern (`/a/:code`). */
  path: string;
  /** Catalogue key of the title (`route.<segment>`). */
  title: string;
  /** Set for a group without a screen of its own: its first permitted child. */
  redirectTo?: string;
  affix: boolean;
  noCache: boolean;
}

/**
 * Public routes the console declares itself (login, auth-redirect, 404, 401, the refresh helper, the public report
 * sheet outside the shell) or that are the kiosk's (/visualization, /dash/:id).
 */
const STATIC_ROUTES: ReadonlySet<string> = new Set(PUBLIC_ROUTES);

/**
 * Spec §2: the route list from the role-permitted menu tree (PermissionStore.tree), so a path the
 * user was not granted has no route and ends on /404. A group redirects to its first visible child.
 */
export function buildScreenRoutes(tree: readonly MenuNode[], meta: (path: string) => ScreenMeta = () => ({})): ScreenRoute[] {
  const routes: ScreenRoute[] = [];
  const add = (node: MenuNode) => {
    const { fullpath, title } = node.entry;
    if (STATIC_ROUTES.has(fullpath)) return;
    const { affix = false, noCache = false } = meta(fullpath);
    const firstChild = node.children.find((child) => !child.entry.hidden) ?? node.children[0];
    routes.push({
      path: fullpath,
      title,
      affix,
      noCache,
      ...(firstChild ? { redirectTo: menuLink(firstChild.entry.fullpath) } : {}),
    });
    node.children.forEach(add);
  };
  tree.forEach(add);
  return routes;
}
