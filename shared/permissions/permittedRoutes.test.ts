import { describe, expect, it } from 'vitest';
import type { RouterEntry } from '../schemas/router';
import { buildMenuTree, hasButtonPermission, menuLink, routePaths } from './permittedRoutes';

let nextId = 1;
function entry(fullpath: string, fields: Partial<RouterEntry> = {}): RouterEntry {
  const segments = fullpath.split('/').filter(Boolean);
  return {
    _id: nextId++,
    path: segments.length > 1 ? segments.slice(1).join('/') : fullpath,
    fullpath,
    key: fullpath,
    level: segments.length > 1 ? 1 : 0,
    parent: null,
    children: [],
    roles: [],
    type: 'menu',
    title: `route.${segments[segments.length - 1]}`,
    icon: null,
    sort: 0,
    hidden: false,
    noRole: false,
    ...fields,
  };
}

describe('buildMenuTree', () => {
  it('keeps granted top-level entries with their granted children, in sort order', () => {
    const settings = entry('/settings', { sort: 20 });
    const board = entry('/board', { sort: 10 });
    const rows = [
      settings,
      board,
      entry('/settings/user', { parent: settings._id, sort: 2 }),
      entry('/settings/roles', { parent: settings._id, sort: 1 }),
      entry('/settings/user/delete', { parent: settings._id, type: 'button' }),
      entry('/orphan/child', { parent: 999 }),
    ];
    const tree = buildMenuTree(rows);
    expect(tree.map((n) => n.entry.fullpath)).toEqual(['/board', '/settings']);
    expect(tree[1]?.children.map((n) => n.entry.fullpath)).toEqual(['/settings/roles', '/settings/user']);
    expect([...routePaths(tree)]).toEqual(['/board', '/settings', '/settings/roles', '/settings/user']);
  });
});

describe('menuLink', () => {
  it('turns dynamic segments into "all"', () => {
    expect(menuLink('/payment-statistics/datashowboard/:dataShowBoardCode')).toBe('/payment-statistics/datashowboard/all');
    expect(menuLink('/redirect/:path*')).toBe('/redirect/all');
    expect(menuLink('/settings/user')).toBe('/settings/user');
  });
});

describe('hasButtonPermission (spec §6)', () => {
  it('passes admins, and others only with the route path joined with the button name', () => {
    const granted = new Set(['/settings/user', '/settings/user/add']);
    expect(hasButtonPermission(true, new Set(), '/settings/user', 'delete')).toBe(true);
    expect(hasButtonPermission(false, granted, '/settings/user', 'add')).toBe(true);
    expect(hasButtonPermission(false, granted, '/settings/user/', 'add')).toBe(true);
    expect(hasButtonPermission(false, granted, '/settings/user', 'delete')).toBe(false);
  });
});
