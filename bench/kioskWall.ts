// Issue 6 "Performance": the kiosk wall in headless Chromium against the real server (tests/support:
// server/main.ts on a free loopback port, temp DATA_DIR, demo organisation and sample boards, SIMULATOR
// off). Four parts, each printing its table with the targets: (1) JavaScript of a 2D board, (2) first live
// data after navigation, (3) 50 widgets × 1 Hz at 1920×1080 and 3840×2160, (4) a clock-accelerated week
// (heap, DOM nodes, listeners, chart instances, three.js resources). A missed target prints MISSED; the
// exit code only says whether the bench ran. See bench/README.md.
import { mkdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { ensureBuilt, root } from '../scripts/bundles.mjs';
import { launchBrowser } from '../tests/support/browser';
import { startServer, type RunningServer } from '../tests/support/serverProcess';
import { fmtMs, intEnv, machineCpu, mb, onInterrupt, printTable } from './benchSupport';
import { summarize } from './stats';
import { boardScripts, chunkName, HEAVY_3D_CHUNKS, type BoardScripts } from './kioskWallBundle';
import { firstLiveRuns } from './kioskWallFirstLive';
import { loadRun, type LoadFigures } from './kioskWallLoad';
import { memoryWeek, slope, MINUTES_PER_DAY } from './kioskWallMemory';
import { createBoard, createDisplay, createWorld, fiftyWidgetBoard, kpiBoard, type WallWorld } from './kioskWallSetup';

const PARTS = new Set((process.env.BENCH_PARTS ?? 'bundle,first-live,load,memory').split(',').map((p) => p.trim()));
const WEB_DIR = (() => {
  const dir = process.env.BENCH_WEB_ROOT || 'dist';
  // ensureBuilt takes the folder relative to the checkout.
  return isAbsolute(dir) ? relative(root, dir) : dir;
})();
const WEB_ROOT = resolve(root, WEB_DIR);
const FIRST_LIVE_RUNS = intEnv('BENCH_FIRST_LIVE_RUNS', 10);
const FIRST_LIVE_TILES = intEnv('BENCH_FIRST_LIVE_TILES', 16);
const LOAD_RUN_S = intEnv('BENCH_LOAD_S', 60);
const LOAD_WARMUP_S = intEnv('BENCH_LOAD_WARMUP_S', 10);
const LOAD_WINDOW_S = intEnv('BENCH_LOAD_WINDOW_S', 45);
const DAYS = intEnv('BENCH_DAYS', 7);
const RECONNECTS = intEnv('BENCH_RECONNECTS', 1_000);
const SWITCHES = intEnv('BENCH_SWITCHES', 100);
const MINUTES_PER_FRAME = intEnv('BENCH_MINUTES_PER_FRAME', 10);
const TIMEOUT_S = intEnv('BENCH_TIMEOUT_S', 840);
/** The memory week stops early (and says so) when less than this is left before BENCH_TIMEOUT_S. */
const RESERVE_S = 45;
const benchStarted = Date.now();
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

const TARGET = { scriptKb: 300, firstLiveMs: 1_000, busy: 0.2, p95FrameMs: 17, heapMbPerDay: 1 };
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISSED');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
const summary: [string, string, string, string][] = [];

function note(target: string, figure: string, goal: string, ok: boolean): void {
  summary.push([target, figure, goal, verdict(ok)]);
}

async function partBundle(browser: Browser, boards: { id: number; name: string; link: string; is3d: boolean }[]): Promise<void> {
  console.log(`\n1. JavaScript per board (gzip -9 of the files under ${WEB_DIR}/ the page fetched; target for a 2D board ≤ ${TARGET.scriptKb} KB)`);
  const results: { name: string; is3d: boolean; scripts: BoardScripts }[] = [];
  for (const board of boards) results.push({ name: board.name, is3d: board.is3d, scripts: await boardScripts(browser, WEB_ROOT, board.link, board.id) });
  const controlRoom = results[0]!;
  console.log(`\n'${controlRoom.name}' (2D sample) loaded ${controlRoom.scripts.files.length} scripts:`);
  printTable(
    ['file', 'bytes', 'gzip -9'],
    controlRoom.scripts.files.map((f) => [f.path, kb(f.bytes), kb(f.gzip)]),
  );
  if (controlRoom.scripts.unmapped.length) console.log(`  not found under the web root: ${controlRoom.scripts.unmapped.join(', ')}`);
  console.log('');
  printTable(
    ['board', 'scripts', 'raw', 'gzip -9', '3D chunks loaded', 'target', 'result'],
    results.map(({ name, is3d, scripts }) => {
      const heavy = scripts.files.map((f) => chunkName(f.path)).filter((c) => HEAVY_3D_CHUNKS.includes(c));
      const ok = is3d ? true : scripts.gzipTotal <= TARGET.scriptKb * 1024 && heavy.length === 0;
      return [
        name,
        scripts.files.length,
        kb(scripts.rawTotal),
        kb(scripts.gzipTotal),
        heavy.join(', ') || 'none',
        is3d ? '(3D: none)' : `≤ ${TARGET.scriptKb} KB, no three/echarts-gl`,
        is3d ? '–' : verdict(ok),
      ];
    }),
  );
  const heavyIn2d = controlRoom.scripts.files.map((f) => chunkName(f.path)).filter((c) => HEAVY_3D_CHUNKS.includes(c));
  note(
    "2D board JavaScript ('Energy control room')",
    kb(controlRoom.scripts.gzipTotal),
    `≤ ${TARGET.scriptKb} KB gzip`,
    controlRoom.scripts.gzipTotal <= TARGET.scriptKb * 1024,
  );
  note('three / echarts-gl not loaded on the 2D board', heavyIn2d.join(', ') || 'none loaded', 'none', heavyIn2d.length === 0);
  // Which chunks a 2D board shares with the console's heavy libraries (the usual cause of a miss).
  const antd = controlRoom.scripts.files.find((f) => chunkName(f.path) === 'antd');
  if (antd)
    console.log(
      `  note: the 2D board loads the antd chunk (${antd.path}, ${kb(antd.gzip)} gzip): some kiosk or boards module imports a package that chunk holds.`,
    );
}

async function partFirstLive(browser: Browser, world: WallWorld, board: { id: number; link: string }): Promise<void> {
  console.log(
    `\n2. First live data (board of ${FIRST_LIVE_TILES} KPI tiles on meters with a reading; ${FIRST_LIVE_RUNS} runs after a warm-up visit; ms after navigation start; target ≤ ${TARGET.firstLiveMs} ms)`,
  );
  const { warmUp, runs, errors } = await firstLiveRuns(browser, {
    url: world.url,
    link: board.link,
    boardId: board.id,
    tiles: FIRST_LIVE_TILES,
    runs: FIRST_LIVE_RUNS,
  });
  const column = (pick: (r: (typeof runs)[number]) => number | null) => summarize(runs.map(pick).filter((v): v is number => v !== null && Number.isFinite(v)));
  const rows: [string, ReturnType<typeof summarize>, boolean][] = [
    ['HTML received', column((r) => r.html), false],
    ['last script received', column((r) => r.scripts), false],
    ['GET /api/kiosk/session answered', column((r) => r.session), false],
    ['GET /api/boards/:id answered', column((r) => r.board), false],
    ['first tile live with a value', column((r) => r.first), true],
    ['all tiles live with a value', column((r) => r.all), true],
    ['… and the next frame', column((r) => r.allFrame), false],
  ];
  printTable(
    ['milestone', 'n', 'median', 'max', 'target', 'result'],
    rows.map(([name, s, targeted]) => [
      name,
      s.n,
      fmtMs(s.p50),
      fmtMs(s.max),
      targeted ? `≤ ${TARGET.firstLiveMs}` : '',
      targeted ? verdict(s.max <= TARGET.firstLiveMs) : '',
    ]),
  );
  console.log(
    `  warm-up visit (with ?access_token=, cold cache): first ${fmtMs(warmUp.first ?? NaN)} ms, all ${fmtMs(warmUp.all ?? NaN)} ms; page errors ${errors.length}${errors.length ? `: ${errors.slice(0, 3).join(' | ')}` : ''}`,
  );
  const first = rows[4]![1];
  const all = rows[5]![1];
  note(
    'first live data, first tile (median / max)',
    `${fmtMs(first.p50)} / ${fmtMs(first.max)} ms`,
    `≤ ${TARGET.firstLiveMs} ms`,
    first.max <= TARGET.firstLiveMs,
  );
  note('first live data, all tiles (median / max)', `${fmtMs(all.p50)} / ${fmtMs(all.max)} ms`, `≤ ${TARGET.firstLiveMs} ms`, all.max <= TARGET.firstLiveMs);
}

function printLoad(figures: LoadFigures[]): void {
  printTable(
    ['figure', ...figures.map((f) => `${f.size.width}×${f.size.height}`), 'target'],
    [
      ['main thread busy (TaskDuration / wall)', ...figures.map((f) => `${pct(f.busy)} ${verdict(f.busy <= TARGET.busy)}`), `≤ ${pct(TARGET.busy)}`],
      ['main thread CPU time / wall (/proc)', ...figures.map((f) => pct(f.mainThreadCpu)), ''],
      ['  TaskDuration: script / style / layout', ...figures.map((f) => `${pct(f.script)} / ${pct(f.style)} / ${pct(f.layout)}`), ''],
      [
        'long tasks after load (count, max ms)',
        ...figures.map(
          (f) =>
            `${f.longTasksAfterLoad.length}, ${fmtMs(Math.max(0, ...f.longTasksAfterLoad.map(([, d]) => d)))} ${verdict(f.longTasksAfterLoad.length === 0)}`,
        ),
        '0',
      ],
      [
        'long tasks in the window (count, max ms)',
        ...figures.map((f) => `${f.longTasksInWindow.length}, ${fmtMs(Math.max(0, ...f.longTasksInWindow.map(([, d]) => d)))}`),
        '',
      ],
      [
        'frame time p50 / p95 / p99 / max (ms)',
        ...figures.map(
          (f) =>
            `${fmtMs(f.frames.p50)} / ${fmtMs(f.frames.p95)} / ${fmtMs(f.frames.p99)} / ${fmtMs(f.frames.max)} ${verdict(f.frames.p95 <= TARGET.p95FrameMs)}`,
        ),
        `p95 ≤ ${TARGET.p95FrameMs}`,
      ],
      ['frames in the window (> 33.4 ms)', ...figures.map((f) => `${f.frames.n} (${f.slowFrames})`), ''],
      ['all 50 tiles live after navigation', ...figures.map((f) => `${fmtMs(f.allLive ?? NaN)} ms`), ''],
      ['meter deltas received / s', ...figures.map((f) => f.deltasPerS.toFixed(1)), '50'],
      [
        'tile states at the end',
        ...figures.map((f) =>
          Object.entries(f.states)
            .map(([k, v]) => `${k} ${v}`)
            .join(', '),
        ),
        'live 50',
      ],
      ['Chromium, all processes (cores)', ...figures.map((f) => f.browserCores.toFixed(2)), ''],
      ['readings fed (failed)', ...figures.map((f) => `${f.fed.sent} (${f.fed.failed}) in ${f.fed.seconds.toFixed(0)} s`), ''],
      ['page errors', ...figures.map((f) => String(f.errors.length)), '0'],
    ],
  );
  for (const f of figures) if (f.profile) console.log(`  CPU profile of the window: ${f.profile} (npx tsx bench/cpuProfileTop.ts ${f.profile})`);
  for (const f of figures) {
    const size = `${f.size.width}×${f.size.height}`;
    note(`50 widgets × 1 Hz at ${size}: main thread busy`, pct(f.busy), `≤ ${pct(TARGET.busy)}`, f.busy <= TARGET.busy);
    note(`50 widgets × 1 Hz at ${size}: long tasks after load`, `${f.longTasksAfterLoad.length}`, '0', f.longTasksAfterLoad.length === 0);
    note(`50 widgets × 1 Hz at ${size}: p95 frame`, `${fmtMs(f.frames.p95)} ms`, `≤ ${TARGET.p95FrameMs} ms`, f.frames.p95 <= TARGET.p95FrameMs);
  }
}

async function partLoad(browser: Browser, world: WallWorld, server: RunningServer, board: { id: number; link: string }): Promise<void> {
  console.log(
    `\n3. 50 widgets × 1 Hz (30 KPI, 10 gauges, 10 live trends, one meter each; feeder ${LOAD_RUN_S} s over HTTP ingest; ${LOAD_WARMUP_S} s warm-up, ${LOAD_WINDOW_S} s measured)`,
  );
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const figures: LoadFigures[] = [];
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 3840, height: 2160 },
  ]) {
    const machine = machineCpu();
    const f = await loadRun(browser, world, {
      link: board.link,
      boardId: board.id,
      size,
      runS: LOAD_RUN_S,
      warmUpS: LOAD_WARMUP_S,
      windowS: LOAD_WINDOW_S,
      serverPid: server.process.pid ?? 0,
      ...(PROFILE_DIR ? { profileDir: PROFILE_DIR } : {}),
    });
    figures.push(f);
    console.log(
      `  ${size.width}×${size.height} done: busy ${pct(f.busy)}, p95 frame ${fmtMs(f.frames.p95)} ms; whole machine ${pct(machine())} busy over the run`,
    );
  }
  printLoad(figures);
}

async function partMemory(browser: Browser, world: WallWorld, ids: { wall: number; controlRoom: number; plant3d: number }): Promise<void> {
  console.log(
    `\n4. Memory over a clock-accelerated week (${DAYS} × ${MINUTES_PER_DAY} simulated minutes × 50 channels, ${MINUTES_PER_FRAME} simulated minutes per frame; ${RECONNECTS} reconnects, ${SWITCHES} board switches)`,
  );
  const display = await createDisplay(world, 'Bench memory wall', [ids.wall, ids.controlRoom, ids.plant3d]);
  const figures = await memoryWeek(
    browser,
    world,
    {
      link: `${world.url}/dash/${ids.wall}?access_token=${display.token}`,
      displayId: display.display.id,
      wallBoardId: ids.wall,
      awayBoardIds: [ids.controlRoom, ids.plant3d],
      plantBoardId: ids.plant3d,
      days: DAYS,
      reconnects: RECONNECTS,
      switches: SWITCHES,
      warmUpMinutes: 20 + 60,
      minutesPerFrame: MINUTES_PER_FRAME,
      dwellMs: 150,
      deadline: benchStarted + (TIMEOUT_S - RESERVE_S) * 1000,
    },
    (line) => console.log(`  ${line}`),
  );
  if (figures.missing.includes('inject') || figures.missing.includes('reconnect')) {
    console.log(`  SKIPPED: window.__kiosk lacks ${figures.missing.join(', ')} (bench hooks in kiosk/src/app/debug.ts)`);
    note('memory week', 'not run', 'hooks in window.__kiosk', false);
    return;
  }
  if (figures.stoppedEarly)
    console.log(
      `  STOPPED EARLY: the time budget (BENCH_TIMEOUT_S ${TIMEOUT_S} s) ran out after ${figures.samples.at(-1)!.day.toFixed(2)} simulated days; figures below are for that part of the week`,
    );
  const s = figures.samples;
  const first = s[0]!;
  const last = s[s.length - 1]!;
  printTable(
    ['day', 'heap MB', 'Δ day 0', 'DOM nodes', 'listeners', 'documents', 'charts', 'widgets', 'channels', 'scenes', 'elapsed s'],
    s.map((d) => [
      Number.isInteger(d.day) ? d.day : d.day.toFixed(2),
      (d.heapUsed / 1048576).toFixed(2),
      ((d.heapUsed - first.heapUsed) / 1048576).toFixed(2),
      d.nodes,
      d.listeners,
      d.documents,
      Number.isNaN(d.charts) ? '–' : d.charts,
      d.widgets,
      d.channels,
      d.renderers,
      d.atS.toFixed(0),
    ]),
  );
  const heapSlope = slope(s.map((d) => [d.day, d.heapUsed / 1048576]));
  const heapSlopeAfterDay1 = slope(s.filter((d) => d.day >= 1).map((d) => [d.day, d.heapUsed / 1048576]));
  const reconnect = summarize(figures.reconnectMs);
  const switchMs = summarize(figures.switchMs);
  console.log('');
  const plantFirst = figures.plantFirst;
  const plantLast = figures.plantLast;
  const settled = s.find((d) => d.day >= 1) ?? first;
  const rows: [string, string, string, string][] = [
    [
      `JS heap growth (least squares over days 0…${s.at(-1)!.day.toFixed(Number.isInteger(s.at(-1)!.day) ? 0 : 2)})`,
      `${heapSlope.toFixed(3)} MB/day`,
      `≤ ${TARGET.heapMbPerDay} MB/day`,
      verdict(heapSlope <= TARGET.heapMbPerDay),
    ],
    ['  the same from day 1 (without the first day)', `${heapSlopeAfterDay1.toFixed(3)} MB/day`, '', ''],
    // SVG charts draw as many ticks and labels as their data needs, and at day 0 the trends' 60-minute windows
    // are still empty: the leak check starts once a simulated day has filled every window (day 0 shown too).
    [
      'DOM nodes day 1 → end (50-widget board; day 0 in brackets)',
      `(${first.nodes}) ${settled.nodes} → ${last.nodes}`,
      'no growth',
      verdict(last.nodes <= settled.nodes),
    ],
    ['JS event listeners day 0 → end', `${first.listeners} → ${last.listeners}`, 'no growth', verdict(last.listeners <= first.listeners)],
    [
      'echarts instances day 0 → end',
      Number.isNaN(first.charts) ? 'no counter (window.__charts)' : `${first.charts} → ${last.charts}`,
      'no growth',
      Number.isNaN(first.charts) ? 'MISSED' : verdict(last.charts <= first.charts),
    ],
    [
      'three.js scenes mounted on the 50-widget board, day 0 → end',
      `${first.renderers} → ${last.renderers}`,
      '0 → 0',
      verdict(first.renderers === 0 && last.renderers === 0),
    ],
    [
      '3D board, first → last visit: geometries / textures / echarts',
      plantFirst && plantLast
        ? `${plantFirst.geometries} / ${plantFirst.textures} / ${plantFirst.charts} → ${plantLast.geometries} / ${plantLast.textures} / ${plantLast.charts}`
        : 'not visited',
      'no growth',
      plantFirst && plantLast
        ? verdict(plantLast.geometries <= plantFirst.geometries && plantLast.textures <= plantFirst.textures && plantLast.charts <= plantFirst.charts)
        : 'MISSED',
    ],
    [
      'reconnects through the real socket, resubscribed (p50 / p95 / max ms)',
      `${figures.reconnectMs.length} (${fmtMs(reconnect.p50)} / ${fmtMs(reconnect.p95)} / ${fmtMs(reconnect.max)})${figures.reconnectFailures ? `, ${figures.reconnectFailures} not within 10 s` : ''}`,
      `${RECONNECTS}`,
      verdict(figures.reconnectMs.length >= RECONNECTS),
    ],
    [
      'board switches via display:self (p50 / p95 ms to ready)',
      `${figures.switchesDone} (${fmtMs(switchMs.p50)} / ${fmtMs(switchMs.p95)})`,
      `${SWITCHES}`,
      verdict(figures.switchesDone >= SWITCHES),
    ],
  ];
  printTable(['figure', 'measured', 'target', 'result'], rows);
  if (figures.plantVisits.length)
    console.log(`  3D board visits (geometries/textures/echarts): ${figures.plantVisits.map((v) => `${v.geometries}/${v.textures}/${v.charts}`).join(' ')}`);
  console.log(
    `  ${figures.injected.toLocaleString('en-US')} deltas injected in ${figures.frames.toLocaleString('en-US')} frames over ${figures.weekS.toFixed(0)} s ` +
      `(${((DAYS * MINUTES_PER_DAY) / figures.weekS).toFixed(0)} simulated minutes/s, ${(figures.frames / figures.weekS).toFixed(1)} frames/s); page errors ${figures.errors.length}${figures.errors.length ? `: ${figures.errors.slice(0, 3).join(' | ')}` : ''}`,
  );
  note('memory: JS heap growth', `${heapSlope.toFixed(3)} MB/day`, `≤ ${TARGET.heapMbPerDay} MB/day`, heapSlope <= TARGET.heapMbPerDay);
  for (const [name, measured, goal, result] of rows.slice(2)) note(`memory: ${name}`, measured, goal, result === 'PASS');
}

async function run(): Promise<void> {
  ensureBuilt({ quiet: true, outDir: WEB_DIR });
  const idle = machineCpu();
  await new Promise((r) => setTimeout(r, 1000));
  console.log(`Kiosk wall bench — ${cpus().length} cores, ${mb(totalmem())} memory, ${pct(idle())} of the machine busy before the run; bundles in ${WEB_DIR}/`);
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
  };
  const unregister = onInterrupt(cleanUp);
  const watchdog = setTimeout(() => {
    console.error(`\nkiosk wall bench: still running after ${TIMEOUT_S} s, stopping`);
    void cleanUp().finally(() => process.exit(1));
  }, TIMEOUT_S * 1000);
  watchdog.unref();
  try {
    server = await startServer({ WEB_ROOT });
    browser = await launchBrowser();
    const world = await createWorld(server.url);
    const wall = await createBoard(world, fiftyWidgetBoard(world.meters));
    const kpis = await createBoard(world, kpiBoard(world.meters, FIRST_LIVE_TILES));
    const { controlRoom, plant3d, alarmWall } = world.samples;
    const display = await createDisplay(world, 'Bench wall', [controlRoom, alarmWall, plant3d, wall.id, kpis.id]);
    const link = (boardId: number) => `${world.url}/dash/${boardId}?access_token=${display.token}`;
    if (PARTS.has('bundle')) {
      await partBundle(browser, [
        { id: controlRoom, name: 'Energy control room', link: link(controlRoom), is3d: false },
        { id: alarmWall, name: 'Alarm wall', link: link(alarmWall), is3d: false },
        { id: wall.id, name: 'Bench wall, 50 widgets', link: link(wall.id), is3d: false },
        { id: plant3d, name: '3D plant', link: link(plant3d), is3d: true },
      ]);
    }
    if (PARTS.has('first-live')) {
      const own = await createDisplay(world, 'Bench first live', [kpis.id]);
      await partFirstLive(browser, world, { id: kpis.id, link: `${world.url}/dash/${kpis.id}?access_token=${own.token}` });
    }
    if (PARTS.has('load')) await partLoad(browser, world, server, { id: wall.id, link: link(wall.id) });
    if (PARTS.has('memory')) await partMemory(browser, world, { wall: wall.id, controlRoom, plant3d });
    console.log('\nSummary');
    printTable(['target', 'measured', 'goal', 'result'], summary);
    const missed = summary.filter(([, , , r]) => r !== 'PASS').length;
    console.log(missed ? `\n${missed} target(s) MISSED` : '\nevery target met');
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
    unregister();
  }
}

// The figures and the verdicts are printed; the exit code says only whether the bench ran.
await run().catch((error: unknown) => {
  console.error('kiosk wall bench failed:', error);
  process.exit(1);
});
process.exit(0);
