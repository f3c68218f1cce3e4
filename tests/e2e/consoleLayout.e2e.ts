import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchErrors } from '@tests/support/browser';
import { addSubUser } from '@tests/support/seedAccounts';
import { E2E_ADMIN_PASSWORD, startServer, type RunningServer } from '@tests/support/serverProcess';

/** The console shell (spec §2 layout) in Chromium against the real server. */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;
let errors: string[] = [];

const VIEWER = { username: 'viewer1', password: 'Viewer!2345' };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await addSubUser(server.dataDir, { ...VIEWER, menus: ['/dashboard', '/alerts', '/alerts/devices'] });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  expect(await server?.stop()).toBe(0);
});

async function freshPage(viewport = { width: 1366, height: 768 }): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport });
  const page = await context.newPage();
  errors = watchErrors(page);
  return page;
}

async function logIn(p: Page, username = 'admin', password = E2E_ADMIN_PASSWORD): Promise<void> {
  await p.goto(`${server.url}/login`);
  await p.getByTestId('login-username').fill(username);
  await p.getByTestId('login-password').fill(password);
  await p.getByTestId('login-submit').click();
  await p.waitForURL(`${server.url}/dashboard`);
  await p.getByTestId('navbar').waitFor();
}

async function cookie(name: string): Promise<string | undefined> {
  return (await context?.cookies())?.find((c) => c.name === name)?.value;
}

const widthOf = async (p: Page, testId: string) => (await p.getByTestId(testId).boundingBox())?.width ?? 0;
const backgroundOf = (p: Page, selector: string) =>
  p
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

/** antd selects open on mousedown of the selector; the options render in a portal. */
async function pick(p: Page, selectTestId: string, optionText: string): Promise<void> {
  await p.getByTestId(selectTestId).click();
  await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: optionText }).click();
}

describe('console layout in a real browser against the real server', () => {
  it('opens the 210 px sidebar by default and remembers a toggle in the sidebarStatus cookie', async () => {
    const p = await freshPage();
    await logIn(p);
    expect([undefined, '1']).toContain(await cookie('sidebarStatus'));
    expect(await widthOf(p, 'sidebar')).toBe(210);
    await expect(p.getByTestId('menu-/dashboard').textContent()).resolves.toContain('Dashboard');
    await expect(p.getByTestId('breadcrumb').textContent()).resolves.toContain('Dashboard');

    await p.getByTestId('sidebar-toggle').click();
    await expect.poll(() => cookie('sidebarStatus')).toBe('0');
    await expect.poll(() => widthOf(p, 'sidebar')).toBeLessThanOrEqual(64);

    await p.reload();
    await p.getByTestId('navbar').waitFor();
    expect(await p.getByTestId('sidebar').getAttribute('data-opened')).toBe('false');
    expect(await widthOf(p, 'sidebar')).toBeLessThanOrEqual(64);

    await p.getByTestId('sidebar-toggle').click();
    await expect.poll(() => cookie('sidebarStatus')).toBe('1');
    await expect.poll(() => widthOf(p, 'sidebar')).toBe(210);
    expect(errors).toEqual([]);
  });

  it('selects the menu entry of the address and shows group / entry in the breadcrumb', async () => {
    const p = await freshPage();
    await logIn(p);
    await p.getByTestId('menu-/settings').click();
    await p.getByTestId('menu-/settings/user').click();
    await p.waitForURL(`${server.url}/settings/user`);
    await expect.poll(() => p.getByTestId('breadcrumb').innerText()).toMatch(/Dashboard\s*\/\s*Settings\s*\/\s*Users/);
    await expect.poll(() => p.locator('.ant-menu-item-selected').innerText()).toContain('Users');
  });

  it('switches the language from the navbar: texts, the language cookie and the success message', async () => {
    const p = await freshPage();
    await logIn(p);
    await pick(p, 'navbar-language', '中文');
    await expect.poll(() => p.getByTestId('menu-/dashboard').textContent()).toContain('首页');
    expect(await cookie('language')).toBe('zh');

    await pick(p, 'navbar-language', 'English');
    await p.getByText('Switch Language Success').waitFor();
    await expect.poll(() => p.getByTestId('menu-/dashboard').textContent()).toContain('Dashboard');
    expect(await cookie('language')).toBe('en');
  });

  it('switches the component size, saved in the size cookie (default medium)', async () => {
    const p = await freshPage();
    await logIn(p);
    expect(await cookie('size')).toBeUndefined();
    await expect(p.getByTestId('navbar-size').textContent()).resolves.toContain('Medium');
    const logout = p.getByTestId('logout');
    expect((await logout.boundingBox())?.height).toBe(32);

    await pick(p, 'navbar-size', 'Small');
    await p.getByText('Switch Size Success').waitFor();
    expect(await cookie('size')).toBe('small');
    await expect.poll(async () => (await logout.boundingBox())?.height).toBe(24);

    await p.reload();
    await p.getByTestId('navbar').waitFor();
    await expect(p.getByTestId('navbar-size').textContent()).resolves.toContain('Small');
  });

  it('shows the chart icon to the admin; it opens /visualization in a new tab', async () => {
    const p = await freshPage();
    await logIn(p);
    const opened = context!.waitForEvent('page');
    await p.getByTestId('chart-icon').click();
    const tab = await opened;
    await tab.waitForURL(`${server.url}/visualization`);
    await tab.getByTestId('kiosk-root').waitFor();
  });

  it('gives a sub-user only its menus and no chart icon without settings/boardConfig', async () => {
    const p = await freshPage();
    await logIn(p, VIEWER.username, VIEWER.password);
    await p.getByTestId('menu-/alerts').waitFor();
    expect(await p.getByTestId('menu-/settings').count()).toBe(0);
    expect(await p.getByTestId('chart-icon').count()).toBe(0);
  });

  it('shows long Spanish menu titles whole on two lines at 1366, every title with its tooltip', async () => {
    const p = await freshPage();
    await context!.addCookies([{ name: 'language', value: 'es', url: server.url }]);
    await logIn(p);
    const menu = p.getByTestId('sidebar');
    // Open every group, so its entries are drawn too.
    const groups = menu.locator('.ant-menu-root > .ant-menu-submenu > .ant-menu-submenu-title');
    const groupCount = await groups.count();
    expect(groupCount).toBeGreaterThan(10);
    for (let index = 0; index < groupCount; index += 1) {
      const group = groups.nth(index);
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    }
    const titles = await menu.locator('.ant-menu-title-content span[title]').evaluateAll((spans) =>
      spans.map((span) => {
        const style = getComputedStyle(span);
        return {
          text: span.textContent ?? '',
          tooltip: span.getAttribute('title'),
          group: span.closest('.ant-menu-submenu-title') !== null,
          lines: Math.round(span.getBoundingClientRect().height / parseFloat(style.lineHeight)),
          cut: span.scrollHeight > span.clientHeight + 1 || span.scrollWidth > span.clientWidth + 1,
        };
      }),
    );
    // "Comparación eléctrica", "Estadísticas de pagos"… used to end in "…" at 210 px; now they take two lines.
    expect(titles.find((title) => title.text === 'Comparación eléctrica')).toMatchObject({ group: true, lines: 2, cut: false });
    expect(titles.filter((title) => title.group && title.cut).map((title) => title.text)).toEqual([]);
    expect(titles.filter((title) => title.lines > 2)).toEqual([]);
    // Whatever is still cut (an entry longer than two lines) reads whole in its tooltip.
    expect(titles.filter((title) => title.tooltip !== title.text)).toEqual([]);
    await p.screenshot({ path: '/tmp/console-sidebar-es-1366.png' });
    expect(errors).toEqual([]);
  });

  it('goes mobile below 992 px: the sidebar closes and opens over a backdrop that closes it', async () => {
    const p = await freshPage({ width: 991, height: 800 });
    await logIn(p);
    const layout = p.getByTestId('app-layout');
    expect(await layout.getAttribute('data-device')).toBe('mobile');
    expect(await widthOf(p, 'sidebar')).toBe(0);

    await p.getByTestId('sidebar-toggle').click();
    await p.getByTestId('sidebar-backdrop').waitFor();
    await expect.poll(() => widthOf(p, 'sidebar')).toBe(210);
    // Over the content, not beside it: the main column still starts at the left edge.
    expect((await p.getByTestId('navbar').boundingBox())?.x).toBe(0);

    await p.getByTestId('sidebar-backdrop').click({ position: { x: 900, y: 400 } });
    await expect.poll(() => widthOf(p, 'sidebar')).toBe(0);
    expect(await cookie('sidebarStatus')).toBeUndefined();

    await p.setViewportSize({ width: 992, height: 800 });
    await expect.poll(() => layout.getAttribute('data-device')).toBe('desktop');
    await expect.poll(() => widthOf(p, 'sidebar')).toBe(210);
    expect(errors).toEqual([]);
  });

  it('re-themes at runtime from the settings drawer and keeps the colour after a reload', async () => {
    const p = await freshPage();
    await logIn(p);
    await p.getByTestId('settings-button').click();
    await p.getByTestId('settings-drawer').waitFor();
    expect(await backgroundOf(p, '[data-testid="setting-tagsView"]')).toBe('rgb(64, 158, 255)');

    await p.getByTestId('theme-color-F5222D').click();
    await expect.poll(() => backgroundOf(p, '[data-testid="setting-tagsView"]')).toBe('rgb(245, 34, 45)');

    // A primary button anywhere in the console: the 404 page's.
    await p.goto(`${server.url}/404`);
    await expect.poll(() => backgroundOf(p, '.ant-btn-primary')).toBe('rgb(245, 34, 45)');
    await p.reload();
    await expect.poll(() => backgroundOf(p, '.ant-btn-primary')).toBe('rgb(245, 34, 45)');
  });

  it('hides the tags bar with the tagsView switch and pins the header with fixedHeader', async () => {
    const p = await freshPage();
    await logIn(p);
    await p.getByTestId('tags-bar-slot').waitFor();
    expect(await p.getByTestId('tags-view').count()).toBe(1);

    await p.getByTestId('settings-button').click();
    await p.getByTestId('setting-tagsView').click();
    await p.getByTestId('setting-fixedHeader').click();
    await p.getByTestId('setting-sidebarLogo').click();
    await expect.poll(() => p.getByTestId('tags-bar-slot').count()).toBe(0);
    expect(await p.getByTestId('tags-view').count()).toBe(0);
    const position = await p.getByTestId('layout-header').evaluate((element) => getComputedStyle(element).position);
    expect(position).toBe('sticky');
    await expect(p.getByTestId('sidebar-logo').textContent()).resolves.toContain('Energy Console');

    await p.reload();
    await p.getByTestId('navbar').waitFor();
    expect(await p.getByTestId('tags-bar-slot').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('has a full-screen button and an error log that collects runtime errors', async () => {
    const p = await freshPage();
    await logIn(p);
    await p.getByTestId('fullscreen').waitFor();
    // A production build shows the error log from the start; any build shows it once something failed.
    await p.evaluate(() => {
      setTimeout(() => {
        throw new Error('layout test boom');
      });
      void Promise.reject(new Error('layout test rejection'));
    });
    await p.getByTestId('error-log').waitFor();
    await expect.poll(() => p.locator('.ant-badge', { has: p.getByTestId('error-log') }).innerText()).toContain('2');
    await p.getByTestId('error-log').click();
    const dialog = p.getByTestId('error-log-dialog');
    await expect(dialog.innerText()).resolves.toContain('layout test boom');
    await expect(dialog.innerText()).resolves.toContain('layout test rejection');
  });

  it("shows the user's name, account and e-mail, and saves a new true name from account edit", async () => {
    const p = await freshPage();
    await logIn(p);
    await p.getByTestId('user-menu').click();
    const info = p.getByTestId('user-menu-info');
    await expect(info.innerText()).resolves.toContain('Administrator');
    await expect(info.innerText()).resolves.toContain('admin');
    await expect(info.innerText()).resolves.toContain('admin@energy.local');

    await p.getByTestId('user-menu-account').click();
    const dialog = p.getByTestId('account-dialog');
    await dialog.waitFor();
    await p.getByTestId('account-true-name').fill('');
    await p.getByTestId('account-true-name').blur();
    await dialog.getByText('Please enter your name').waitFor();
    await p.getByTestId('account-true-name').fill('Ada Admin');
    await p.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => p.getByTestId('user-menu-name').textContent()).toBe('Ada Admin');
    await expect(p.getByTestId('dashboard-user').textContent()).resolves.toContain('Ada Admin');
    expect(errors).toEqual([]);
  });

  it('logs out from the user dropdown to /login', async () => {
    const p = await freshPage();
    await logIn(p);
    await p.getByTestId('user-menu').click();
    await p.getByTestId('user-menu-logout').click();
    await p.waitForURL(/\/login/);
    expect(await cookie('Admin-Token')).toBeUndefined();
  });
});
