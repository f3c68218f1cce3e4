import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiToken, logIn, openTab, type ConsoleTab } from './helpers/console';
import { bearerHeader, callApi } from './helpers/api';

/**
 * The home page against a fresh server with the simulator off: the only energy is what this test
 * sends through the HTTP ingest endpoint, so every figure on the page can be worked out by hand.
 */
let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab | undefined;
let token: string;
const SHOTS = '/tmp/home-shots';
const MINUTE = 60_000;
/** Readings end 15 minutes before the page loads (the "last reading" it shows). */
const sentAt = Date.now();

/** A fixed-offset zone in which it is about noon now: the readings of the last hour all fall on "today". */
function zoneNearNoon(now: number): string {
  const date = new Date(now);
  const offset = Math.max(-11, Math.min(12, Math.round(12 - date.getUTCHours() - date.getUTCMinutes() / 60)));
  // Etc/GMT names carry the inverted sign: UTC+5 is Etc/GMT-5.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
const TIME_ZONE = zoneNearNoon(sentAt);

const api = <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = bearerHeader(token)) =>
  callApi<T>(server.url, method, `/api${path}`, body, headers);

/** An activated interface key, made the way an integrator gets one. */
async function activatedKey(): Promise<string> {
  const created = await api<{ key: string }>('POST', '/interface-keys', { name: 'home e2e' });
  expect((await api('POST', '/interface-keys/activate', { key: created.data.key })).code).toBe(0);
  return created.data.key;
}

const reading = (meter: string, minutesBefore: number, values: Record<string, number>) => ({ meter, ts: sentAt - minutesBefore * MINUTE, values });

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off', TIME_ZONE });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  token = await apiToken(server.url);

  // The plant incomer sits behind a 40:1 current transformer: its register counts a 40th of the energy.
  const m001 = (await api<{ rows: { id: number }[] }>('GET', '/meters?keyword=M001&size=1')).data.rows[0]!;
  const meter = (await api<Record<string, unknown>>('GET', `/meters/${m001.id}`)).data;
  const { id: _id, online: _online, lastSeenAt: _seen, ...fields } = meter;
  expect((await api('PUT', `/meters/${m001.id}`, { ...fields, ctRatio: 40 })).code).toBe(0);

  const key = await activatedKey();
  const sent = await api<{ accepted: number; rejected: unknown[] }>(
    'POST',
    '/ingest/readings',
    {
      readings: [
        // M001 (CT 40): 1000 → 1005.5 → 1012.5 = 12.5 × 40 = 500 kWh.
        reading('M001', 45, { kwh: 1000 }),
        reading('M001', 30, { kwh: 1005.5 }),
        reading('M001', 15, { kwh: 1012.5 }),
        // M040, the office incomer (CT 1): 50 → 80 = 30 kWh.
        reading('M040', 45, { kwh: 50 }),
        reading('M040', 15, { kwh: 80 }),
        // M011, Line 1 press: 200 → 320.25 = 120.25 kWh; Line 1 is the only leaf department with energy.
        reading('M011', 45, { kwh: 200 }),
        reading('M011', 30, { kwh: 320.25 }),
        // M002, the plant water main: 10 → 13.5 = 3.5 m³.
        reading('M002', 45, { m3: 10 }),
        reading('M002', 30, { m3: 13.5 }),
        // M012 (rated 800 kW) claims 10,000 kWh in 15 minutes: quarantined, not counted.
        reading('M012', 45, { kwh: 0 }),
        reading('M012', 30, { kwh: 10_000 }),
        // No such meter: rejected.
        reading('M999', 30, { kwh: 1 }),
      ],
    },
    { 'x-interface-key': key },
  );
  expect(sent.code).toBe(0);
  expect(sent.data.accepted).toBe(11);
  expect(sent.data.rejected).toHaveLength(1);
});
afterEach(async () => {
  await tab?.context.close();
  tab = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openHome(viewport = { width: 1366, height: 768 }): Promise<Page> {
  tab = await openTab(browser);
  await tab.page.setViewportSize(viewport);
  await tab.page.goto(`${server.url}/dashboard`);
  await logIn(tab.page);
  await tab.page.waitForURL(`${server.url}/dashboard`);
  await tab.page.getByTestId('home-energy-electricity').waitFor();
  return tab.page;
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.replace(/\s+/g, ' ').trim();

/** Visible texts that look like catalogue keys of the home namespaces (a missing translation). */
const rawKeys = (page: Page) => page.evaluate(() => document.body.innerText.match(/\b(home|dashboard)\.[\w.]+/g) ?? []);

/** Pairs of visible home cards whose boxes overlap (text drawn over text). */
const overlaps = (page: Page) =>
  page.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>('[data-testid^="home-"], [data-testid^="alarm-count-"]')]
      .filter((el) => el.closest('.ant-card') === el && el.checkVisibility())
      .map((el) => ({ id: el.dataset.testid ?? '', box: el.getBoundingClientRect() }));
    const hits: string[] = [];
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        if (a.box.left < b.box.right - 1 && b.box.left < a.box.right - 1 && a.box.top < b.box.bottom - 1 && b.box.top < a.box.bottom - 1)
          hits.push(`${a.id} × ${b.id}`);
    return hits;
  });

describe('home page against the real server', () => {
  it("shows today's hand-computed energy, the meters online and the data checks", async () => {
    const page = await openHome();
    // Site electricity = the two top-level departments' incomers: 500 + 30 kWh.
    expect(await text(page, 'home-electricity-today')).toBe('Today530kWh');
    expect(await text(page, 'home-electricity-today-previous')).toBe('Yesterday 0 kWh');
    expect(await text(page, 'home-electricity-today-change')).toBe('nothing to compare');
    // Everything measured is from today, so this month holds the same.
    expect(await text(page, 'home-electricity-month')).toBe('This month530kWh');
    expect(await text(page, 'home-water-today')).toBe('Today3.5m³');
    expect(await text(page, 'home-gas-today')).toBe('Today0m³');
    expect(await text(page, 'home-top-departments')).toBe('Top departments today1Line 1120.25 kWh');
    // M001, M002, M011, M012 and M040 reported; 30 demo meters in all.
    expect(await text(page, 'home-meters-online')).toBe('Meters online5of 30');
    expect(await text(page, 'home-meters-offline')).toBe('Meters offline25');
    expect(await text(page, 'home-pending-quarantine')).toBe('Readings to check1Review');
    expect(await text(page, 'home-rejected-last-day')).toBe('Readings rejected (24 h)1');
    expect(await text(page, 'home-last-reading')).toBe('Last reading 15 min ago');
    expect(await text(page, 'home-time-zone')).toBe(`Days and months counted in ${TIME_ZONE}`);
    // The chart's code loads after the figures: wait for its canvas rather than count it at once.
    await page.locator('[data-testid="home-hourly"] canvas').first().waitFor();
    expect(await rawKeys(page)).toEqual([]);
    expect(await overlaps(page)).toEqual([]);
    await page.waitForTimeout(600); // the bars grow in
    await page.screenshot({ path: `${SHOTS}/home-1366.png`, fullPage: true });

    await page.getByTestId('home-review-quarantine').click();
    await page.waitForURL(`${server.url}/base/check`);
    expect(tab!.errors).toEqual([]);
  });

  it('draws the hours of today with the electricity of the intervals the readings cover', async () => {
    const page = await openHome();
    const summary = (await api<{ todayByHour: { energy: number }[] }>('GET', '/energy/summary')).data;
    const bars = summary.todayByHour.map((hour) => hour.energy);
    // One bar per local hour since midnight, adding up to the day's electricity.
    expect(bars.length).toBe(new Date(Date.now() + offsetHours(TIME_ZONE) * 3_600_000).getUTCHours() + 1);
    expect(Math.round(bars.reduce((a, b) => a + b, 0) * 100) / 100).toBe(530);
    // The chart draws them: its x axis has one label per hour, ending with the current one.
    const axis = await page.getByTestId('home-hourly').getByRole('img').getAttribute('aria-label');
    expect(axis).toBe("Bar chart of today's electricity by hour");
    expect(tab!.errors).toEqual([]);
  });

  it('stays readable on a 4K wall screen', async () => {
    const page = await openHome({ width: 3840, height: 2160 });
    expect(await overlaps(page)).toEqual([]);
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/home-3840.png` });
    expect(tab!.errors).toEqual([]);
  });

  it('refreshes the figures within 30 s of new readings', { timeout: 90_000 }, async () => {
    const page = await openHome();
    expect(await text(page, 'home-electricity-today')).toBe('Today530kWh');
    const key = await activatedKey();
    // M001 1012.5 → 1020 = 7.5 × 40 = 300 kWh more.
    const sent = await api<{ accepted: number }>(
      'POST',
      '/ingest/readings',
      { readings: [{ meter: 'M001', ts: Date.now() - MINUTE, values: { kwh: 1020 } }] },
      { 'x-interface-key': key },
    );
    expect(sent.data.accepted).toBe(1);
    await page.getByTestId('home-electricity-today').filter({ hasText: '830' }).waitFor({ timeout: 35_000 });
    expect(await text(page, 'home-electricity-today')).toBe('Today830kWh');
    expect(await text(page, 'home-last-reading')).toBe('Last reading 1 min ago');
  });

  // Last: it raises the plant incomer's rating to send a month's worth of energy at once (the tests above read 830).
  it('keeps every figure and its unit on one line at 1366, a seven-digit figure too', async () => {
    const m001 = (await api<{ rows: { id: number }[] }>('GET', '/meters?keyword=M001&size=1')).data.rows[0]!;
    const meter = (await api<Record<string, unknown>>('GET', `/meters/${m001.id}`)).data;
    const { id: _id, online: _online, lastSeenAt: _seen, ...fields } = meter;
    expect((await api('PUT', `/meters/${m001.id}`, { ...fields, ratedPowerKw: 100_000_000 })).code).toBe(0);
    const key = await activatedKey();
    // M001 1020 → 31,884.1975 = 30,864.1975 × 40 = 1,234,567.9 kWh more: 1,235,397.9 kWh today.
    const sent = await api<{ accepted: number }>(
      'POST',
      '/ingest/readings',
      { readings: [{ meter: 'M001', ts: Date.now() - MINUTE / 2, values: { kwh: 31_884.1975 } }] },
      { 'x-interface-key': key },
    );
    expect(sent.data.accepted).toBe(1);
    const page = await openHome();
    expect(await text(page, 'home-electricity-today')).toBe('Today1,235,397.9kWh');
    const lines = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid^="home-"][class*="ant-statistic"]')].map((statistic) => {
        const value = statistic.querySelector('.ant-statistic-content-value')!.getBoundingClientRect();
        const unit = statistic.querySelector('.ant-statistic-content-suffix')?.getBoundingClientRect();
        const period = statistic.parentElement!.getBoundingClientRect();
        const middle = (box: DOMRect) => box.top + box.height / 2;
        return {
          id: statistic.dataset.testid,
          // Beside the figure, on its line, and inside the period's column.
          oneLine: !unit || (Math.abs(middle(unit) - middle(value)) < 4 && unit.left >= value.right - 1),
          inside: (unit ?? value).right <= period.right + 1,
        };
      }),
    );
    expect(lines.filter((line) => line.id?.startsWith('home-electricity')).length).toBe(2);
    expect(lines.filter((line) => !line.oneLine || !line.inside)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/home-1366-long-figure.png` });
  });
});

/** UTC offset in hours of an Etc/GMT zone name (inverted sign). */
function offsetHours(zone: string): number {
  const match = /^Etc\/GMT([+-]\d+)?$/.exec(zone);
  return match?.[1] ? -Number(match[1]) : 0;
}
