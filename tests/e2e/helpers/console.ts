import type { Browser, BrowserContext, Page } from 'playwright-core';
import { watchErrors } from '@tests/support/browser';
import { E2E_ADMIN_PASSWORD } from '@tests/support/serverProcess';

export interface ConsoleTab {
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors so far. */
  errors: string[];
}

/** A fresh context (no cookies, no window.name) at the spec's reference size. */
export async function openTab(browser: Browser, init?: () => void): Promise<ConsoleTab> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/** Fills the login form and submits it. */
export async function logIn(page: Page, username = 'admin', password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** A token from the real login API, as another system holding credentials would get one. */
export async function apiToken(baseUrl: string, username = 'admin', password = E2E_ADMIN_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { code: number; data: { token: string }; message: string };
  if (body.code !== 0) throw new Error(`login as ${username} failed: ${body.message}`);
  return body.data.token;
}

/** The pathname (plus query) the tab shows now. */
export const currentPath = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** A catalogue key shown instead of its text (a missing translation). */
export const RAW_KEY =
  /^(route|login|session|common|layout|tags|errors|errorPage|moduleComing|authRedirect|logoutConfirm|dashboard|language|app|resources|meterData|analysis|dataQuality|deviceAdmin|integrations|home|ago|alarms|pushes|annunciation|kiosk|kioskRuntime|visualization|chartWidgets|liveWidgets|displays|users|rules|roles|menus|loginPages|boardEditor|boardFields|boardScreens|sprites|queryChart|siteSettings|webService|inquiry)\.[\w.-]+$/;

/** Visible texts of the page (text nodes and input placeholders) that look like catalogue keys. */
export function visibleRawKeys(page: Page): Promise<string[]> {
  return page.evaluate((pattern) => {
    const re = new RegExp(pattern);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text && parent && parent.checkVisibility() && re.test(text)) found.push(text);
    }
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (re.test(input.placeholder)) found.push(input.placeholder);
    }
    if (re.test(document.title.split(' - ')[0] ?? '')) found.push(document.title);
    return found;
  }, RAW_KEY.source);
}
