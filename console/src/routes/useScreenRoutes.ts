import { useMemo } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { useStores } from '../stores/StoreContext';
import { buildScreenRoutes, type ScreenRoute } from './screenRoutes';
import { screenMeta } from './screenTable';

/** The routes of the signed-in user's permitted menu entries. Call from an observer component. */
export function useScreenRoutes(): ScreenRoute[] {
  const tree = useStores().permission.tree;
  return useMemo(() => buildScreenRoutes(tree, screenMeta), [tree]);
}

/** The screen route the address matches, if any (not for /redirect/…, /404 and the like). */
export function useCurrentScreen(): ScreenRoute | undefined {
  const routes = useScreenRoutes();
  const { pathname } = useLocation();
  return useMemo(() => routes.find((route) => matchPath(route.path, pathname)), [routes, pathname]);
}
