import { describe, expect, it, vi } from 'vitest';
import type { RouterEntry } from '../schemas/router';
import type { UserInfo } from '../schemas/user';
import { PermissionStore } from './permissionStore';
import { SessionStore } from './sessionStore';

function user(username: string, roles: { _id: number; name: string }[]): UserInfo {
  return { _id: 1, username, trueName: username, email: `${username}@x.test`, avatar: '', introduction: '', father: null, roles, status: true, type: 1 };
}

const entry = (_id: number, fullpath: string, level: number, parent: number | null): RouterEntry => ({
  _id,
  path: fullpath,
  fullpath,
  key: fullpath,
  level,
  parent,
  children: [],
  roles: [],
  type: 'menu',
  title: 'route.x',
  icon: null,
  sort: _id,
  hidden: false,
  noRole: false,
});

async function signedIn(
  info: UserInfo,
  rows = [entry(1, '/settings', 0, null), entry(2, '/settings/boardConfig', 1, 1), entry(3, '/settings/boardConfig/save', 2, 2)],
) {
  const session = new SessionStore({
    api: { login: vi.fn(), linkLogin: vi.fn(), logout: vi.fn(), getUserInfo: vi.fn(async () => info) },
    persistence: { get: () => 'token', set: vi.fn(), remove: vi.fn() },
    clearCaches: vi.fn(),
  });
  await session.getInfo();
  const routers = vi.fn(async () => ({ total: rows.length, rows }));
  return { session, routers, permission: new PermissionStore(session, { routers }) };
}

describe('PermissionStore.load', () => {
  it('asks for every entry for an admin (no role ids) and by role ids for others', async () => {
    const admin = await signedIn(user('chief', [{ _id: 1, name: 'admin' }]));
    await admin.permission.load();
    expect(admin.routers).toHaveBeenCalledWith([]);

    const operator = await signedIn(
      user('op', [
        { _id: 4, name: 'operator' },
        { _id: 9, name: 'night' },
      ]),
    );
    await operator.permission.load();
    expect(operator.routers).toHaveBeenCalledWith([4, 9]);
    expect(operator.permission.hasRoute('/settings/boardConfig')).toBe(true);
    expect(operator.permission.hasButton('/settings/boardConfig', 'save')).toBe(true);
    expect(operator.permission.hasButton('/settings/boardConfig', 'delete')).toBe(false);
  });

  it('forgets the entries when the session is reset', async () => {
    const { session, permission } = await signedIn(user('op', [{ _id: 4, name: 'operator' }]));
    await permission.load();
    expect(permission.loaded).toBe(true);
    session.resetToken();
    expect(permission.loaded).toBe(false);
    expect(permission.hasRoute('/settings')).toBe(false);
  });

  it('checks screens and buttons by their permission keys, so a renamed or moved entry keeps its meaning', async () => {
    const renamed = [
      entry(1, '/settings', 0, null),
      { ...entry(2, '/settings/boards', 1, 1), key: '/settings/boardConfig' },
      { ...entry(3, '/settings/boards/keep', 2, 2), key: '/settings/boardConfig/save' },
      // Made in the menu editor on the old button's path: grants nothing the screens check.
      { ...entry(4, '/settings/boards/delete', 2, 2), key: 'custom:5b0c6a8e-0000-4000-8000-000000000000' },
    ];
    const { permission } = await signedIn(user('op', [{ _id: 4, name: 'operator' }]), renamed);
    await permission.load();
    expect(permission.hasRoute('/settings/boardConfig')).toBe(true);
    expect(permission.hasRoute('/settings/boards')).toBe(false);
    expect(permission.hasButton('/settings/boardConfig', 'save')).toBe(true);
    expect(permission.hasButton('/settings/boardConfig', 'delete')).toBe(false);
    // The sidebar follows the entry's current path and title.
    expect(permission.tree[0]?.children.map((node) => node.entry.fullpath)).toEqual(['/settings/boards']);
  });
});
