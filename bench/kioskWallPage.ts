// What bench/kioskWall.ts records inside the wall page, and the Chrome DevTools Protocol figures it reads
// beside it. The page scripts are plain JavaScript strings: the bench's TypeScript transform would add
// helpers the page lacks. Page times are performance.now(): milliseconds since navigation start
// (performance.timeOrigin).
import type { CDPSession, Page } from 'playwright-core';

/** Tiles recorded by the init script: first time each showed data-state="live" (and a value, if asked). */
export interface TileRecord {
  /** First tile live (ms since navigation start); null before. */
  first: number | null;
  /** Every expected tile live; null before. */
  all: number | null;
  /** The first animation frame after `all` (the frame that paints the last tile). */
  allFrame: number | null;
  count: number;
  /** [startTime, duration] of every long task (PerformanceObserver 'longtask', buffered). */
  longTasks: [number, number][];
}

/**
 * Installed with addInitScript before the page's own scripts: a MutationObserver on the whole document
 * (attributes data-state, child lists, text) that notes when each `widget-*` tile first shows
 * data-state="live" (with `needValue`, also a non-empty `kpi-value`), and a long-task observer.
 */
export function tileRecorderScript(expected: number, needValue: boolean): string {
  return `(() => {
  const expected = ${JSON.stringify(expected)};
  const needValue = ${JSON.stringify(needValue)};
  const rec = { first: null, all: null, allFrame: null, count: 0, longTasks: [] };
  const seen = new Set();
  Object.defineProperty(window, '__wallTiles', { value: rec, configurable: true });
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) rec.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  let observer = null;
  const check = () => {
    if (rec.all !== null) return;
    const tiles = document.querySelectorAll('[data-testid^="widget-"][data-state="live"]');
    for (const tile of tiles) {
      const id = tile.getAttribute('data-testid');
      if (seen.has(id)) continue;
      if (needValue) {
        const value = tile.querySelector('[data-testid="kpi-value"]');
        if (!value || !value.textContent.trim()) continue;
      }
      const at = performance.now();
      seen.add(id);
      rec.count = seen.size;
      if (rec.first === null) rec.first = at;
      if (rec.count >= expected) {
        rec.all = at;
        requestAnimationFrame(() => { rec.allFrame = performance.now(); });
        if (observer) observer.disconnect();
        return;
      }
    }
  };
  observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'], characterData: true });
})();`;
}

export const readTiles = (page: Page): Promise<TileRecord> => page.evaluate('window.__wallTiles');

/** Starts recording requestAnimationFrame deltas (ms) until stopFrames. */
export const startFrames = (page: Page): Promise<void> =>
  page.evaluate(`(() => {
  const r = { deltas: [], last: 0, on: true };
  window.__wallFrames = r;
  const tick = (t) => { if (!r.on) return; if (r.last) r.deltas.push(t - r.last); r.last = t; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`);

export const stopFrames = (page: Page): Promise<number[]> => page.evaluate(`(() => { const r = window.__wallFrames; r.on = false; return r.deltas; })()`);

/** Main-thread figures from Performance.getMetrics (seconds, cumulative since the page started). */
export interface MainThread {
  timestamp: number;
  task: number;
  script: number;
  layout: number;
  style: number;
}

export async function mainThread(cdp: CDPSession): Promise<MainThread> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
  return {
    timestamp: get('Timestamp'),
    task: get('TaskDuration'),
    script: get('ScriptDuration'),
    layout: get('LayoutDuration'),
    style: get('RecalcStyleDuration'),
  };
}

export interface MemorySample {
  heapUsed: number;
  nodes: number;
  listeners: number;
  documents: number;
  /** Live echarts instances (window.__charts, boards/charts/useEchart.ts); NaN when the build has no counter. */
  charts: number;
  /** three.js geometries / textures of the mounted scenes (window.__scene); 0 when no scene is mounted. */
  geometries: number;
  textures: number;
  renderers: number;
  widgets: number;
  channels: number;
}

/** After a forced GC (twice, so objects freed by finalisers of the first pass go too). */
export async function memorySample(page: Page, cdp: CDPSession): Promise<MemorySample> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const dom = (await cdp.send('Memory.getDOMCounters')) as { documents: number; nodes: number; jsEventListeners: number };
  const page_ = (await page.evaluate(`(() => {
    const k = window.__kiosk, c = window.__charts, s = window.__scene;
    return {
      charts: c ? c.count() : NaN,
      geometries: s ? s.geometries() : 0,
      textures: s ? s.textures() : 0,
      renderers: s ? s.renderers() : 0,
      widgets: k ? k.widgets() : NaN,
      channels: k ? k.channels() : NaN,
    };
  })()`)) as Omit<MemorySample, 'heapUsed' | 'nodes' | 'listeners' | 'documents'>;
  return { heapUsed: heap.usedSize, nodes: dom.nodes, listeners: dom.jsEventListeners, documents: dom.documents, ...page_ };
}

/** Waits until the board `boardId` is on screen and none of its tiles is loading. */
export async function boardReady(page: Page, boardId: number, timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(
    `(() => {
      const board = document.querySelector('[data-testid="board"]');
      if (!board || board.getAttribute('data-board-id') !== ${JSON.stringify(String(boardId))}) return false;
      const tiles = board.querySelectorAll('[data-testid^="widget-"][data-state]');
      return tiles.length > 0 && board.querySelectorAll('[data-state="loading"]').length === 0;
    })()`,
    undefined,
    { timeout: timeoutMs, polling: 50 },
  );
}
