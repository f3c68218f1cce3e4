// Part 2 of the kiosk bench: navigation start → first live value on screen. A board of KPI tiles bound to
// meters that already have a reading; the recorder (kioskWallPage.ts, installed before the page's scripts)
// notes when the first and the last tile show data-state="live" with a figure. One warm-up visit with
// ?access_token= (the wall stores its display token and the browser caches the hashed assets, as on a
// real wall), then `runs` visits of the bare /dash/<id> address in the same context.
import type { Browser } from 'playwright-core';
import { readTiles, tileRecorderScript, type TileRecord } from './kioskWallPage';

export interface FirstLiveRun extends TileRecord {
  /** Milestones (ms since navigation start): HTML received, last script received, kiosk session and board answered. */
  html: number;
  scripts: number;
  session: number;
  board: number;
}

export async function firstLiveRuns(
  browser: Browser,
  options: { url: string; link: string; boardId: number; tiles: number; runs: number },
): Promise<{ warmUp: FirstLiveRun; runs: FirstLiveRun[]; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    await context.addInitScript({ content: tileRecorderScript(options.tiles, true) });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const visit = async (address: string): Promise<FirstLiveRun> => {
      await page.goto(address);
      await page.waitForFunction('window.__wallTiles && window.__wallTiles.allFrame !== null', undefined, { timeout: 20_000, polling: 50 });
      const tiles = await readTiles(page);
      const milestones = (await page.evaluate(`(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const resources = performance.getEntriesByType('resource');
        const end = (test) => resources.filter((e) => test(new URL(e.name).pathname)).reduce((m, e) => (Number.isNaN(m) ? e.responseEnd : Math.max(m, e.responseEnd)), NaN);
        return {
          html: nav ? nav.responseEnd : NaN,
          scripts: end((p) => p.endsWith('.js')),
          session: end((p) => p === '/api/kiosk/session'),
          board: end((p) => p === '/api/boards/${options.boardId}'),
        };
      })()`)) as Pick<FirstLiveRun, 'html' | 'scripts' | 'session' | 'board'>;
      return { ...tiles, ...milestones };
    };
    const warmUp = await visit(options.link);
    const stored = await page.evaluate(`localStorage.getItem('energy-kiosk.display-token') !== null`);
    if (!stored) throw new Error('the wall did not store its display token on the first visit');
    const runs: FirstLiveRun[] = [];
    for (let i = 0; i < options.runs; i++) runs.push(await visit(`${options.url}/dash/${options.boardId}`));
    return { warmUp, runs, errors };
  } finally {
    await context.close();
  }
}
