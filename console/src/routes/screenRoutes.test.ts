import { describe, expect, it } from 'vitest';
import { MENU_GROUPS } from '@shared/menu';
import { buildMenuTree } from '@shared/permissions/permittedRoutes';
import { routerRows } from '../testing/routerRows.test-util';
import { buildScreenRoutes } from './screenRoutes';
import { screenMeta } from './screenTable';

const routesFor = (granted?: readonly string[]) => buildScreenRoutes(buildMenuTree(routerRows(granted)), screenMeta);

describe('buildScreenRoutes', () => {
  it('gives every menu entry of an admin a route, and none for the public routes (the report sheet has its own, outside the shell)', () => {
    const routes = routesFor();
    const menuPaths = MENU_GROUPS.flatMap((group) => [group.path, ...group.children.map((child) => `${group.path}/${child.path}`)]);
    expect(routes.map((route) => route.path).sort()).toEqual([...menuPaths].sort());
    expect(routes.find((route) => route.path === '/settings/boardConfig')).toMatchObject({ title: 'route.boardConfig' });
    expect(routes.some((route) => route.path === '/login' || route.path === '/dash/:id')).toBe(false);
  });

  it('redirects a group to its first visible child and gives screens no redirect', () => {
    const routes = routesFor();
    const byPath = new Map(routes.map((route) => [route.path, route]));
    expect(byPath.get('/settings')?.redirectTo).toBe('/settings/user');
    expect(byPath.get('/payment-statistics')?.redirectTo).toBe('/payment-statistics/consumption-statistics');
    expect(byPath.get('/dashboard')?.redirectTo).toBeUndefined();
    expect(byPath.get('/payment-statistics/datashowboard/:dataShowBoardCode')).toMatchObject({ title: 'route.datashowboard' });
  });

  it('pins the dashboard and keeps it out of the cache; other screens are cached', () => {
    const byPath = new Map(routesFor().map((route) => [route.path, route]));
    expect(byPath.get('/dashboard')).toMatchObject({ affix: true, noCache: true });
    expect(byPath.get('/alerts/devices')).toMatchObject({ affix: false, noCache: false });
  });

  it('builds only the granted entries for a sub-user', () => {
    const routes = routesFor(['/dashboard', '/alerts', '/alerts/devices']);
    expect(routes.map((route) => route.path)).toEqual(['/dashboard', '/alerts', '/alerts/devices']);
    expect(routes[1]?.redirectTo).toBe('/alerts/devices');
  });

  it('turns a dynamic first child into an "all" link', () => {
    const routes = routesFor(['/payment-statistics', '/payment-statistics/datashowboard/:dataShowBoardCode']);
    expect(routes.find((route) => route.path === '/payment-statistics')?.redirectTo).toBe('/payment-statistics/datashowboard/all');
  });
});
