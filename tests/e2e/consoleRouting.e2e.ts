import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MENU_GROUPS } from '@shared/menu';
import { titleKey } from '@shared/menu/routerEntry';
import { menuLink } from '@shared/permissions/permittedRoutes';
import { createI18n } from '@shared/i18n/createI18n';
import { launchBrowser } from '@tests/support/browser';
import { addSubUser } from '@tests/support/seedAccounts';
import { E2E_ADMIN_PASSWORD, startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiToken, currentPath, logIn, openTab, type ConsoleTab } from './helpers/console';
import { addMenuEntry } from './helpers/menuEntries';
import { SCREENS } from '@console/src/routes/screenTable';

let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab | undefined;
const en = createI18n('en');
const SUB_PASSWORD = 'Watch!2345';
/**
 * An entry an administrator adds in the menu editor: no screen has its path, so it shows the "coming in a
 * later release" placeholder, headed by its translated title ('route.check': Review).
 */
const LINE_REVIEW = '/energyLine/line-review';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await addMenuEntry(server.url, await apiToken(server.url), { parent: '/energyLine', path: 'line-review', title: 'route.check' });
  // The role holds the group and the added entry only, not the group's shipped screens.
  await addSubUser(server.dataDir, { username: 'watcher1', password: SUB_PASSWORD, menus: ['/dashboard', '/energyLine', LINE_REVIEW] });
  await addSubUser(server.dataDir, { username: 'sleeper1', password: SUB_PASSWORD, status: 0 });
});
afterEach(async () => {
  await tab?.context.close();
  tab = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function fresh(init?: string): Promise<ConsoleTab> {
  tab = await openTab(browser);
  if (init) await tab.context.addInitScript({ content: init });
  return tab;
}

const visibleTitle = (t: ConsoleTab) => t.page.locator('[data-testid="module-coming-title"]:visible');

describe('the added menu entry', () => {
  it('has no screen of its own', () => {
    expect(SCREENS[LINE_REVIEW]).toBeUndefined();
  });
});

describe('console access rules (spec §2) against the real server', () => {
  it('sends a visitor without a token to /login?redirect=<path + query>, and back there after login', async () => {
    const { page } = await fresh();
    await page.goto(`${server.url}${LINE_REVIEW}?page=2`);
    await page.waitForURL(`${server.url}/login?redirect=%2FenergyLine%2Fline-review%3Fpage%3D2`);
    await logIn(page);
    await page.waitForURL(`${server.url}${LINE_REVIEW}?page=2`);
    await expect(visibleTitle(tab!).textContent()).resolves.toBe('Review');
  });

  it('lets a visitor without a token open /auth-redirect, which sends them to /login', async () => {
    const { page } = await fresh();
    const response = await page.goto(`${server.url}/auth-redirect?redirect=%2Finquiry`);
    expect(response?.status()).toBe(200);
    await page.waitForURL(`${server.url}/login`);
    await page.getByTestId('login-username').waitFor();
  });

  it('signs in from /auth-redirect?access_token=… and opens the redirect query, else the dashboard', async () => {
    const token = await apiToken(server.url);
    const t = await fresh();
    await t.page.goto(`${server.url}/auth-redirect?access_token=${token}&redirect=%2FenergyLine%2Fline-review`);
    await t.page.waitForURL(`${server.url}${LINE_REVIEW}`);
    await expect(visibleTitle(t).textContent()).resolves.toBe('Review');
    expect((await t.context.cookies()).find((c) => c.name === 'Admin-Token')?.value).toBe(token);

    await t.page.goto(`${server.url}/auth-redirect?access_token=${await apiToken(server.url)}`);
    await t.page.waitForURL(`${server.url}/dashboard`);
    await t.page.getByTestId('dashboard-user').waitFor();
  });

  it('adopts an access_token on any page and drops it from the address', async () => {
    const { page } = await fresh();
    await page.goto(`${server.url}/?access_token=${await apiToken(server.url)}`);
    await page.waitForURL(`${server.url}/dashboard`);
    await expect(page.getByTestId('dashboard-user').textContent()).resolves.toContain('admin');
  });

  it('adopts a token handed over in window.name', async () => {
    const token = await apiToken(server.url);
    const { page } = await fresh(`window.name = ${JSON.stringify(token)};`);
    await page.goto(`${server.url}/`);
    await page.waitForURL(`${server.url}/dashboard`);
    await expect(page.getByTestId('dashboard-user').textContent()).resolves.toContain('admin');
  });

  it('logs in from a link (type, username, password, user) and opens /dashboard', async () => {
    const { page } = await fresh();
    const query = new URLSearchParams({ type: 'link', username: 'admin', password: E2E_ADMIN_PASSWORD, user: 'admin' });
    await page.goto(`${server.url}/login?${query}`);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByTestId('dashboard-user').waitFor();
  });

  it("says 'Missing parameters' for an incomplete login link and stays on /login", async () => {
    const { page } = await fresh();
    await page.goto(`${server.url}/login?type=link&username=admin&user=admin`);
    await page.getByText('Missing parameters').waitFor();
    expect(currentPath(page)).toBe('/login');
  });

  it('opens / as /dashboard and an unknown path as /404', async () => {
    const { page } = await fresh();
    await page.goto(`${server.url}/login`);
    await logIn(page);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/`);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/no/such/screen`);
    await page.waitForURL(`${server.url}/404`);
    await page.getByTestId('page-404').waitFor();
    await page.goto(`${server.url}/401`);
    await page.getByTestId('page-401').waitFor();
  });

  it("routes a sub-user only to its role's entries: others end on /404", async () => {
    const t = await fresh();
    await t.page.goto(`${server.url}/login`);
    await logIn(t.page, 'watcher1', SUB_PASSWORD);
    await t.page.waitForURL(`${server.url}/dashboard`);
    await t.page.goto(`${server.url}/settings/user`);
    await t.page.waitForURL(`${server.url}/404`);
    await t.page.goto(`${server.url}/energyLine`);
    await t.page.waitForURL(`${server.url}${LINE_REVIEW}`);
    await expect(visibleTitle(t).textContent()).resolves.toBe('Review');
    await expect(t.page.getByTestId('module-coming').textContent()).resolves.toContain('coming in a later release');
    // A shipped screen of the same group that the role does not hold.
    await t.page.goto(`${server.url}/energyLine/energy-board`);
    await t.page.waitForURL(`${server.url}/404`);
  });

  it("shows a disabled sub-user the server's disabled message on the login page", async () => {
    const { page, context } = await fresh();
    await page.goto(`${server.url}/login`);
    await logIn(page, 'sleeper1', SUB_PASSWORD);
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe('This account has been disabled and cannot log in to the system');
    expect(currentPath(page)).toBe('/login');
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
  });

  it("gives each of the admin's menu entries a route with its translated title, the added one its placeholder, groups to their first child", async () => {
    const t = await fresh();
    await t.page.goto(`${server.url}/login`);
    await logIn(t.page);
    await t.page.waitForURL(`${server.url}/dashboard`);
    const go = (path: string) =>
      t.page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    /**
     * The path has a route (an unknown one ends on /404 and gets no tag) titled in the entry's language; a
     * screen's own content, and where it sends the visitor next (/datashowboard/all opens the list), is its suite's business.
     */
    const routed = async (path: string, title: string) => {
      await go(path);
      await expect.poll(() => t.page.getByTestId(`tag-${path}`).textContent({ timeout: 5000 }), { message: path }).toBe(title);
    };
    /** No screen: the placeholder under the same title, and the address stays. */
    const placeholder = async (path: string, title: string) => {
      await expect.poll(() => visibleTitle(t).textContent({ timeout: 5000 }), { message: path }).toBe(title);
      expect(currentPath(t.page)).toBe(path);
    };
    for (const group of MENU_GROUPS) {
      for (const child of group.children) {
        const path = menuLink(`${group.path}/${child.path}`);
        const title = en.t(titleKey(child.path));
        await routed(path, title);
        // Only while the product still ships an entry without a screen.
        if (!SCREENS[`${group.path}/${child.path}`]?.component) await placeholder(path, title);
      }
      if (group.children[0]) {
        await go(group.path);
        await t.page.waitForURL(`${server.url}${menuLink(`${group.path}/${group.children[0].path}`)}`);
      }
    }
    await routed(LINE_REVIEW, 'Review');
    await placeholder(LINE_REVIEW, 'Review');
    // The public report sheet is a page of its own outside the shell: without a link token it says so.
    await go('/report-sheet');
    await t.page.getByTestId('report-sheet-notFound').waitFor();
    expect(await t.page.getByTestId('report-sheet-notFound').textContent()).toContain('The address has no link token.');
    // Routing throws nothing; a screen's data call that the empty server answers 404 (no meter 1 yet) is that screen's business.
    expect(t.errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
    // Every shipped screen is opened once (and kept in the tags bar): more than the default minute on a busy machine.
  }, 240_000);
});
