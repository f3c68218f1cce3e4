import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BoardRecord } from '@shared/schemas/boards';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiData } from './helpers/api';
import { apiToken, logIn, openTab } from './helpers/console';

/**
 * The pages run under the Content-Security-Policy the server sends (server/http/securityHeaders.ts) without
 * one refusal: every `securitypolicyviolation` event (in the page and in the embedded kiosk frame) and every
 * "Refused to …" console line is collected and must stay empty.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let refusals: string[];
const DATA_BOARD_CODE = 'CSP-HALL';

/** Reports each violation on the console, where page.on('console') sees it for every frame. */
function reportViolations(): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.warn(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
  });
}

beforeAll(async () => {
  // The demo gateway's backfill gives the 3D bars data: echarts-gl builds its 3D view (and the pipeline that used eval) only then.
  server = await startServer({ SIMULATOR: 'on', SIMULATOR_BACKFILL_DAYS: '1' });
  browser = await launchBrowser();
  const token = await apiToken(server.url);
  // A data-show board with a code, for the console page that embeds the kiosk in an iframe.
  const board = await apiData<BoardRecord>(server.url, token, 'GET', '/api/boards/1');
  const document = { ...board.document, meta: { ...board.document.meta, purpose: 'data-show' as const, code: DATA_BOARD_CODE } };
  await apiData(server.url, token, 'PUT', '/api/boards/1', { document, revision: board.revision });

  const tab = await openTab(browser, reportViolations);
  ({ context, page } = tab);
  refusals = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/CSP violation|Refused to|Content Security Policy/i.test(text)) refusals.push(`${new URL(page.url()).pathname}: ${text}`);
  });
  await page.goto(`${server.url}/login`);
  await logIn(page);
  await page.waitForURL(`${server.url}/dashboard`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens a path, waits for what shows it drew, lets late chunks, sockets and frames settle, and returns the refusals seen there. */
async function visit(path: string, drawn: (p: Page) => Promise<unknown>): Promise<string[]> {
  const before = refusals.length;
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
  await drawn(page);
  await page.waitForTimeout(1500);
  return refusals.slice(before);
}

describe('the console and kiosk run under the Content-Security-Policy', () => {
  it('the login page', async () => {
    const fresh = await openTab(browser, reportViolations);
    const seen: string[] = [];
    fresh.page.on('console', (message) => {
      if (/CSP violation|Refused to/i.test(message.text())) seen.push(message.text());
    });
    await fresh.page.goto(`${server.url}/login`);
    await fresh.page.getByTestId('login-username').waitFor();
    await fresh.page.waitForTimeout(1000);
    await fresh.context.close();
    expect(seen).toEqual([]);
  });

  it('the dashboard (antd styles, realtime socket)', async () => {
    expect(await visit('/dashboard', (p) => p.getByTestId('dashboard-user').waitFor())).toEqual([]);
  });

  it('the board editor', async () => {
    expect(await visit('/settings/boardConfig?edit=1', (p) => p.getByTestId('board-editor').waitFor())).toEqual([]);
  });

  it('the data-show board page with the kiosk in its frame', async () => {
    const seen = await visit(`/payment-statistics/datashowboard/${DATA_BOARD_CODE}`, async (p) => {
      await p.getByTestId('data-board-frame').waitFor();
      await p.frameLocator('[data-testid="data-board-frame"]').getByTestId('board').waitFor();
    });
    expect(seen).toEqual([]);
  });

  it.each([
    ['/dash/1', 'the control-room wall (charts)'],
    ['/dash/2', 'the alarm wall'],
  ])('%s: %s', async (path) => {
    const seen = await visit(path, async (p) => {
      await p.getByTestId('board').waitFor();
      await expect.poll(() => p.locator('[data-testid="board"] [data-state]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    });
    expect(seen).toEqual([]);
  });

  it('/dash/3: the 3D plant board (three.js, echarts-gl post effects)', async () => {
    const seen = await visit('/dash/3', async (p) => {
      await p.getByTestId('board').waitFor();
      // The scene (three.js) and the hourly 3D bars (echarts-gl, whose post-effect pipeline is where eval was).
      await p.locator('[data-testid="widget-scene"] canvas').first().waitFor({ timeout: 20_000 });
      // Drawn, or failed (without the build's eval replacement it throws "Invalid expression.").
      await p.locator('[data-testid="widget-hours"][data-state="error"], [data-testid="widget-hours"] canvas').first().waitFor({ timeout: 20_000 });
      await expect.poll(() => p.getByTestId('bar-3d-message').count(), { timeout: 20_000 }).toBe(0);
    });
    expect(seen).toEqual([]);
    // Refused eval would have thrown inside echarts-gl ("Invalid expression.") and the tile would show its error.
    expect(await page.locator('[data-testid="board"] [data-state="error"]').count()).toBe(0);
  });

  it('/visualization (WebGL scene)', async () => {
    const seen = await visit('/visualization', async (p) => {
      await p.getByTestId('visualization-page').waitFor();
      await expect.poll(() => p.locator('canvas').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    });
    expect(seen).toEqual([]);
  });
});

describe('cookies the console sets', () => {
  it('keeps the token SameSite=Strict (not Secure over plain http) and the interface cookies SameSite=Lax', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('navbar-language').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '中文' }).click();
    await expect.poll(async () => (await context.cookies()).map((c) => c.name).sort()).toEqual(['Admin-Token', 'language', 'sidebarStatus']);
    const flags = Object.fromEntries((await context.cookies()).map((c) => [c.name, { sameSite: c.sameSite, secure: c.secure, httpOnly: c.httpOnly }]));
    expect(flags).toEqual({
      'Admin-Token': { sameSite: 'Strict', secure: false, httpOnly: false },
      language: { sameSite: 'Lax', secure: false, httpOnly: false },
      sidebarStatus: { sameSite: 'Lax', secure: false, httpOnly: false },
    });
  });
});
