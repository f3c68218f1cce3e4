import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenMeta } from './screenRoutes';

export interface ScreenDef extends ScreenMeta {
  /** The screen; without one the route shows the "coming in a later release" placeholder. */
  component?: LazyExoticComponent<ComponentType>;
}

/**
 * Menu full path → its screen. Every permitted menu entry gets a route (screenRoutes.ts); a path
 * listed here renders its own lazy component instead of the placeholder. Add a line per new screen.
 */
export const SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/dashboard': {
    component: lazy(() => import('../pages/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage }))),
    // Spec §2: the dashboard is pinned and not cached.
    affix: true,
    noCache: true,
  },
  // Resource screens (console/src/resources): lists generated from shared/resources definitions.
  '/base/device': { component: lazy(() => import('../pages/resources/MetersPage').then((m) => ({ default: m.MetersPage }))) },
  '/devices/subitem': { component: lazy(() => import('../pages/resources/SubitemsPage').then((m) => ({ default: m.SubitemsPage }))) },
  '/devices/tag': { component: lazy(() => import('../pages/resources/TagsPage').then((m) => ({ default: m.TagsPage }))) },
  '/devices/departs': { component: lazy(() => import('../pages/resources/DepartmentsPage').then((m) => ({ default: m.DepartmentsPage }))) },
  '/devices/depart': { component: lazy(() => import('../pages/resources/DepartmentTreePage').then((m) => ({ default: m.DepartmentTreePage }))) },
};

export const screenMeta = (path: string): ScreenMeta => SCREENS[path] ?? {};
