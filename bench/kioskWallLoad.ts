// Part 3 of the kiosk bench: 50 widgets × 1 Hz on one wall. The feeder (kioskWallSetup.ts) sends one
// reading per meter per second over the HTTP ingest for the whole run; the server pushes each meter's
// `meter:<id>:latest` to the wall once a second. After the warm-up, over the window: main-thread busy share
// (Performance.getMetrics TaskDuration delta / wall time), long tasks (PerformanceObserver 'longtask'),
// requestAnimationFrame deltas, and the CPU of Chromium's processes. Optionally a CPU profile of the window.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { summarize } from './stats';
import { boardReady, mainThread, readTiles, startFrames, stopFrames, tileRecorderScript } from './kioskWallPage';
import { startFeeder, type WallWorld } from './kioskWallSetup';
import { descendantsCpu } from './processTreeCpu';
import { rendererMainThreadCpu } from './kioskWallProc';

export interface LoadFigures {
  size: { width: number; height: number };
  windowS: number;
  busy: number;
  /** CPU time of the page's renderer main thread / wall time (not inflated by waiting for a core). */
  mainThreadCpu: number;
  script: number;
  layout: number;
  style: number;
  /** Long tasks after every tile was live, and inside the window. */
  longTasksAfterLoad: [number, number][];
  longTasksInWindow: [number, number][];
  /** All tiles live, ms after navigation start. */
  allLive: number | null;
  frames: ReturnType<typeof summarize>;
  /** Frames slower than 2 × 16.7 ms in the window. */
  slowFrames: number;
  /** Chromium (all its processes) in cores over the window. */
  browserCores: number;
  fed: { sent: number; failed: number; seconds: number };
  /** meter:<id>:latest deltas the page received in the window, per second (should be ~50). */
  deltasPerS: number;
  states: Record<string, number>;
  errors: string[];
  profile?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function loadRun(
  browser: Browser,
  world: WallWorld,
  options: {
    link: string;
    boardId: number;
    size: { width: number; height: number };
    runS: number;
    warmUpS: number;
    windowS: number;
    serverPid: number;
    profileDir?: string;
  },
): Promise<LoadFigures> {
  const context = await browser.newContext({ viewport: options.size, deviceScaleFactor: 1 });
  const feeder = startFeeder(world, options.runS);
  let fed: LoadFigures['fed'] | undefined;
  try {
    await context.addInitScript({ content: tileRecorderScript(50, false) });
    // Counts meter deltas as the socket delivers them (socket.io's browser build parses frames off the
    // WebSocket; counting the frames is enough here and touches nothing of the app).
    await context.addInitScript({
      content: `(() => {
  const count = { deltas: 0 };
  window.__wallDeltas = count;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => { if (typeof event.data === 'string' && event.data.startsWith('42["channel:data",{"channel":"meter:')) count.deltas++; });
    }
  };
})();`,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    const started = Date.now();
    await page.goto(options.link);
    await boardReady(page, options.boardId);
    await page.waitForFunction('window.__wallTiles.all !== null', undefined, { timeout: 20_000, polling: 100 });
    const warmLeft = options.warmUpS * 1000 - (Date.now() - started);
    if (warmLeft > 0) await sleep(warmLeft);

    const before = await mainThread(cdp);
    const pageBefore = (await page.evaluate('performance.now()')) as number;
    const deltasBefore = (await page.evaluate('window.__wallDeltas.deltas')) as number;
    const cpu = descendantsCpu(() => [options.serverPid]);
    const mainCpu = rendererMainThreadCpu();
    if (options.profileDir) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    await startFrames(page);
    await sleep(options.windowS * 1000);
    const deltas = await stopFrames(page);
    const browserSeconds = cpu();
    const mainSeconds = mainCpu();
    const after = await mainThread(cdp);
    const pageAfter = (await page.evaluate('performance.now()')) as number;
    const deltasAfter = (await page.evaluate('window.__wallDeltas.deltas')) as number;
    let profile: string | undefined;
    if (options.profileDir) {
      const { profile: data } = (await cdp.send('Profiler.stop')) as { profile: unknown };
      profile = join(options.profileDir, `kiosk-wall-${options.size.width}x${options.size.height}.cpuprofile`);
      writeFileSync(profile, JSON.stringify(data));
    }
    const tiles = await readTiles(page);
    const states = (await page.evaluate(`(() => {
      const out = {};
      for (const t of document.querySelectorAll('[data-testid^="widget-"][data-state]')) { const s = t.getAttribute('data-state'); out[s] = (out[s] || 0) + 1; }
      return out;
    })()`)) as Record<string, number>;
    fed = await feeder.stop();
    const wall = after.timestamp - before.timestamp;
    const sorted = summarize(deltas);
    const allLive = tiles.all;
    return {
      size: options.size,
      windowS: wall,
      busy: (after.task - before.task) / wall,
      mainThreadCpu: mainSeconds / ((pageAfter - pageBefore) / 1000),
      script: (after.script - before.script) / wall,
      layout: (after.layout - before.layout) / wall,
      style: (after.style - before.style) / wall,
      longTasksAfterLoad: tiles.longTasks.filter(([start]) => allLive !== null && start >= allLive),
      longTasksInWindow: tiles.longTasks.filter(([start]) => start >= pageBefore && start <= pageAfter),
      allLive,
      frames: sorted,
      slowFrames: deltas.filter((d) => d > 33.4).length,
      browserCores: browserSeconds / ((pageAfter - pageBefore) / 1000),
      fed,
      deltasPerS: (deltasAfter - deltasBefore) / ((pageAfter - pageBefore) / 1000),
      states,
      errors,
      ...(profile ? { profile } : {}),
    };
  } finally {
    if (!fed) await feeder.stop();
    await context.close();
  }
}
