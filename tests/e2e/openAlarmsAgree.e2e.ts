import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchErrors } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiToken, logIn } from './helpers/console';
import { activeInterfaceKey, bearerHeader, callApi } from './helpers/api';
import { menuBadge, tickerRowCount, wallOpenCount } from './helpers/alarmReadouts';

/**
 * Issue 19 "one meaning of open alarm": processing states 1 and 2 are open everywhere. With one alarm
 * acknowledged before the wall is opened, the alarm wall's counter, its ticker, /visualization's "In alarm"
 * and the console's /alerts badge all say 1 (the server's alarms:open snapshot, one shared AlarmStore);
 * processing it brings all four to 0 without a reload.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let token: string;
let interfaceKey: string;
let wallId: number;
const errorLists: string[][] = [];
const SHOTS = '/tmp/shots-b2';

const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(server.url, method, `/api${path}`, body, bearerHeader(token));

async function meterId(code: string): Promise<number> {
  const rows = (await api<{ rows: { id: number; code: string }[] }>('GET', `/meters?keyword=${code}&size=5`)).data.rows;
  return rows.find((row) => row.code === code)!.id;
}

async function sendKw(meter: string, kw: number): Promise<void> {
  const sent = await callApi<{ accepted: number }>(
    server.url,
    'POST',
    '/api/ingest/readings',
    { readings: [{ meter, ts: Date.now() - 60_000, values: { kw } }] },
    { 'x-interface-key': interfaceKey },
  );
  expect(sent.data.accepted).toBe(1);
}

const openAlarms = async () =>
  (await api<{ rows: { id: number; processingState: number; subject: { code: string } }[] }>('GET', '/alarm-records?processingState=1,2&size=100')).data.rows;

async function processAll(): Promise<void> {
  const ids = (await openAlarms()).map((row) => row.id);
  if (ids.length > 0) expect((await api('POST', '/alarm-records/process', { ids, note: 'e2e baseline' })).code).toBe(0);
}

async function newPage(): Promise<Page> {
  const page = await context.newPage();
  errorLists.push(watchErrors(page));
  return page;
}

const inAlarm = async (scene: Page) => /In alarm (\d+)/.exec(await scene.getByTestId('scene-summary').innerText())?.[1];

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off' });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  token = await apiToken(server.url);
  for (const code of ['M011', 'M012']) {
    const rule = await api('POST', '/alarm-rules', {
      name: `${code} over 500 kW`,
      scope: 'meter',
      scopeId: await meterId(code),
      metric: 'kw',
      over: 500,
      severity: 'high',
    });
    expect(rule.code).toBe(0);
  }
  interfaceKey = await activeInterfaceKey(server.url, token, 'open alarms e2e');
  const boards = (await api<{ id: number; name: string }[]>('GET', '/boards')).data;
  // The alarm wall sample board (/dash/2 in a fresh demo), found by name so a reordered seed does not matter.
  wallId = boards.find((board) => board.name === 'Alarm wall')!.id;
  context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('one meaning of "open alarm" on the wall, the 3D view and the console', () => {
  it('an acknowledged alarm counts as open everywhere, is listed as acknowledged, and leaves everywhere when processed', async () => {
    await processAll(); // whatever the demo seed left open: the test counts from 0
    const consolePage = await newPage();
    await consolePage.goto(`${server.url}/dashboard`);
    await logIn(consolePage);
    await consolePage.waitForURL(`${server.url}/dashboard`);

    await sendKw('M011', 612.5);
    await expect.poll(async () => (await openAlarms()).length, { timeout: 5_000 }).toBe(1);
    const [alarm] = await openAlarms();
    expect((await api<{ changed: number[] }>('POST', '/alarm-records/acknowledge', { ids: [alarm!.id], note: 'on it' })).data.changed).toEqual([alarm!.id]);

    // Both opened after the acknowledgement: what they show comes from the subscribe snapshot.
    const wall = await newPage();
    await wall.goto(`${server.url}/dash/${wallId}`);
    const scene = await newPage();
    await scene.goto(`${server.url}/visualization`);

    await expect.poll(() => wallOpenCount(wall), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => tickerRowCount(wall), { timeout: 5_000 }).toBe(1);
    const row = wall.getByTestId(`ticker-alarm-${alarm!.id}`);
    expect(await row.getAttribute('data-state')).toBe('acknowledged');
    expect(await row.getByTestId('ticker-acknowledged').innerText()).toBe('Acknowledged');
    expect(await wall.getByTestId('ticker-empty').count()).toBe(0);
    await expect.poll(() => inAlarm(scene), { timeout: 10_000 }).toBe('1');
    await expect.poll(() => menuBadge(consolePage), { timeout: 5_000 }).toBe(1);

    // One new beside the acknowledged one, for the photograph: the counter and the ticker say 2.
    await sendKw('M012', 640);
    await expect.poll(() => wallOpenCount(wall), { timeout: 5_000 }).toBe(2);
    await expect.poll(() => tickerRowCount(wall), { timeout: 5_000 }).toBe(2);
    await expect.poll(() => inAlarm(scene), { timeout: 5_000 }).toBe('2');
    await wall.waitForTimeout(1_000); // charts and the mimic settle
    await wall.screenshot({ path: `${SHOTS}/alarm-wall-1920x1080-new-and-acknowledged.png` });
    await scene.screenshot({ path: `${SHOTS}/visualization-1920x1080-in-alarm-2.png` });

    const second = (await openAlarms()).find((row) => row.subject.code === 'M012')!;
    expect((await api('POST', '/alarm-records/process', { ids: [second.id], note: 'checked' })).code).toBe(0);
    await expect.poll(() => wallOpenCount(wall), { timeout: 5_000 }).toBe(1);
    await expect.poll(() => menuBadge(consolePage), { timeout: 5_000 }).toBe(1);

    // Processing the acknowledged one: all four say 0, without a reload.
    expect((await api('POST', '/alarm-records/process', { ids: [alarm!.id], note: 'press checked' })).code).toBe(0);
    await expect.poll(() => wallOpenCount(wall), { timeout: 5_000 }).toBe(0);
    await expect.poll(() => tickerRowCount(wall), { timeout: 5_000 }).toBe(0);
    expect(await wall.getByTestId('ticker-empty').innerText()).toBe('No open alarms');
    await expect.poll(() => inAlarm(scene), { timeout: 5_000 }).toBe('0');
    await expect.poll(() => menuBadge(consolePage), { timeout: 5_000 }).toBe(0);
    expect(errorLists.flat()).toEqual([]);
  });
});
