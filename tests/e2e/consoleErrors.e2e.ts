import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiToken, currentPath, logIn, openTab, visibleRawKeys, type ConsoleTab } from './helpers/console';
import { addMenuEntry } from './helpers/menuEntries';

let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab | undefined;
/** An entry an administrator added in the menu editor: no screen has its path, so it shows the placeholder. */
const LINE_REVIEW = '/energyLine/line-review';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await addMenuEntry(server.url, await apiToken(server.url), { parent: '/energyLine', path: 'line-review', title: 'route.check' });
});
afterEach(async () => {
  await tab?.context.close();
  tab = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh tab in `language` (the language cookie, spec §1), signed in as admin on `path`. */
async function signedIn(path: string, language = 'en'): Promise<ConsoleTab> {
  tab = await openTab(browser);
  await tab.context.addCookies([{ name: 'language', value: language, url: server.url }]);
  await tab.page.goto(`${server.url}${path}`);
  await logIn(tab.page);
  await tab.page.waitForURL(`${server.url}${path}`);
  await tab.page.locator(`[data-view="${path}"]:visible`).waitFor();
  return tab;
}

/** Revokes the tab's session on the server (another window logged out), then reloads. */
async function revokeAndReload(page: Page): Promise<void> {
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value;
  const response = await page.request.post(`${server.url}/api/auth/logout`, { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(((await response.json()) as { code: number }).code).toBe(0);
  await page.reload();
}

const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

describe('error handling (spec §8) in a real browser against the real server', () => {
  it.each([
    ['en', 'Confirm logout', 'Log in again', 'Cancel'],
    ['zh', '确定登出', '重新登录', '取消'],
    ['es', 'Confirmar cierre de sesión', 'Volver a iniciar sesión', 'Cancelar'],
  ])('a revoked token (10004) opens the logout confirm in %s; cancel keeps the page', async (language, title, ok, cancel) => {
    const { page } = await signedIn('/wx/wxUser', language);
    await revokeAndReload(page);
    const box = page.locator('.ant-modal-confirm');
    await expect(box.locator('.ant-modal-confirm-title').textContent()).resolves.toBe(title);
    await expect(box.locator('.ant-btn-primary').textContent()).resolves.toBe(ok);
    await toast(page, 'You have been logged out, please log in again').waitFor();
    const where = currentPath(page);
    // antd spaces out two-character Chinese button texts ('取 消').
    const cancelButton = box.locator('.ant-btn:not(.ant-btn-primary)');
    expect((await cancelButton.textContent())?.replace(/\s/g, '')).toBe(cancel);
    await cancelButton.click();
    await box.waitFor({ state: 'detached' });
    expect(currentPath(page)).toBe(where);
    expect(where).toBe('/login?redirect=%2Fwx%2FwxUser');
  });

  it('confirming the logout box resets the token and reloads to the login page', async () => {
    const { page, context } = await signedIn('/wx/wxUser');
    await revokeAndReload(page);
    const box = page.locator('.ant-modal-confirm');
    // Listen before clicking: the reload can finish before a listener attached afterwards would see it.
    await Promise.all([page.waitForEvent('load'), box.getByRole('button', { name: 'Log in again' }).click()]);
    await page.getByTestId('login-username').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
  });

  it('shows a non-zero code as an error toast for 5 s', async () => {
    tab = await openTab(browser);
    const { page } = tab;
    await page.goto(`${server.url}/login`);
    await logIn(page, 'admin', 'Wrong!password1');
    const message = toast(page, 'Login account or password is wrong');
    await message.waitFor();
    const shownAt = Date.now();
    await expect(message.count()).resolves.toBe(1);
    await page.waitForTimeout(4000 - (Date.now() - shownAt));
    expect(await message.isVisible()).toBe(true);
    await message.waitFor({ state: 'detached', timeout: 3000 });
    expect(Date.now() - shownAt).toBeLessThan(6500);
  });

  it("shows a network failure as 'error-message:status-text' and, from the guard, goes to login", async () => {
    tab = await openTab(browser);
    const { page, context } = tab;
    await page.route('**/api/users/info', (route) => route.abort());
    await page.goto(`${server.url}/login?redirect=%2Fwx%2FwxUser`);
    await logIn(page);
    await toast(page, 'Network Error').waitFor();
    await page.waitForURL(/\/login\?redirect=%2Fwx%2FwxUser$/);
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();

    // A proxy's error page (no envelope) reads 'error-message:status-text'.
    await page.unroute('**/api/users/info');
    await page.route('**/api/users/info', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    await logIn(page);
    await toast(page, 'Request failed with status code 502:Bad Gateway').waitFor();
  });

  it('speaks en, zh and es on the login page, the screens and the tags menu, with no raw catalogue keys', async () => {
    tab = await openTab(browser);
    const { page } = tab;
    await page.goto(`${server.url}/login`);
    const texts = async () => ({
      title: await page.locator('h3').first().textContent(),
      submit: (await page.getByTestId('login-submit').textContent())?.replace(/\s/g, ''),
    });
    expect(await texts()).toEqual({ title: 'Energy Management Platform', submit: 'Login' });
    const pick = async (name: string) => {
      await page.getByTestId('login-language').click();
      await page.locator('.ant-select-item-option', { hasText: name }).click();
    };
    await pick('中文');
    await expect.poll(texts).toEqual({ title: '能源管理平台', submit: '登录' });
    expect(await visibleRawKeys(page)).toEqual([]);
    await pick('Español');
    await expect.poll(texts).toEqual({ title: 'Plataforma de gestión energética', submit: 'Iniciarsesión' });
    expect(await visibleRawKeys(page)).toEqual([]);

    await logIn(page);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByTestId('dashboard-user').waitFor();
    expect(await visibleRawKeys(page)).toEqual([]);
    await page.goto(`${server.url}${LINE_REVIEW}`);
    await page.locator('[data-testid="module-coming-title"]:visible', { hasText: 'Revisión' }).waitFor();
    await expect(page.getByTestId('module-coming').textContent()).resolves.toContain('Este módulo llegará en una versión posterior.');
    await page.getByTestId(`tag-${LINE_REVIEW}`).click({ button: 'right' });
    await expect(page.getByTestId('tags-context-menu').textContent()).resolves.toBe('ActualizarCerrarCerrar otrasCerrar todas');
    expect(await visibleRawKeys(page)).toEqual([]);
    await page.goto(`${server.url}/nowhere`);
    await page.getByTestId('page-404').waitFor();
    expect(await visibleRawKeys(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  });
});
