// Part 4 of the kiosk bench: a clock-accelerated week on one wall. The 50-widget board's 50 meter channels
// get one delta per simulated minute (ts advancing one minute each, 1,440 a day), one simulated minute per
// animation frame, pushed into the page's live socket with window.__kiosk.inject (the socket's own
// `channel:data` listeners: the same path as a delta off the network, after socket.io's parser). Spread
// over the week: reconnects through the real socket (window.__kiosk.reconnect: drop, reopen, resolved once
// the server acknowledged every channel again) and board switches through the console's remote switch
// (POST /api/displays/:id/show → display:self), away to the control-room or 3D sample and back. Heap (after
// two forced GCs), DOM nodes, listeners, echarts instances and three.js resources are sampled at day 0
// (after a warm-up that visits every board once) and after each simulated day, always on the 50-widget board.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { boardReady, memorySample, type MemorySample } from './kioskWallPage';
import { showOnDisplay, type WallWorld } from './kioskWallSetup';

export const MINUTES_PER_DAY = 1_440;
/** Simulated minutes on the wall after an excursion before a day's sample (KPI trends look 15 minutes back). */
const SETTLE_MINUTES = 60;

export interface MemoryOptions {
  link: string;
  displayId: number;
  wallBoardId: number;
  /** Boards visited on excursions, alternately. */
  awayBoardIds: number[];
  /** The 3D board among them: its three.js and echarts counts are read at its first and last visit. */
  plantBoardId: number;
  days: number;
  reconnects: number;
  /** Board switches (each excursion is two: away and back). */
  switches: number;
  warmUpMinutes: number;
  /** Simulated minutes per animation frame. */
  minutesPerFrame: number;
  /** How long an excursion stays on the other board once it is ready. */
  dwellMs: number;
  /** Epoch ms: past it the week stops at the next segment, settles and takes a last (partial-day) sample. */
  deadline: number;
}

export interface DaySample extends MemorySample {
  day: number;
  /** Wall time since the week started (s). */
  atS: number;
}

export interface PlantSample {
  geometries: number;
  textures: number;
  renderers: number;
  charts: number;
}

export interface MemoryFigures {
  samples: DaySample[];
  /** three.js and echarts on the 3D board at its first and last visit (window.__scene, window.__charts). */
  plantFirst?: PlantSample;
  plantLast?: PlantSample;
  plantVisits: PlantSample[];
  injected: number;
  frames: number;
  reconnectMs: number[];
  /** Reconnects not resubscribed within 10 s. */
  reconnectFailures: number;
  switchMs: number[];
  switchesDone: number;
  weekS: number;
  /** The time budget ran out before the last day. */
  stoppedEarly: boolean;
  errors: string[];
  missing: string[];
}

/**
 * Runs simulated minutes [from, to) in the page, `perFrame` of them per animation frame (each minute one
 * delta per channel, in time order; the telemetry store applies the newest of a frame, as it does with real
 * traffic). A reconnect due at a minute is awaited there (no deltas meanwhile, as on a real wall): both
 * compete for the same main thread, so overlapping them only made each slower.
 */
const DRIVER = `async ({ channels, from, to, perFrame, t0, reconnectAt }) => {
  const k = window.__kiosk;
  const due = new Set(reconnectAt);
  const reconnectMs = [];
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  let injected = 0;
  let frames = 0;
  for (let start = from; start < to; start += perFrame) {
    await nextFrame();
    frames++;
    for (let m = start; m < Math.min(to, start + perFrame); m++) {
      if (due.has(m)) reconnectMs.push(await k.reconnect().catch(() => -1));
      const ts = t0 + m * 60000;
      for (let i = 0; i < channels.length; i++) {
        const [channel, meterId] = channels[i];
        if (k.inject(channel, { meterId, ts, values: { kw: Math.round((120 + i * 5 + 80 * Math.sin(m / 30 + i)) * 100) / 100 } })) injected++;
      }
    }
  }
  await nextFrame();
  await nextFrame();
  return { injected, frames, reconnectMs };
}`;

interface DriverResult {
  injected: number;
  frames: number;
  reconnectMs: number[];
}

/** Evenly spread event minutes: k × total / count for k = 1 … count (strictly inside the run where possible). */
function spread(count: number, total: number, offset = 0): number[] {
  return Array.from({ length: count }, (_, k) => Math.min(total - 1, Math.floor(((k + 0.5) * total) / count) + offset));
}

/** Until the scene's geometry and texture counts hold still for 600 ms (labels are drawn as data arrive), at most 6 s. */
async function steadyScene(page: Page): Promise<void> {
  const deadline = Date.now() + 6_000;
  let last = '';
  let since = Date.now();
  while (Date.now() < deadline) {
    const now = JSON.stringify(await plantSample(page));
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= 600) return;
    await page.waitForTimeout(100);
  }
}

async function plantSample(page: Page): Promise<PlantSample> {
  return (await page.evaluate(`(() => {
    const s = window.__scene, c = window.__charts;
    return { geometries: s ? s.geometries() : 0, textures: s ? s.textures() : 0, renderers: s ? s.renderers() : 0, charts: c ? c.count() : NaN };
  })()`)) as PlantSample;
}

export async function memoryWeek(browser: Browser, world: WallWorld, options: MemoryOptions, progress: (line: string) => void): Promise<MemoryFigures> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp: CDPSession = await context.newCDPSession(page);
    await page.goto(options.link);
    await boardReady(page, options.wallBoardId);
    const missing = (await page.evaluate(`(() => {
      const k = window.__kiosk || {};
      return ['inject', 'reconnect'].filter((name) => typeof k[name] !== 'function').concat(window.__charts ? [] : ['__charts']);
    })()`)) as string[];
    const figures: MemoryFigures = {
      samples: [],
      injected: 0,
      frames: 0,
      reconnectMs: [],
      reconnectFailures: 0,
      plantVisits: [],
      switchMs: [],
      switchesDone: 0,
      weekS: 0,
      stoppedEarly: false,
      errors,
      missing,
    };
    if (missing.includes('inject') || missing.includes('reconnect')) return figures;

    const channels = world.meters.slice(0, 50).map((m) => [`meter:${m.id}:latest`, m.id] as const);
    // Simulated time starts an hour ahead of the real readings, so every injected delta is the newest.
    const t0 = Date.now() + 3_600_000;
    let minute = 0;
    let away = 0;
    const run = async (from: number, to: number, reconnectAt: number[]) => {
      const result = (await page.evaluate(
        `(${DRIVER})(${JSON.stringify({ channels, from, to, perFrame: options.minutesPerFrame, t0, reconnectAt })})`,
      )) as DriverResult;
      figures.injected += result.injected;
      figures.frames += result.frames;
      figures.reconnectMs.push(...result.reconnectMs.filter((ms) => ms >= 0));
      figures.reconnectFailures += result.reconnectMs.filter((ms) => ms < 0).length;
    };
    const show = async (boardId: number) => {
      const started = Date.now();
      await showOnDisplay(world, options.displayId, boardId);
      await boardReady(page, boardId);
      figures.switchMs.push(Date.now() - started);
      figures.switchesDone++;
    };
    const excursion = async () => {
      const boardId = options.awayBoardIds[away++ % options.awayBoardIds.length]!;
      await show(boardId);
      await page.waitForTimeout(options.dwellMs);
      if (boardId === options.plantBoardId) {
        // The scene uploads its geometries a few frames after the tile is ready.
        await page.waitForFunction('window.__scene && window.__scene.geometries() > 0', undefined, { timeout: 10_000, polling: 50 }).catch(() => undefined);
        await steadyScene(page);
        const sample = await plantSample(page);
        figures.plantFirst ??= sample;
        figures.plantLast = sample;
        figures.plantVisits.push(sample);
      }
      await show(options.wallBoardId);
    };

    // Warm-up: two reconnects and every other board once (their code and caches load now, not inside day 1),
    // then simulated minutes on the wall until its tiles are in their steady state (sparklines, trend arrows).
    await run(0, 20, [5, 10]);
    for (let i = 0; i < options.awayBoardIds.length; i++) await excursion();
    await run(20, options.warmUpMinutes, []);
    figures.reconnectMs.length = 0;
    figures.reconnectFailures = 0;
    figures.switchMs.length = 0;
    figures.switchesDone = 0;
    minute = options.warmUpMinutes;
    const weekStart = minute;
    const total = options.days * MINUTES_PER_DAY;
    const reconnectAt = new Set(spread(options.reconnects, total).map((m) => m + weekStart));
    // No excursion in a day's last SETTLE_MINUTES: each day's sample is taken on a wall in its steady state.
    const excursionAt = new Set(
      spread(Math.floor(options.switches / 2), total, 3).map((m) => {
        const intoDay = m % MINUTES_PER_DAY;
        return weekStart + (intoDay > MINUTES_PER_DAY - SETTLE_MINUTES ? m - SETTLE_MINUTES : m);
      }),
    );
    const started = Date.now();
    figures.samples.push({ day: 0, atS: 0, ...(await memorySample(page, cdp)) });
    const snapshots = process.env.BENCH_HEAP_SNAPSHOTS;
    if (snapshots) await heapSnapshot(cdp, join(snapshots, 'kiosk-wall-day0.heapsnapshot'));
    if (process.env.BENCH_DEBUG) progress(`test ids: ${JSON.stringify(await testIdCounts(page))}`);
    progress(`day 0: heap ${(figures.samples[0]!.heapUsed / 1048576).toFixed(1)} MB, ${figures.samples[0]!.nodes} nodes`);
    for (let day = 1; day <= options.days; day++) {
      const dayEnd = weekStart + day * MINUTES_PER_DAY;
      // Segments end at each excursion.
      while (minute < dayEnd) {
        if (Date.now() > options.deadline) {
          figures.stoppedEarly = true;
          break;
        }
        let next = dayEnd;
        for (let m = minute + 1; m < dayEnd; m++) {
          if (excursionAt.has(m)) {
            next = m;
            break;
          }
        }
        await run(
          minute,
          next,
          [...reconnectAt].filter((m) => m >= minute && m < next),
        );
        minute = next;
        if (excursionAt.has(minute) && minute < dayEnd) {
          excursionAt.delete(minute);
          await excursion();
        }
      }
      if (figures.stoppedEarly) {
        // Out of time: settle the wall and take a last sample at the fraction of the day reached.
        await run(minute, minute + SETTLE_MINUTES, []);
        minute += SETTLE_MINUTES;
      }
      const sample = await memorySample(page, cdp);
      if (process.env.BENCH_DEBUG) progress(`test ids: ${JSON.stringify(await testIdCounts(page))}`);
      if (snapshots) await heapSnapshot(cdp, join(snapshots, `kiosk-wall-day${day}.heapsnapshot`));
      figures.samples.push({ day: figures.stoppedEarly ? (minute - weekStart) / MINUTES_PER_DAY : day, atS: (Date.now() - started) / 1000, ...sample });
      progress(
        `day ${figures.samples[figures.samples.length - 1]!.day.toFixed(figures.stoppedEarly ? 2 : 0)}: heap ${(sample.heapUsed / 1048576).toFixed(1)} MB, ${sample.nodes} nodes, ${sample.listeners} listeners, ${sample.charts} charts; ` +
          `${figures.reconnectMs.length} reconnects, ${figures.switchesDone} switches so far; ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      if (figures.stoppedEarly) break;
    }
    figures.weekS = (Date.now() - started) / 1000;
    return figures;
  } finally {
    await context.close();
  }
}

/** A heap snapshot streamed to `file` (BENCH_HEAP_SNAPSHOTS; compare two with bench/kioskWallHeapDiff.ts). */
async function heapSnapshot(cdp: CDPSession, file: string): Promise<void> {
  const out = createWriteStream(file);
  const onChunk = ({ chunk }: { chunk: string }) => out.write(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
    await new Promise((resolve) => out.end(resolve));
  }
}

/** Elements per data-testid (and per data-state), to see what a change in DOM nodes is made of. */
const testIdCounts = (page: Page) =>
  page.evaluate(`(() => {
    const out = {};
    for (const e of document.querySelectorAll('[data-testid]')) {
      const id = e.getAttribute('data-testid').replace(/^widget-w\\d+$/, 'widget-w*') + (e.getAttribute('data-state') ? '@' + e.getAttribute('data-state') : '');
      out[id] = (out[id] || 0) + 1;
    }
    out.svg = document.querySelectorAll('svg').length;
    out.canvas = document.querySelectorAll('canvas').length;
    out.all = document.getElementsByTagName('*').length;
    return out;
  })()`);

/** Least-squares slope of y over x. */
export function slope(points: readonly [number, number][]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return num / den;
}
