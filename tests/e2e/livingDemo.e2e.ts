import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchErrors } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { DEMO_COMPRESSOR_METER } from '@server/simulator/demoScenario';
import { apiToken, logIn } from './helpers/console';
import { bearerHeader, callApi } from './helpers/api';
import { menuBadge, tickerRowCount, wallOpenCount } from './helpers/alarmReadouts';

/**
 * A fresh start with the living demo, nothing done by hand: the seeded "Compressor overload" rule and the
 * simulator's first overload (phased from its start) raise the first alarm by themselves. It reaches the alarm
 * wall's counter and ticker and the console's /alerts badge with one count more than the site started with:
 * the one reminder the demo opens at start, M022's overdue calibration (Settlement › Check and repair).
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let token: string;
const errorLists: string[][] = [];
const SHOTS = '/tmp/living-demo-shots';

const api = <T>(method: string, path: string) => callApi<T>(server.url, method, `/api${path}`, undefined, bearerHeader(token));
const openAlarms = async () =>
  (await api<{ rows: { id: number; kind: string; message: string; subject: { code: string } }[] }>('GET', '/alarm-records?processingState=1,2&size=100')).data
    .rows;

async function newPage(): Promise<Page> {
  const page = await context.newPage();
  errorLists.push(watchErrors(page));
  return page;
}

beforeAll(async () => {
  // A short publish interval: the scenario runs on wall-clock time, the interval only sets how often it is sampled.
  server = await startServer({ SIMULATOR: 'on', SIMULATOR_BACKFILL_DAYS: '1', SIMULATOR_INTERVAL_MS: '2000' });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  token = await apiToken(server.url);
  context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('the living demo after a fresh start', () => {
  it('raises its first alarm by itself and the wall counter, the ticker and the console badge agree on it', { timeout: 240_000 }, async () => {
    // The backfilled history holds only closed alarms: a fresh site starts with one open, the overdue-check reminder
    // the demo raises once its backfill is in.
    await expect.poll(async () => (await openAlarms()).length, { timeout: 60_000, interval: 500 }).toBe(1);
    const [reminder] = await openAlarms();
    expect([reminder!.kind, reminder!.subject.code, reminder!.message.startsWith('Check overdue: M022 calibration was due')]).toEqual(['device', 'M022', true]);
    const boards = (await api<{ id: number; name: string }[]>('GET', '/boards')).data;
    const wallId = boards.find((board) => board.name === 'Alarm wall')!.id;

    const consolePage = await newPage();
    await consolePage.goto(`${server.url}/dashboard`);
    await logIn(consolePage);
    await consolePage.waitForURL(`${server.url}/dashboard`);
    const wall = await newPage();
    await wall.goto(`${server.url}/dash/${wallId}`);
    await wall.getByTestId('counter-total').waitFor();
    await expect.poll(() => wallOpenCount(wall), { timeout: 5_000 }).toBe(1);

    // The compressor overloads 30 s after the simulator starts; the rule waits 60 s before it raises.
    await expect.poll(async () => (await openAlarms()).length, { timeout: 180_000, interval: 1_000 }).toBe(2);
    const first = (await openAlarms()).find((alarm) => alarm.id !== reminder!.id)!;
    expect([first.kind, first.subject.code]).toEqual(['device', DEMO_COMPRESSOR_METER]);

    await expect.poll(() => wallOpenCount(wall), { timeout: 5_000 }).toBe(2);
    await expect.poll(() => tickerRowCount(wall), { timeout: 5_000 }).toBe(2);
    expect(await wall.getByTestId(`ticker-alarm-${first.id}`).innerText()).toContain('Compressor');
    await expect.poll(() => menuBadge(consolePage), { timeout: 5_000 }).toBe(2);
    await wall.screenshot({ path: `${SHOTS}/alarm-wall-first-alarm-1920x1080.png` });
    await consolePage.screenshot({ path: `${SHOTS}/console-first-alarm-1366.png` });
    expect(errorLists.flat()).toEqual([]);
  });
});
