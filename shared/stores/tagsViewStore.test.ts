import { reaction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { NO_NAME_TITLE, TagsViewStore } from './tagsViewStore';

function storeWithViews() {
  const tags = new TagsViewStore();
  tags.addView({ path: '/dashboard', title: 'route.dashboard', affix: true, noCache: true });
  tags.addView({ path: '/alerts/devices', title: 'route.devices' });
  tags.addView({ path: '/settings/user', title: 'route.user' });
  return tags;
}

const paths = (tags: TagsViewStore) => tags.visitedViews.map((v) => v.path);

describe('TagsViewStore', () => {
  it('adds a view once per path and caches it unless noCache', () => {
    const tags = storeWithViews();
    tags.addView({ path: '/alerts/devices', title: 'route.devices' });
    expect(paths(tags)).toEqual(['/dashboard', '/alerts/devices', '/settings/user']);
    expect(tags.cachedViews).toEqual(['/alerts/devices', '/settings/user']);
  });

  it('keeps one tag per path and follows the latest query', () => {
    const tags = storeWithViews();
    tags.addView({ path: '/settings/user', fullPath: '/settings/user?page=2', title: 'route.user' });
    expect(paths(tags)).toHaveLength(3);
    expect(tags.find('/settings/user')?.fullPath).toBe('/settings/user?page=2');
  });

  it("titles a view without a title 'no-name'", () => {
    const tags = new TagsViewStore();
    tags.addView({ path: '/somewhere' });
    tags.addView({ path: '/elsewhere', title: '' });
    expect(tags.visitedViews.map((v) => v.title)).toEqual([NO_NAME_TITLE, NO_NAME_TITLE]);
    expect(tags.find('/somewhere')).toMatchObject({ fullPath: '/somewhere', affix: false, noCache: false });
  });

  it('closes a view and drops it from the cache, but never an affix view', () => {
    const tags = storeWithViews();
    expect(tags.delView('/alerts/devices').map((v) => v.path)).toEqual(['/dashboard', '/settings/user']);
    expect(tags.cachedViews).toEqual(['/settings/user']);
    tags.delView('/dashboard');
    expect(paths(tags)).toContain('/dashboard');
  });

  it('close others keeps the affix views and the chosen one', () => {
    const tags = storeWithViews();
    tags.delOthers('/settings/user');
    expect(paths(tags)).toEqual(['/dashboard', '/settings/user']);
    expect(tags.cachedViews).toEqual(['/settings/user']);
  });

  it('close all keeps only the affix views', () => {
    const tags = storeWithViews();
    expect(tags.delAll().map((v) => v.path)).toEqual(['/dashboard']);
    expect(tags.cachedViews).toEqual([]);
  });

  it('delCachedView keeps the tag (refresh remounts the view)', () => {
    const tags = storeWithViews();
    tags.delCachedView('/settings/user');
    expect(paths(tags)).toContain('/settings/user');
    expect(tags.cachedViews).toEqual(['/alerts/devices']);
  });

  it('reset forgets affix views too', () => {
    const tags = storeWithViews();
    tags.reset();
    expect(tags.visitedViews).toEqual([]);
    expect(tags.cachedViews).toEqual([]);
  });

  it('does not notify observers when a revisit changes nothing', () => {
    const tags = storeWithViews();
    let runs = 0;
    const dispose = reaction(
      () => [tags.visitedViews, tags.cachedViews],
      () => runs++,
    );
    tags.addView({ path: '/alerts/devices', title: 'route.devices' });
    expect(runs).toBe(0);
    tags.addView({ path: '/alerts/devices', fullPath: '/alerts/devices?x=1', title: 'route.devices' });
    expect(runs).toBe(1);
    dispose();
  });
});
