// Threshold crossed → alarm visible in a connected browser, while ingest runs at 50,000 readings/s.
// The server (bench/realtimeServer.ts, SQLite) runs in a process of its own; the ingest load comes from
// bench/ingestPublisher.ts in another (1,000 meters on 20 gateways over MQTT, open loop at the rate);
// the console runs in headless Chromium, logged in with an admin token. Every BENCH_PROBE_MS one reading
// over the limit is published (MQTT QoS 1, like the load) for a probe meter with a rule of its own
// (`kw` over 500, duration 0), its ts = the send time; each crossing is a new rule and meter, so each
// raises a fresh record (never a repeat of an open one). Latency = when the page sees it − send time.
import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, totalmem } from 'node:os';
import mqtt from 'mqtt';
import type { Browser } from 'playwright-core';
import { ensureBuilt } from '../scripts/bundles.mjs';
import { launchBrowser } from '../tests/support/browser';
import { summarize } from './stats';
import { fmtInt, fmtMs, intEnv, machineCpu, mb, onInterrupt, printTable } from './benchSupport';
import { startBenchCluster } from './clusterServer';
import { adminToken, MQTT_PASSWORD, startBenchServer, type BenchServer, type UsageWindow } from './realtimeServer';
import { descendantsCpu } from './processTreeCpu';
import { installPageProbe, readPageProbe, type PageObservations } from './alarmPageProbe';
import type { PhaseEvent, PhaseSpec, PublisherResult, StartMessage } from './ingestPublisher';

const RATE = intEnv('BENCH_RATE', 50_000);
/** BENCH_CLUSTER=<n>: n server processes on PostgreSQL + Redis behind HAProxy (bench/clusterServer.ts) instead of one on SQLite. */
const CLUSTER = intEnv('BENCH_CLUSTER', 0);
const SAMPLES = intEnv('BENCH_SAMPLES', 250);
const PROBE_MS = intEnv('BENCH_PROBE_MS', 200);
const METERS = intEnv('BENCH_METERS', 1_000);
const GATEWAYS = intEnv('BENCH_GATEWAYS', 20);
const PAYLOAD = intEnv('BENCH_PAYLOAD', 500);
/** Ingest at the rate this long before the first crossing (steady state), and after the last one. */
const SETTLE_S = 5;
const TAIL_S = 5;
const TARGET_P95_MS = 500;
const LIMIT_KW = 500;

interface Probe {
  meterId: number;
  code: string;
  ruleId: number;
  sentAt: number;
  /** PUBACK: the reading is committed. */
  committedAt?: number;
}

async function api<T>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { code: number; data: T; message: string };
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

function loadStart(server: BenchServer, sustainS: number): StartMessage {
  const phases: PhaseSpec[] = [
    // A closed loop waits for each PUBACK. The embedded broker answers after the commit; an external broker (the
    // cluster) answers on receipt, so a closed loop there floods it with as many messages as it takes in 3 s, and the
    // crossings then queue behind minutes of backlog: the cluster warms up at the rate instead.
    CLUSTER > 0
      ? { name: `warm-up (open, ${fmtInt(RATE)}/s)`, mode: 'open', ratePerS: RATE, seconds: 3 }
      : { name: 'warm-up (closed, 1/gw)', mode: 'closed', inflightPerGateway: 1, seconds: 3 },
    { name: `sustained ${fmtInt(RATE)}/s`, mode: 'open', ratePerS: RATE, seconds: sustainS },
  ];
  // Enough history that the newest load reading stays in the past whatever the server's speed.
  const readings = RATE * sustainS + 300_000 * 3;
  const startTs = Math.floor((Date.now() - (Math.ceil(readings / METERS) + 120) * 60_000) / 3_600_000) * 3_600_000;
  return {
    type: 'start',
    port: server.ready.mqttPort,
    startTs,
    payloadReadings: PAYLOAD,
    phases,
    drainTimeoutMs: 60_000,
    // As bench/ingestThroughput.ts: 20…319 kW under a 500 kW rating, so nothing is quarantined.
    gateways: server.ready.load.map((g) => ({
      sn: g.sn,
      username: g.sn,
      password: MQTT_PASSWORD,
      meters: g.meterCodes.map((code, k) => ({ code, kw: 20 + ((g.meterIndexes[k]! * 37 + k) % 300), register: 1_000 + g.meterIndexes[k]! * 10 })),
    })),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** BENCH_WEB_ROOT: the console bundle folder (built when stale); a private one keeps parallel builds apart. */
const WEB_ROOT = resolve(process.env.BENCH_WEB_ROOT || 'dist');

async function run(): Promise<void> {
  // Relative to the repository: bundlesAreStale joins outDir to it.
  ensureBuilt({ quiet: true, outDir: relative(fileURLToPath(new URL('..', import.meta.url)), WEB_ROOT) });
  // The server (realtimeServer.ts, or the cluster's processes through tests/support/serverProcess.ts) serves it.
  process.env.BENCH_WEB_ROOT = WEB_ROOT;
  process.env.E2E_WEB_ROOT = WEB_ROOT;
  const idle = machineCpu();
  await sleep(1_000);
  const busyBefore = idle();
  const server =
    CLUSTER > 0
      ? await startBenchCluster({ loadMeters: METERS, loadGateways: GATEWAYS, probeMeters: SAMPLES }, CLUSTER)
      : await startBenchServer({ loadMeters: METERS, loadGateways: GATEWAYS, probeMeters: SAMPLES }, 'alarm-latency');
  let browser: Browser | undefined;
  let publisher: ChildProcess | undefined;
  let probeClient: mqtt.MqttClient | undefined;
  const cleanUp = async () => {
    if (publisher && publisher.exitCode === null) publisher.kill();
    await probeClient?.endAsync(true).catch(() => undefined);
    await browser?.close().catch(() => undefined);
  };
  const unregister = onInterrupt(cleanUp);
  try {
    const token = await adminToken(server.url);
    // One rule per probe meter, through the API as an operator would create them.
    const probes: Probe[] = [];
    for (const meter of server.ready.probe.meters) {
      const rule = await api<{ id: number }>(server.url, token, 'POST', '/alarm-rules', {
        name: `Bench ${meter.code} over ${LIMIT_KW} kW`,
        scope: 'meter',
        scopeId: meter.id,
        metric: 'kw',
        over: LIMIT_KW,
        durationS: 0,
        severity: 'high',
      });
      probes.push({ meterId: meter.id, code: meter.code, ruleId: rule.id, sentAt: 0 });
    }

    browser = await launchBrowser();
    // The probe injects socket.io's browser build as an inline script, which the console's CSP (script-src 'self')
    // refuses; the console's own scripts are unaffected.
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, bypassCSP: true });
    await context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('menu-/alerts').waitFor({ timeout: 30_000 });
    await installPageProbe(page, token);

    probeClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.ready.mqttPort}`, {
      username: server.ready.probe.sn,
      password: MQTT_PASSWORD,
      clientId: 'bench-alarm-probe',
      connectTimeout: 60_000,
    });
    const sustainS = SETTLE_S + Math.ceil((SAMPLES * PROBE_MS) / 1000) + TAIL_S;
    const start = loadStart(server, sustainS);
    publisher = fork(fileURLToPath(new URL('./ingestPublisher.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    const sustainedStarted = new Promise<void>((resolve) =>
      publisher!.on('message', (message: PhaseEvent | PublisherResult) => {
        if (message.type !== 'phase') return;
        server.mark(message.name);
        console.log(`  ${message.name}`);
        if (message.name.startsWith('sustained')) resolve();
      }),
    );
    const loadResult = new Promise<PublisherResult>((resolve, reject) => {
      publisher!.on('message', (message: PhaseEvent | PublisherResult) => message.type === 'result' && resolve(message));
      publisher!.once('exit', (code) => reject(new Error(`publisher exited with ${code} before its result`)));
    });
    publisher.send(start);
    await sustainedStarted;
    const machine = machineCpu();
    // Chromium (and anything else this bench started, other than the server and the load publisher).
    const browserCpu = descendantsCpu(() => [server.process.pid ?? 0, publisher?.pid ?? 0]);
    const benchCpu = process.cpuUsage();
    const windowStarted = Date.now();
    await sleep(SETTLE_S * 1000);

    // The crossings, paced by the clock: probe k is due at first + k × PROBE_MS.
    console.log(`  ${SAMPLES} crossings, one every ${PROBE_MS} ms`);
    const first = Date.now();
    for (let k = 0; k < probes.length; k++) {
      const due = first + k * PROBE_MS;
      if (due > Date.now()) await sleep(due - Date.now());
      const probe = probes[k]!;
      probe.sentAt = Date.now();
      const body = `{"readings":[{"meter":"${probe.code}","ts":${probe.sentAt},"values":{"kw":${LIMIT_KW + 100 + (k % 50)}}}]}`;
      probeClient.publish(`gateways/${server.ready.probe.sn}/readings`, body, { qos: 1 }, (error) => {
        if (!error) probe.committedAt = Date.now();
      });
    }
    // Everything seen (or 10 s after the last crossing), then the load finishes its phase and drains.
    const waitUntil = Date.now() + 10_000;
    let seen: PageObservations = await readPageProbe(page);
    while (Date.now() < waitUntil && (seen.badge.at(-1)?.[1] ?? 0) < SAMPLES) {
      await sleep(250);
      seen = await readPageProbe(page);
    }
    const machineBusy = machine();
    const windowS = (Date.now() - windowStarted) / 1000;
    const benchUsage = process.cpuUsage(benchCpu);
    const own = { browser: browserCpu() / windowS, bench: (benchUsage.user + benchUsage.system) / 1e6 / windowS };
    const load = await loadResult;
    seen = await readPageProbe(page);
    const usage = await server.stop();
    // The raw observations, for a closer look (which messages, when).
    if (process.env.BENCH_DUMP) writeFileSync(process.env.BENCH_DUMP, JSON.stringify({ probes, seen }));
    report({ probes, seen, load, usage, storage: server.ready.storage, pageErrors, machineBusy, busyBefore, own });
  } finally {
    await cleanUp();
    unregister();
    if (server.process.exitCode === null) server.process.kill('SIGTERM');
  }
}

/** Probe k is counted once a count reaches k + 1 (the count starts at 0, probes raise in send order). */
function countLatencies(probes: Probe[], series: [number, number][]): number[] {
  const latencies: number[] = [];
  probes.forEach((probe, k) => {
    const shown = series.find(([, count]) => count >= k + 1);
    if (shown) latencies.push(shown[0] - probe.sentAt);
  });
  return latencies;
}
const badgeLatencies = (probes: Probe[], seen: PageObservations) => countLatencies(probes, seen.badge);

interface Figures {
  probes: Probe[];
  seen: PageObservations;
  load: PublisherResult;
  usage: UsageWindow[];
  storage: string;
  pageErrors: string[];
  /** Busy share of the whole machine (0…1) in the second before the run and from the load's start to the last crossing. */
  busyBefore: number;
  machineBusy: number;
  /** Cores used by Chromium and by this bench process over the same window. */
  own: { browser: number; bench: number };
}

function report({ probes, seen, load, usage, storage, pageErrors, machineBusy, busyBefore, own }: Figures): void {
  const byRule = new Map(probes.map((p) => [p.ruleId, p]));
  const firstSeen = new Map<number, number>();
  const recordIds = new Set<number>();
  let others = 0;
  let repeats = 0;
  for (const [at, id, ruleId, kind, repeatCount] of seen.alarms) {
    const probe = ruleId === null ? undefined : byRule.get(ruleId);
    if (!probe || kind !== 'device') {
      others++;
      continue;
    }
    if (repeatCount > 0) repeats++;
    recordIds.add(id);
    if (!firstSeen.has(ruleId!)) firstSeen.set(ruleId!, at - probe.sentAt);
  }
  const rows = [
    ['sent → committed (PUBACK)', probes.filter((p) => p.committedAt).map((p) => p.committedAt! - p.sentAt)],
    ['sent → alarms:new in the page', [...firstSeen.values()]],
    ['sent → alarms:counts in the page', countLatencies(probes, seen.counts)],
    ['sent → /alerts badge (visible)', badgeLatencies(probes, seen)],
  ] as const;
  const sustained = load.phases.find((p) => p.name.startsWith('sustained'))!;
  const window = usage.find((u) => u.name === sustained.name);
  const ack = summarize(sustained.latenciesMs);
  const badge = summarize(rows[3][1] as number[]);

  console.log(`\nAlarm latency under ingest load — ${storage}; ${cpus().length} cores, ${mb(totalmem())} memory`);
  console.log(
    `target: a reading over a threshold → the alarm visible in a connected browser, p95 ≤ ${TARGET_P95_MS} ms, while ingest runs at ${fmtInt(RATE)} readings/s`,
  );
  console.log(`${SAMPLES} crossings, one every ${PROBE_MS} ms, each a new rule on its own meter (MQTT QoS 1 on the probe gateway, ts = send time)`);
  printTable(
    ['path', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    rows.map(([name, samples]) => {
      const s = summarize([...samples]);
      return [name, s.n, fmtMs(s.p50), fmtMs(s.p95), fmtMs(s.p99), fmtMs(s.max)];
    }),
  );
  console.log(
    `ingest during the run (${sustained.name}, ${sustained.windowSeconds.toFixed(1)} s): offered ${fmtInt(sustained.sentReadings / sustained.windowSeconds)}/s, ` +
      `committed ${fmtInt(sustained.ackedReadingsInWindow / sustained.windowSeconds)}/s, load PUBACK p50/p95/p99 ${fmtMs(ack.p50)} / ${fmtMs(ack.p95)} / ${fmtMs(ack.p99)} ms, unacked ${sustained.unacked}`,
  );
  if (window) {
    const cores = cpus().length;
    const others = machineBusy * cores - window.cpuCores - sustained.cpuCores - own.browser - own.bench;
    console.log(
      `CPU in cores (of ${cores}) over the sustained phase: server ${window.cpuCores.toFixed(2)}, ingest publisher ${sustained.cpuCores.toFixed(2)}, ` +
        `Chromium ${own.browser.toFixed(2)}, this bench ${own.bench.toFixed(2)}, other processes ${Math.max(0, others).toFixed(2)}; whole machine ${(machineBusy * cores).toFixed(2)} ` +
        `(${(busyBefore * 100).toFixed(0)} % busy just before the run); server RSS peak ${mb(window.rssPeak)}, heap peak ${mb(window.heapPeak)}`,
    );
  }
  console.log(
    `records: ${recordIds.size} distinct fresh alarms for ${SAMPLES} crossings (repeats ${repeats}, other alarms ${others}); badge at the end ${seen.badge.at(-1)?.[1] ?? 0}; page errors ${pageErrors.length}`,
  );
  console.log(
    `${badge.n === SAMPLES && badge.p95 <= TARGET_P95_MS ? 'PASS' : 'FAIL'}: badge p95 ${fmtMs(badge.p95)} ms (${badge.n}/${SAMPLES} seen) against ≤ ${TARGET_P95_MS} ms`,
  );
}

// Like the other benches: the figures and the verdict are printed; the exit code says only whether it ran.
await run().catch((error: unknown) => {
  console.error('alarm latency bench failed:', error);
  process.exit(1);
});
process.exit(0);
