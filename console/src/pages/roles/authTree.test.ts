import { describe, expect, it } from 'vitest';
import type { RouterEntry } from '@shared/schemas/router';
import { authTree, grantedIds, toggleGrant } from './authTree';

const entry = (_id: number, path: string, parent: number | null, sort: number, type: 'menu' | 'button' = 'menu'): RouterEntry => ({
  _id,
  path,
  fullpath: path,
  key: path,
  level: parent === null ? 0 : 1,
  parent,
  children: [],
  roles: [],
  type,
  title: `route.${path}`,
  icon: null,
  sort,
  hidden: false,
  noRole: false,
});

// /settings (1) → roles (2) → add (4), edit (5); /settings → user (3); /alerts (6)
const entries = [
  entry(1, 'settings', null, 20),
  entry(2, 'roles', 1, 2),
  entry(3, 'user', 1, 1),
  entry(4, 'add', 2, 1, 'button'),
  entry(5, 'edit', 2, 2, 'button'),
  entry(6, 'alerts', null, 10),
];

describe('authTree', () => {
  it('nests menus and buttons by parent, in sort order', () => {
    const shape = (nodes: ReturnType<typeof authTree>): unknown[] => nodes.map((node) => (node.children.length ? [node.key, shape(node.children)] : node.key));
    expect(shape(authTree(entries))).toEqual([6, [1, [3, [2, [4, 5]]]]]);
  });
});

describe('toggleGrant', () => {
  it('grants an entry with its ancestors', () => {
    expect([...toggleGrant(new Set([6]), entries, 4, true)].sort()).toEqual([1, 2, 4, 6]);
  });

  it('takes an entry away with its descendants, keeping its ancestors', () => {
    expect([...toggleGrant(new Set([1, 2, 3, 4, 5, 6]), entries, 2, false)].sort()).toEqual([1, 3, 6]);
  });

  it('lets a screen be held without its buttons', () => {
    expect([...toggleGrant(new Set(), entries, 2, true)].sort()).toEqual([1, 2]);
  });
});

describe('grantedIds', () => {
  it('keeps the ids that still exist, in tree-list order', () => {
    expect(grantedIds(new Set([5, 99, 1]), entries)).toEqual([1, 5]);
  });
});
