import { describe, expect, it } from 'vitest';
import { SCREEN_BUTTONS } from './buttons';
import { allRouterEntries, buttonRouterEntries, productRouterEntries } from './routerEntry';

describe('button entries', () => {
  it('names only screens the menu tree knows, so no button is skipped', () => {
    const screens = new Set(
      allRouterEntries()
        .filter((e) => e.level === 1)
        .map((e) => e.fullpath),
    );
    expect(Object.keys(SCREEN_BUTTONS).filter((path) => !screens.has(path))).toEqual([]);
  });

  it('places a button one level below its screen, hidden, with the joined full path', () => {
    const password = buttonRouterEntries().find((e) => e.fullpath === '/settings/user/password');
    expect(password).toEqual({
      path: 'password',
      fullpath: '/settings/user/password',
      level: 2,
      type: 'button',
      title: 'route.password',
      icon: null,
      sort: 4,
      hidden: true,
      noRole: false,
      parentFullpath: '/settings/user',
    });
    expect(
      buttonRouterEntries()
        .filter((e) => e.parentFullpath === '/settings/roles')
        .map((e) => e.path),
    ).toEqual(['add', 'edit', 'delete', 'auth']);
  });

  it('skips a screen the given menus lack', () => {
    expect(buttonRouterEntries({ '/nowhere': ['add'] })).toEqual([]);
  });

  it('lists every entry once, parents before their children', () => {
    const all = productRouterEntries();
    const seen = new Set<string>();
    for (const entry of all) {
      if (entry.parentFullpath) expect(seen.has(entry.parentFullpath), entry.fullpath).toBe(true);
      expect(seen.has(entry.fullpath), entry.fullpath).toBe(false);
      seen.add(entry.fullpath);
    }
    expect(all.length - allRouterEntries().length).toBe(Object.values(SCREEN_BUTTONS).flat().length);
  });
});
