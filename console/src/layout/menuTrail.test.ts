import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@shared/permissions/permittedRoutes';
import type { RouterEntry } from '@shared/schemas/router';
import { menuPathMatches, menuTrail } from './menuTrail';

let nextId = 1;
function node(fullpath: string, children: MenuNode[] = []): MenuNode {
  const entry: RouterEntry = {
    _id: nextId++,
    path: fullpath,
    fullpath,
    key: fullpath,
    level: children.length ? 0 : 1,
    parent: null,
    children: [],
    roles: [],
    type: 'menu',
    title: `route.${fullpath.split('/').pop() ?? ''}`,
    icon: null,
    sort: 0,
    hidden: false,
    noRole: false,
  };
  return { entry, children };
}

describe('menuPathMatches', () => {
  it('matches static paths exactly, ignoring a trailing slash', () => {
    expect(menuPathMatches('/settings/user', '/settings/user')).toBe(true);
    expect(menuPathMatches('/settings/user', '/settings/user/')).toBe(true);
    expect(menuPathMatches('/settings/user', '/settings/users')).toBe(false);
    expect(menuPathMatches('/settings', '/settings/user')).toBe(false);
  });

  it('lets a :param take one segment and a splat the rest', () => {
    expect(menuPathMatches('/payment-statistics/datashowboard/:code', '/payment-statistics/datashowboard/all')).toBe(true);
    expect(menuPathMatches('/payment-statistics/datashowboard/:code', '/payment-statistics/datashowboard')).toBe(false);
    expect(menuPathMatches('/redirect/:path*', '/redirect/settings/user')).toBe(true);
  });
});

describe('menuTrail', () => {
  const tree = [node('/dashboard'), node('/settings', [node('/settings/user'), node('/settings/roles')])];

  it('finds the group and the child an address opens', () => {
    expect(menuTrail(tree, '/settings/roles').map((n) => n.entry.fullpath)).toEqual(['/settings', '/settings/roles']);
    expect(menuTrail(tree, '/dashboard').map((n) => n.entry.fullpath)).toEqual(['/dashboard']);
    expect(menuTrail(tree, '/settings').map((n) => n.entry.fullpath)).toEqual(['/settings']);
  });

  it('is empty for an address outside the menu', () => {
    expect(menuTrail(tree, '/nowhere')).toEqual([]);
  });
});
