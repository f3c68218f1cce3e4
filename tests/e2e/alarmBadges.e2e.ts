import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiToken, logIn, openTab, type ConsoleTab } from './helpers/console';
import { activeInterfaceKey, bearerHeader, callApi } from './helpers/api';
import { menuBadge } from './helpers/alarmReadouts';

/**
 * Issue 5 acceptance in the browser: a reading over a threshold rule raises an alarm, the sidebar's
 * /alerts badge and the home counters rise without a reload (alarms:counts channel), processing the
 * alarm lowers them again. A socket with a bad token is refused.
 */
let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab | undefined;
let token: string;
let interfaceKey: string;
const SHOTS = '/tmp/alarm-badge-shots';

const api = <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = bearerHeader(token)) =>
  callApi<T>(server.url, method, `/api${path}`, body, headers);

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off' });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  token = await apiToken(server.url);
  const m011 = (await api<{ rows: { id: number }[] }>('GET', '/meters?keyword=M011&size=1')).data.rows[0]!;
  const rule = await api('POST', '/alarm-rules', { name: 'Press over 500 kW', scope: 'meter', scopeId: m011.id, metric: 'kw', over: 500, severity: 'high' });
  expect(rule.code).toBe(0);
  interfaceKey = await activeInterfaceKey(server.url, token, 'alarm badges e2e');
});
afterEach(async () => {
  await tab?.context.close();
  tab = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const card = async (page: Page, key: string) => (await page.getByTestId(`alarm-count-${key}`).locator('.ant-statistic-content-value').innerText()).trim();

async function sendKw(kw: number, minutesAgo: number): Promise<void> {
  const sent = await api<{ accepted: number }>(
    'POST',
    '/ingest/readings',
    { readings: [{ meter: 'M011', ts: Date.now() - minutesAgo * 60_000, values: { kw } }] },
    { 'x-interface-key': interfaceKey },
  );
  expect(sent.data.accepted).toBe(1);
}

describe('alarm badges against the real server', () => {
  it('a reading over the threshold raises the badge and the home counters live; processing lowers them', async () => {
    tab = await openTab(browser);
    const page = tab.page;
    await page.goto(`${server.url}/dashboard`);
    await logIn(page);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByTestId('alarm-count-total').waitFor();
    await sendKw(420, 2); // under the limit: nothing
    await page.waitForTimeout(500);
    expect(await menuBadge(page, '/alerts')).toBe(0);
    expect(await card(page, 'total')).toBe('0');
    // A mark on the window: it is gone if the page reloads.
    await page.evaluate(() => ((window as unknown as { alarmMark: number }).alarmMark = 1));

    const sentAt = Date.now();
    await sendKw(612.5, 1);
    await expect.poll(() => menuBadge(page, '/alerts'), { timeout: 5_000, interval: 20 }).toBe(1);
    const riseMs = Date.now() - sentAt;
    console.log(`reading over the limit → /alerts badge 1 in ${riseMs} ms`);
    expect(await card(page, 'total')).toBe('1');
    expect(await card(page, 'deviceCount')).toBe('1');
    expect(await page.evaluate(() => (window as unknown as { alarmMark?: number }).alarmMark)).toBe(1);

    // Open the alerts group so the per-kind badge shows too, then photograph the sidebar.
    await page.getByTestId('menu-/alerts').click();
    await expect.poll(() => menuBadge(page, '/alerts/devices')).toBe(1);
    await page.waitForTimeout(400); // the submenu's opening animation
    await page.getByTestId('sidebar').screenshot({ path: `${SHOTS}/sidebar-1366x768.png` });
    await page.setViewportSize({ width: 3840, height: 2160 });
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/console-3840x2160.png` });
    await page.getByTestId('sidebar').screenshot({ path: `${SHOTS}/sidebar-3840x2160.png` });
    expect(await menuBadge(page, '/alerts')).toBe(1);

    const open = await api<{ rows: { id: number; message: string }[] }>('GET', '/alarm-records?processingState=1,2');
    expect(open.data.rows.map((r) => r.message)).toHaveLength(1);
    const processed = await api<{ changed: number[] }>('POST', '/alarm-records/process', { ids: [open.data.rows[0]!.id], note: 'press checked' });
    expect(processed.data.changed).toEqual([open.data.rows[0]!.id]);
    await expect.poll(() => menuBadge(page, '/alerts'), { timeout: 5_000, interval: 20 }).toBe(0);
    expect(await card(page, 'total')).toBe('0');
    expect(tab.errors).toEqual([]);
  });

  it('refuses a socket with a bad token with the token code', async () => {
    const socket = io(server.url, { query: { token: 'not-a-token' }, transports: ['websocket'], reconnection: false, forceNew: true });
    const refusal = await new Promise<{ code: number; message: string }>((resolve) =>
      socket.on('connect_error', (error) => resolve((error as Error & { data: { code: number; message: string } }).data)),
    );
    socket.close();
    expect(refusal).toEqual({ code: 10003, message: 'Invalid token, please log in again' });
  });
});
