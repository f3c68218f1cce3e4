import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiToken, currentPath, logIn, openTab, type ConsoleTab } from './helpers/console';
import { addMenuEntry } from './helpers/menuEntries';

let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab;
let page: Page;
/**
 * Entries an administrator added in the menu editor: no screen has their paths, so each shows the placeholder,
 * whose notes field (uncontrolled) makes a view's caching visible.
 */
const LINE_REVIEW = '/energyLine/line-review';
const SHIFT_HANDOVER = '/energyLine/shift-handover';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const adminToken = await apiToken(server.url);
  await addMenuEntry(server.url, adminToken, { parent: '/energyLine', path: 'line-review', title: 'route.check' });
  await addMenuEntry(server.url, adminToken, { parent: '/energyLine', path: 'shift-handover', title: 'route.shift' });
  tab = await openTab(browser);
  page = tab.page;
  await page.goto(`${server.url}/login`);
  await logIn(page);
  await page.waitForURL(`${server.url}/dashboard`);
  await shown('/dashboard');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** In-app navigation (as a sidebar link does): the tags live in memory, a reload starts afresh. */
async function go(path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL(`${server.url}${path}`);
  await shown(path);
}

/** The address changes at once; this waits until the view for it is the one shown. */
async function shown(path: string): Promise<void> {
  await page.locator(`[data-view="${new URL(path, server.url).pathname}"]:visible`).waitFor();
}

const tagPaths = () => page.locator('[data-testid^="tag-/"]').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-testid')?.slice(4)));
const tag = (path: string) => page.getByTestId(`tag-${path}`);
const note = () => page.locator('[data-testid="placeholder-note"]:visible');
const openMenu = async (path: string) => {
  await tag(path).click({ button: 'right' });
  return page.getByTestId('tags-context-menu');
};

describe('tags bar of visited views (spec §2 layout)', () => {
  beforeEach(async () => {
    // Start each case from the pinned dashboard alone.
    await go('/dashboard');
    await (await openMenu('/dashboard')).getByTestId('tags-menu-close-all').click();
    expect(await tagPaths()).toEqual(['/dashboard']);
  });

  it('adds a view once per path, titled by its route, and follows the latest query', async () => {
    await go(LINE_REVIEW);
    await go('/settings/user');
    await go(LINE_REVIEW);
    await go('/settings/user?page=2');
    expect(await tagPaths()).toEqual(['/dashboard', LINE_REVIEW, '/settings/user']);
    await expect(tag('/settings/user').textContent()).resolves.toBe('Users');
    await expect(tag(LINE_REVIEW).textContent()).resolves.toBe('Review');
    await tag('/dashboard').click();
    await page.waitForURL(`${server.url}/dashboard`);
    await shown('/dashboard');
    await tag('/settings/user').click();
    await page.waitForURL(`${server.url}/settings/user?page=2`);
    await shown('/settings/user?page=2');
    await page.locator('[data-testid="tag-/settings/user"][data-active]').waitFor();
    expect(await tag('/dashboard').getAttribute('data-active')).toBeNull();
    expect(tab.errors).toEqual([]);
  });

  it('pins the dashboard: no close button, and it survives close others and close all', async () => {
    await go(LINE_REVIEW);
    await go('/settings/user');
    expect(await page.getByTestId('tag-close-/dashboard').count()).toBe(0);
    expect(await page.getByTestId(`tag-close-${LINE_REVIEW}`).count()).toBe(1);

    const menu = await openMenu('/dashboard');
    expect(await menu.getByTestId('tags-menu-close').count()).toBe(0);
    await menu.getByTestId('tags-menu-close-others').click();
    expect(await tagPaths()).toEqual(['/dashboard']);
    await page.waitForURL(`${server.url}/dashboard`);
    await shown('/dashboard');

    await go(LINE_REVIEW);
    await go('/settings/roles');
    await (await openMenu(LINE_REVIEW)).getByTestId('tags-menu-close-others').click();
    expect(await tagPaths()).toEqual(['/dashboard', LINE_REVIEW]);
    await page.waitForURL(`${server.url}${LINE_REVIEW}`);
    await shown(LINE_REVIEW);

    await (await openMenu(LINE_REVIEW)).getByTestId('tags-menu-close-all').click();
    expect(await tagPaths()).toEqual(['/dashboard']);
    await page.waitForURL(`${server.url}/dashboard`);
    await shown('/dashboard');
  });

  it('opens a 105 px context menu with refresh, close, close others and close all', async () => {
    await go(LINE_REVIEW);
    const menu = await openMenu(LINE_REVIEW);
    expect((await menu.boundingBox())?.width).toBe(105);
    const items = await menu.getByRole('menuitem').evaluateAll((li) => li.map((item) => item.getAttribute('data-testid')));
    expect(items).toEqual(['tags-menu-refresh', 'tags-menu-close', 'tags-menu-close-others', 'tags-menu-close-all']);
    await expect(menu.textContent()).resolves.toBe('RefreshCloseClose othersClose all');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it('closing the active tag opens the last remaining one; closing another stays put', async () => {
    await go(LINE_REVIEW);
    await go('/settings/user');
    await go('/board/spriteView');
    await page.getByTestId(`tag-close-${LINE_REVIEW}`).click();
    expect(currentPath(page)).toBe('/board/spriteView');
    await page.getByTestId('tag-close-/board/spriteView').click();
    await page.waitForURL(`${server.url}/settings/user`);
    await shown('/settings/user');
    await (await openMenu('/settings/user')).getByTestId('tags-menu-close').click();
    await page.waitForURL(`${server.url}/dashboard`);
    await shown('/dashboard');
    expect(await tagPaths()).toEqual(['/dashboard']);
  });

  it('keeps a cached view mounted but hidden, so its typed text is there when revisited', async () => {
    await go(LINE_REVIEW);
    await note().fill('meter 42 is noisy');
    // Another placeholder screen: its own note starts empty.
    await go(SHIFT_HANDOVER);
    expect(await note().inputValue()).toBe('');
    await expect(page.locator(`[data-view="${LINE_REVIEW}"]`).evaluate((el) => getComputedStyle(el).display)).resolves.toBe('none');
    await tag(LINE_REVIEW).click();
    await page.waitForURL(`${server.url}${LINE_REVIEW}`);
    await shown(LINE_REVIEW);
    expect(await note().inputValue()).toBe('meter 42 is noisy');
  });

  it('refresh remounts the view through /redirect (typed text is gone)', async () => {
    await go(LINE_REVIEW);
    await note().fill('draft');
    await (await openMenu(LINE_REVIEW)).getByTestId('tags-menu-refresh').click();
    await page.waitForURL(`${server.url}${LINE_REVIEW}`);
    await shown(LINE_REVIEW);
    await expect.poll(() => note().inputValue()).toBe('');
    expect(await tagPaths()).toEqual(['/dashboard', LINE_REVIEW]);
  });

  it('does not keep the noCache dashboard: it unmounts when the user moves on', async () => {
    await page.getByTestId('dashboard-user').waitFor();
    await go(LINE_REVIEW);
    expect(await page.locator('[data-view="/dashboard"]').count()).toBe(0);
    expect(await page.getByTestId('dashboard-user').count()).toBe(0);
    await tag('/dashboard').click();
    await page.getByTestId('dashboard-user').waitFor();
  });

  it('a closed view loses its state: reopening it starts afresh', async () => {
    await go(LINE_REVIEW);
    await note().fill('gone soon');
    await go('/settings/user');
    await page.getByTestId(`tag-close-${LINE_REVIEW}`).click();
    await go(LINE_REVIEW);
    expect(await note().inputValue()).toBe('');
  });
});
