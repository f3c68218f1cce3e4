import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiData } from './helpers/api';
import { apiToken } from './helpers/console';
import { createDisplay, meterId, openWall, type WallTab } from './helpers/kiosk';

/**
 * Issue 19, "live trends start with history": the control-room wall (/dash/1, the seeded sample) on a
 * server whose simulator has filled a day of readings draws the whole window of its "Production lines"
 * trend and of its KPI sparklines within 5 s of load, not an empty axis that fills over 30 minutes.
 */
let server: RunningServer;
let browser: Browser;
let token: string;
const SHOTS = '/tmp/shots-b1';
const TREND_METERS = ['M011', 'M012', 'M014', 'M015', 'M021'];
const KPIS = ['press', 'oven', 'chiller', 'compressor', 'ups'];

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'on', SIMULATOR_BACKFILL_DAYS: '1' });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  token = await apiToken(server.url);
  // The backfill runs after the server answers: wait until every trend meter has readings from half an hour ago…
  const ids = await Promise.all(TREND_METERS.map((code) => meterId(server.url, token, code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const now = Date.now();
    const counts = await Promise.all(
      ids.map((id) =>
        apiData<{ total: number }>(server.url, token, 'GET', `/api/meter-data/series?meterId=${id}&metric=kw&from=${now - 50 * 60_000}&to=${now - 20 * 60_000}`)
          .then((series) => series.total)
          .catch(() => 0),
      ),
    );
    // …and a reading from the last minute (the first live tick): the backfill steps 15 minutes, so the KPIs could be grey before it.
    const live = await apiData<{ total: number }>(server.url, token, 'GET', `/api/meter-data/series?meterId=${ids[0]}&metric=kw&from=${now - 60_000}&to=${now}`)
      .then((series) => series.total)
      .catch(() => 0);
    if (counts.every((count) => count > 0) && live > 0) break;
    if (Date.now() > deadline)
      throw new Error(`the simulator's backfill and first tick did not reach the trend meters within 60 s: ${counts.join(', ')}, live ${live}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Per trend line: the share of the plot's width its path covers (the plot is where the value grid lines run). */
function trendCoverage(page: Page): Promise<{ series: string; share: number }[]> {
  return page.evaluate(() => {
    const svg = document.querySelector('[data-testid="widget-trend"] svg[data-testid="live-trend"]');
    if (!svg) return [];
    const grid = [...svg.querySelectorAll('line')].map((line) => [Number(line.getAttribute('x1')), Number(line.getAttribute('x2'))]);
    const left = Math.min(...grid.map(([x1]) => x1!));
    const right = Math.max(...grid.map(([, x2]) => x2!));
    return [...svg.querySelectorAll<SVGPathElement>('path[data-series]')].map((path) => {
      const box = path.getBBox();
      return { series: path.getAttribute('data-series')!, share: (Math.min(box.x + box.width, right) - Math.max(box.x, left)) / (right - left) };
    });
  });
}

/** Per KPI tile: the share of the sparkline's width its polyline covers. */
function sparklineCoverage(page: Page, ids: readonly string[]): Promise<number[]> {
  return page.evaluate(
    (tiles) =>
      tiles.map((id) => {
        const svg = document.querySelector(`[data-testid="widget-${id}"] [data-testid="kpi"] svg`);
        const xs = (svg?.querySelector('polyline')?.getAttribute('points') ?? '')
          .split(' ')
          .filter(Boolean)
          .map((pair) => Number(pair.split(',')[0]));
        return svg && xs.length > 1 ? (Math.max(...xs) - Math.min(...xs)) / Number(svg.getAttribute('width')) : 0;
      }),
    [...ids],
  );
}

describe('the control-room wall starts with history', () => {
  const sizes = [
    { width: 1920, height: 1080 },
    { width: 3840, height: 2160 },
  ];
  it.each(sizes)('at $width×$height the trend and the sparklines span their whole window within 5 s of load', async (size) => {
    const display = await createDisplay(server.url, token, `Control room ${size.width}`, { kind: 'boards', boardIds: [1] });
    const wall: WallTab = await openWall(browser, size);
    try {
      await wall.page.goto(display.link);
      const loaded = Date.now();
      await expect
        .poll(async () => (await trendCoverage(wall.page)).filter((line) => line.share >= 0.8).length, { timeout: 5_000, interval: 50 })
        .toBe(TREND_METERS.length);
      await expect.poll(async () => (await sparklineCoverage(wall.page, KPIS)).every((share) => share >= 0.8), { timeout: 5_000, interval: 50 }).toBe(true);
      const took = Date.now() - loaded;
      await wall.page.screenshot({ path: join(SHOTS, `control-room-${size.width}x${size.height}.png`) });
      console.log(`${size.width}×${size.height}: trend and sparklines full ${took} ms after load`, await trendCoverage(wall.page));
      expect(took).toBeLessThan(5_000);
      // Every tile with data is live (none grey), the trend among them.
      expect(await wall.page.locator('[data-testid="widget-trend"][data-state="live"]').count()).toBe(1);
      expect(await wall.page.locator('[data-testid="board"] [data-state="stale"]').count()).toBe(0);
      expect(wall.errors).toEqual([]);
    } finally {
      await wall.context.close();
    }
  });
});
