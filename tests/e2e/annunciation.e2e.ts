import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiToken, logIn, openTab, type ConsoleTab } from './helpers/console';
import { activeInterfaceKey, bearerHeader, callApi } from './helpers/api';

/**
 * Issue 5 annunciation in the browser: a reading over a threshold rule raises an alarm, the navbar
 * bell flashes and beeps without a reload; acknowledging it from the bell's list stops the flashing and
 * the server records the signed-in user as the acknowledger.
 */
let server: RunningServer;
let browser: Browser;
const tabs: ConsoleTab[] = [];
let token: string;
let interfaceKey: string;
const SHOTS = '/tmp/shots-annunciation';

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
  interfaceKey = await activeInterfaceKey(server.url, token, 'annunciation e2e');
});
afterEach(async () => {
  for (const tab of tabs.splice(0)) await tab.context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function sendKw(kw: number, minutesAgo: number): Promise<void> {
  const sent = await api<{ accepted: number }>(
    'POST',
    '/ingest/readings',
    { readings: [{ meter: 'M011', ts: Date.now() - minutesAgo * 60_000, values: { kw } }] },
    { 'x-interface-key': interfaceKey },
  );
  expect(sent.data.accepted).toBe(1);
}

/** Counts the oscillators the page starts: each pulse of the alarm tone is one. */
function countTones(): void {
  const counted = window as unknown as { tones: number };
  counted.tones = 0;
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    counted.tones++;
    return create.call(this);
  };
}

async function signedIn(language: 'en' | 'zh'): Promise<Page> {
  const tab = await openTab(browser, countTones);
  tabs.push(tab);
  await tab.context.addCookies([{ name: 'language', value: language, url: server.url }]);
  await tab.page.goto(`${server.url}/dashboard`);
  await logIn(tab.page);
  await tab.page.waitForURL(`${server.url}/dashboard`);
  await tab.page.getByTestId('alarm-bell').waitFor();
  return tab.page;
}

const flashing = (page: Page) => page.getByTestId('alarm-bell').getAttribute('data-flashing');
const tones = (page: Page) => page.evaluate(() => (window as unknown as { tones: number }).tones);

/** The navbar and the open bell list in one picture: the list hangs below the navbar. */
async function shootPanel(page: Page, name: string): Promise<void> {
  // The popover zooms in: measure it once the motion classes are gone.
  await page.waitForFunction(() => !document.querySelector('.ant-popover[class*="zoom-big-"]'));
  const panel = await page.getByTestId('alarm-panel').boundingBox();
  const navbar = await page.getByTestId('navbar').boundingBox();
  const width = page.viewportSize()!.width;
  // Generous: under the large-screen zoom the boxes and the clip disagree by a few pixels.
  const height = Math.min(page.viewportSize()!.height, Math.max(panel!.y + panel!.height, navbar!.height) * 1.1 + 24);
  const x = Math.max(0, Math.min(navbar!.x, panel!.x - 400));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, clip: { x, y: 0, width: width - x, height } });
}

describe('annunciation against the real server', () => {
  it('a reading over a rule makes the bell flash and beep live; acknowledging from its list stops it and records who', async () => {
    const page = await signedIn('en');
    expect(await flashing(page)).toBe('false');
    await sendKw(420, 2); // under the limit: nothing
    // A mark on the window: it is gone if the page reloads.
    await page.evaluate(() => ((window as unknown as { alarmMark: number }).alarmMark = 1));

    await sendKw(612.5, 1);
    await expect.poll(() => flashing(page), { timeout: 5_000, interval: 20 }).toBe('true');
    expect(await page.evaluate(() => (window as unknown as { alarmMark?: number }).alarmMark)).toBe(1);
    // A high alarm: two pulses, and no "click to enable sound" (the login click was the gesture).
    await expect.poll(() => tones(page), { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('alarm-sound-hint').count()).toBe(0);
    await page.getByTestId('navbar').screenshot({ path: `${SHOTS}/navbar-flashing-1366x768.png` });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await page.getByTestId('alarm-bell').evaluate((bell) => getComputedStyle(bell).animationName)).toBe('none');
    await page.getByTestId('navbar').screenshot({ path: `${SHOTS}/navbar-reduced-motion-1366x768.png` });

    const open = await api<{ rows: { id: number; message: string }[] }>('GET', '/alarm-records?processingState=1');
    expect(open.data.rows).toHaveLength(1);
    const alarm = open.data.rows[0]!;
    await page.getByTestId('alarm-bell').click();
    const row = page.getByTestId(`alarm-item-${alarm.id}`);
    await row.waitFor();
    expect(await row.innerText()).toContain(alarm.message);
    expect(await page.getByTestId(`alarm-severity-${alarm.id}`).innerText()).toBe('High');
    await shootPanel(page, 'panel-en-1366x768');
    await page.setViewportSize({ width: 3840, height: 2160 });
    await page.waitForTimeout(600); // the large-screen zoom settles
    await shootPanel(page, 'panel-en-3840x2160');
    await page.setViewportSize({ width: 1366, height: 768 });

    await page.getByTestId(`alarm-ack-${alarm.id}`).click();
    await expect.poll(() => flashing(page), { timeout: 5_000, interval: 20 }).toBe('false');
    // The socket's changed record can stop the flashing before the acknowledge call's answer is drawn.
    await expect.poll(() => page.getByTestId('alarm-empty').innerText(), { timeout: 5_000 }).toBe('Acknowledged: 1');
    const acknowledged = await api<{ rows: { id: number; processingState: number; acknowledgedBy: string | null }[] }>(
      'GET',
      `/alarm-records?processingState=2`,
    );
    expect(acknowledged.data.rows.map(({ id, processingState, acknowledgedBy }) => ({ id, processingState, acknowledgedBy }))).toEqual([
      { id: alarm.id, processingState: 2, acknowledgedBy: 'admin' },
    ]);
    expect(tabs[0]!.errors).toEqual([]);
  });

  it('flashes for an alarm raised before the page loaded (the first subscription brings the unacknowledged ones), in Chinese', async () => {
    // Close the first alarm (an open one would only count the repeat), then go over the limit again.
    const before = await api<{ rows: { id: number }[] }>('GET', '/alarm-records?processingState=1,2');
    if (before.data.rows.length > 0)
      expect((await api('POST', '/alarm-records/process', { ids: before.data.rows.map((r) => r.id), note: 'checked' })).code).toBe(0);
    await sendKw(450, 1);
    await sendKw(640, 0);
    const open = await api<{ rows: { id: number }[] }>('GET', '/alarm-records?processingState=1');
    expect(open.data.rows).toHaveLength(1);
    const page = await signedIn('zh');
    await page.emulateMedia({ reducedMotion: 'reduce' }); // a steady highlight photographs the same every time
    // No list opened, no reload: the alarms:new snapshot alone makes the bell flash.
    await expect.poll(() => flashing(page), { timeout: 5_000, interval: 20 }).toBe('true');
    await page.getByTestId('alarm-bell').click();
    await page.getByTestId(`alarm-item-${open.data.rows[0]!.id}`).waitFor();
    expect(await page.getByTestId(`alarm-severity-${open.data.rows[0]!.id}`).innerText()).toBe('高');
    expect(await page.getByTestId('alarm-ack-all').innerText()).toBe('全部确认');
    expect(await page.getByTestId('alarm-panel').innerText()).not.toMatch(/annunciation\./);
    await shootPanel(page, 'panel-zh-1366x768');
    await page.setViewportSize({ width: 3840, height: 2160 });
    await page.waitForTimeout(600);
    await shootPanel(page, 'panel-zh-3840x2160');
    await page.getByTestId('navbar').screenshot({ path: `${SHOTS}/navbar-zh-3840x2160.png` });
    expect(tabs[0]!.errors).toEqual([]);
  });
});
