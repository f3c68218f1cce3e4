import { describe, expect, it } from 'vitest';
import { MENU_GROUPS } from '@shared/menu/menuTree';
import { KNOWN_MENU_ICONS } from './menuIcons';

describe('menu icons', () => {
  it('has every icon the menu tree names', () => {
    const missing = MENU_GROUPS.map((group) => group.icon).filter((name) => !KNOWN_MENU_ICONS.includes(name));
    expect(missing).toEqual([]);
  });
});
