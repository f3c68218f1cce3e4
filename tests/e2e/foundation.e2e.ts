import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchErrors } from '@tests/support/browser';
import { E2E_ADMIN_PASSWORD, startServer, type RunningServer } from '@tests/support/serverProcess';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  const exitCode = await server?.stop();
  // Graceful shutdown on SIGTERM: the process finishes and exits 0.
  expect(exitCode).toBe(0);
});

async function freshPage(): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  page = await context.newPage();
  errors = watchErrors(page);
  return page;
}

async function logIn(p: Page, password = E2E_ADMIN_PASSWORD): Promise<void> {
  await p.getByTestId('login-username').fill('admin');
  await p.getByTestId('login-password').fill(password);
  await p.getByTestId('login-submit').click();
}

describe('foundation in a real browser against the real server', () => {
  it('answers /api/health', async () => {
    const p = await freshPage();
    const response = await p.request.get(`${server.url}/api/health`);
    expect(await response.json()).toEqual({ code: 0, data: { status: 'ok', version: '0.1.0' }, message: 'ok' });
  });

  it('sends a visitor without a token to /login with the requested path in redirect', async () => {
    const p = await freshPage();
    await p.goto(`${server.url}/dashboard`);
    await p.waitForURL(/\/login\?redirect=%2Fdashboard$/);
    await p.getByTestId('login-username').waitFor({ state: 'visible' });
  });

  it("shows the server's message for a wrong password and stays on /login", async () => {
    const p = await freshPage();
    await p.goto(`${server.url}/login`);
    await logIn(p, 'Wrong!password1');
    await expect(p.getByTestId('login-error').textContent({ timeout: 10_000 })).resolves.toContain('Login account or password is wrong');
    expect(new URL(p.url()).pathname).toBe('/login');
  });

  it('logs the admin in, lands on /dashboard showing who is logged in, and logs out to /login', async () => {
    const p = await freshPage();
    await p.goto(`${server.url}/login`);
    await logIn(p);
    await p.waitForURL(`${server.url}/dashboard`);
    await expect(p.getByTestId('dashboard-user').textContent()).resolves.toContain('admin');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'Admin-Token')?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // A logged-in user who opens /login goes to / and from there to /dashboard.
    await p.goto(`${server.url}/login`);
    await p.waitForURL(`${server.url}/dashboard`);

    await p.getByTestId('logout').click();
    await p.waitForURL(/\/login/);
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  it('returns to the requested path after login', async () => {
    const p = await freshPage();
    await p.goto(`${server.url}/dashboard?from=test`);
    await p.waitForURL(/\/login\?redirect=/);
    await logIn(p);
    await p.waitForURL(`${server.url}/dashboard?from=test`);
  });

  it('serves the kiosk page at /dash/1 and /visualization, without the console libraries', async () => {
    const p = await freshPage();
    const scripts: string[] = [];
    p.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const response = await p.goto(`${server.url}/dash/1`);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    // No token in this browser: the wall asks for a sign-in instead of showing anything.
    await p.getByTestId('sign-in-needed').waitFor();
    expect(await p.title()).toBe('Sign-in needed - Energy Kiosk');
    await p.goto(`${server.url}/visualization`);
    await p.getByTestId('sign-in-needed').waitFor();
    expect(errors).toEqual([]);
    expect(scripts.some((s) => /\/assets\/kiosk-/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/assets\/(antd|console)-/.test(s))).toEqual([]);
  });

  it('loads the console without fetching the 3D or chart libraries', async () => {
    const p = await freshPage();
    const scripts: string[] = [];
    p.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await p.goto(`${server.url}/login`);
    await p.getByTestId('login-username').waitFor();
    expect(scripts.some((s) => /\/assets\/antd/.test(s))).toBe(true);
    // echarts splits per chart type (no fixed chunk name): look inside what was loaded.
    const bodies = await Promise.all(scripts.map(async (path) => (await fetch(`${server.url}${path}`)).text()));
    expect(bodies.filter((body) => /WebGLRenderer|zrender|echarts/.test(body)).length).toBe(0);
  });
});
