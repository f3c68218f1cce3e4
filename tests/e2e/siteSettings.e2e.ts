import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { siteSettingsEn } from '@shared/i18n/locales/siteSettings/en';
import type { RouterList } from '@shared/schemas';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiData, callApi } from './helpers/api';
import { apiToken, currentPath, logIn, openTab, visibleRawKeys, type ConsoleTab } from './helpers/console';

// Site settings (/settings/superConfig) in a real browser against the real server: a hidden menu group leaves
// the menu and its screen is "not found"; a new site name reaches the login page with no restart.
let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab | undefined;
let adminToken: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = await apiToken(server.url);
}, 120_000);
afterEach(async () => {
  await tab?.context.close();
  tab = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInAt(path: string, language?: string): Promise<ConsoleTab> {
  const opened = await openTab(browser);
  if (language) await opened.context.addCookies([{ name: 'language', value: language, url: server.url }]);
  await opened.page.goto(`${server.url}/login`);
  await logIn(opened.page);
  await opened.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await opened.page.goto(`${server.url}${path}`);
  return opened;
}

describe('site settings in the browser', () => {
  it('shows the screen in every language without raw catalogue keys', async () => {
    for (const language of ['en', 'zh', 'es']) {
      tab = await signedInAt('/settings/superConfig', language);
      await tab.page.getByTestId('site-name').waitFor();
      expect(await visibleRawKeys(tab.page), language).toEqual([]);
      expect(tab.errors, language).toEqual([]);
      await tab.context.close();
      tab = undefined;
    }
  });

  it('hides /inquiry: the menu entry goes for the admin at once and /inquiry/adpost is not found; showing it brings both back', async () => {
    tab = await signedInAt('/settings/superConfig');
    const { page } = tab;
    await page.getByTestId('site-name').waitFor();
    await expect(page.getByTestId('menu-/inquiry').isVisible()).resolves.toBe(true);

    await page.getByTestId('site-group-switch-inquiry').click();
    await page.getByTestId('site-settings-save').click();
    await page.getByText(siteSettingsEn.saved).waitFor();
    await page.getByTestId('menu-/inquiry').waitFor({ state: 'detached' });
    expect(await page.getByTestId('menu-/board').isVisible()).toBe(true);

    await page.goto(`${server.url}/inquiry/adpost`);
    await page.getByTestId('page-404').waitFor();
    expect(currentPath(page)).toBe('/404');
    // Every user's menu answer leaves the group out (the server decides, not this console).
    const rows = (await apiData<RouterList>(server.url, adminToken, 'GET', '/api/routers')).rows;
    expect(rows.filter((row) => row.fullpath.startsWith('/inquiry'))).toEqual([]);

    const settings = await apiData<Record<string, unknown>>(server.url, adminToken, 'GET', '/api/site-settings');
    await apiData(server.url, adminToken, 'PUT', '/api/site-settings', { ...settings, hiddenGroups: [] });
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('menu-/inquiry').waitFor();
    await page.goto(`${server.url}/inquiry/adpost`);
    await page.waitForLoadState('networkidle');
    expect(currentPath(page)).toBe('/inquiry/adpost');
    expect(tab.errors).toEqual([]);
  });

  it('a new site name reaches the login page, the tab title and the navbar without a restart', async () => {
    tab = await signedInAt('/settings/superConfig');
    await tab.page.getByTestId('site-name').fill('North Plant Energy');
    await tab.page.getByTestId('site-settings-save').click();
    await tab.page.getByText(siteSettingsEn.saved).waitFor();
    await expect(tab.page.getByTestId('site-brand-name').textContent()).resolves.toBe('North Plant Energy');
    expect(await tab.page.title()).toBe('Advanced configuration - North Plant Energy');

    const visitor = await openTab(browser);
    try {
      await visitor.page.goto(`${server.url}/login`);
      await visitor.page.getByText('North Plant Energy').waitFor();
      expect(await visitor.page.getByTestId('login-title').textContent()).toBe('North Plant Energy');
      expect(await visitor.page.title()).toBe('Log in - North Plant Energy');
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.context.close();
    }
    // The public answer the login page read, and nothing secret in it.
    const site = await callApi<Record<string, unknown>>(server.url, 'GET', '/api/site');
    expect(site.data).toEqual({ name: 'North Plant Energy', logoUrl: '', faviconUrl: '', defaultLanguage: null, themeColor: null, hiddenGroups: [] });
  });
});
