// The server side of the realtime benches (alarmLatency, socketFanout), in a process of its own so the
// load generators, the socket clients and the browser neither take its event loop nor count in its RSS.
// It is the whole server (buildApp: API, socket.io channels, alarm engine, console pages) on SQLite,
// listening on a free loopback port, with the embedded MQTT broker on another. Talks to its parent
// over IPC: `ready` with the ports and the organisation, then usage windows on request, then `stop`.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { hashPassword } from '../server/auth/passwords';
import { startMqttIngress, type MqttLog } from '../server/mqtt';
import type { Database } from '../server/db/schema';
import { root } from '../scripts/bundles.mjs';
import { createOrganisation, onInterrupt } from './benchSupport';

export const ADMIN_PASSWORD = 'Bench!2345pass';
export const MQTT_PASSWORD = 'Bench!mqtt-gateway-1';
/** Serial number of the gateway the probe meters (alarm crossings, fan-out feeds) sit on. */
export const PROBE_GATEWAY = 'BENCH-PROBE';

export interface ServerOptions {
  /** Meters of the ingest load organisation (bench/ingestPublisher.ts feeds them); 0 for none. */
  loadMeters: number;
  loadGateways: number;
  /** Meters on the probe gateway, fed one reading at a time by the bench itself. */
  probeMeters: number;
}

export interface ServerReady {
  type: 'ready';
  httpPort: number;
  mqttPort: number;
  storage: string;
  load: { sn: string; meterCodes: string[]; meterIndexes: number[] }[];
  probe: { sn: string; meters: { id: number; code: string }[] };
}

/** Server process CPU and memory over one window (between two `mark` messages). */
export interface UsageWindow {
  name: string;
  seconds: number;
  /** Cores used (1 = one core busy). */
  cpuCores: number;
  rssPeak: number;
  rssEnd: number;
  heapPeak: number;
}

type ToServer = { type: 'mark'; name: string } | { type: 'stop' };
type FromServer = ServerReady | { type: 'usage'; windows: UsageWindow[] };

/** Meters with no department on their own gateway (own MQTT login): what the probes publish for. */
export async function createProbeGateway(db: Kysely<Database>, count: number, mqttPasswordHash: string): Promise<ServerReady['probe']> {
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const gateway = await db
    .insertInto('gateways')
    .values({
      sn: PROBE_GATEWAY,
      name: PROBE_GATEWAY,
      owner_user_id: admin.id,
      online: 0,
      last_seen_at: null,
      mqtt_username: PROBE_GATEWAY,
      mqtt_password_hash: mqttPasswordHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const meters: { id: number; code: string }[] = [];
  const now = Date.now();
  for (let start = 0; start < count; start += 200) {
    const rows = Array.from({ length: Math.min(200, count - start) }, (_, k) => ({
      code: `BP${String(start + k + 1).padStart(4, '0')}`,
      name: `Bench probe ${start + k + 1}`,
      owner_user_id: admin.id,
      gateway_id: gateway.id,
      department_id: null,
      energy_type: 'electricity',
      unit: 'kWh',
      ct_ratio: 1,
      pt_ratio: 1,
      register_max: 99_999_999,
      created_at: now,
      rated_power_kw: 2_000,
    }));
    meters.push(...(await db.insertInto('meters').values(rows).returning(['id', 'code']).execute()));
  }
  return { sn: PROBE_GATEWAY, meters };
}

let cleanUpServer: (() => Promise<void>) | undefined;

async function serve(options: ServerOptions): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'energy-bench-realtime-'));
  const config = loadConfig({
    dataDir,
    databaseUrl: undefined,
    adminPassword: ADMIN_PASSWORD,
    webRoot: process.env.BENCH_WEB_ROOT || join(root, 'dist'),
    logLevel: 'silent',
    seedDemo: false,
    host: '127.0.0.1',
  });
  const app = await buildApp(config, { logger: false });
  let ingress: Awaited<ReturnType<typeof startMqttIngress>> | undefined;
  const cleanUp = async () => {
    await ingress?.close().catch(() => undefined);
    await app.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  onInterrupt(cleanUp);
  cleanUpServer = cleanUp;
  const mqttPasswordHash = await hashPassword(MQTT_PASSWORD);
  const org =
    options.loadMeters > 0
      ? await createOrganisation(app.storage.db, { meterCount: options.loadMeters, gatewayCount: options.loadGateways, mqttPasswordHash })
      : undefined;
  const probe = await createProbeGateway(app.storage.db, options.probeMeters, mqttPasswordHash);
  app.ingest.directory.invalidate();
  const log: MqttLog = { info: () => undefined, debug: () => undefined, warn: () => undefined, error: (o, m) => console.error('mqtt error:', m ?? o) };
  ingress = await startMqttIngress({ storage: app.storage, ingest: app.ingest, port: 0, host: '127.0.0.1', log, env: {} });
  if (ingress.mode !== 'embedded' || !ingress.port) throw new Error(`embedded MQTT broker did not start (${ingress.mode})`);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const httpPort = typeof address === 'object' && address ? address.port : 0;

  // Usage windows: CPU from process.cpuUsage, memory sampled every 50 ms.
  const windows: UsageWindow[] = [];
  let current = { name: 'setup', started: performance.now(), cpu: process.cpuUsage(), rssPeak: 0, heapPeak: 0 };
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    current.rssPeak = Math.max(current.rssPeak, rss);
    current.heapPeak = Math.max(current.heapPeak, heapUsed);
  }, 50);
  const close = () => {
    const cpu = process.cpuUsage(current.cpu);
    const seconds = (performance.now() - current.started) / 1000;
    const { rss, heapUsed } = process.memoryUsage();
    windows.push({
      name: current.name,
      seconds,
      cpuCores: (cpu.user + cpu.system) / 1e6 / seconds,
      rssPeak: Math.max(current.rssPeak, rss),
      rssEnd: rss,
      heapPeak: Math.max(current.heapPeak, heapUsed),
    });
  };
  process.on('message', (message: ToServer) => {
    close();
    if (message.type === 'mark') {
      current = { name: message.name, started: performance.now(), cpu: process.cpuUsage(), rssPeak: 0, heapPeak: 0 };
      return;
    }
    clearInterval(sampler);
    void cleanUp().then(() => process.send?.({ type: 'usage', windows } satisfies FromServer, () => process.exit(0)));
  });
  process.send?.({
    type: 'ready',
    httpPort,
    mqttPort: ingress.port,
    storage: app.storage.describe,
    load: (org?.gateways ?? []).map((g) => ({
      sn: g.sn,
      meterCodes: g.meterCodes,
      meterIndexes: g.meterCodes.map((code) => org!.meters.findIndex((m) => m.code === code)),
    })),
    probe,
  } satisfies FromServer);
}

/** The parent's handle on the server process. */
export interface BenchServer {
  ready: ServerReady;
  url: string;
  process: ChildProcess;
  /** Starts a usage window named `name` (the previous one ends). */
  mark(name: string): void;
  /** Ends the last window, closes the server (database, temp folder) and returns every window. */
  stop(): Promise<UsageWindow[]>;
}

/** Forks the server process (with `--cpu-prof` into BENCH_CPU_PROF when set) and waits for it to listen. */
export function startBenchServer(options: ServerOptions, profileName: string): Promise<BenchServer> {
  const execArgv = ['--import', 'tsx'];
  if (process.env.BENCH_CPU_PROF) execArgv.push('--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_CPU_PROF, profileName)}`);
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_REALTIME_SERVER: JSON.stringify(options) },
    execArgv,
    stdio: 'inherit',
  });
  return benchServerHandle(child, 'bench server');
}

/**
 * The parent's handle on a forked bench server (one process, or a cluster behind a balancer): resolves once the child
 * says it is ready, stops it on Ctrl-C, and `stop()` collects its usage windows as it exits.
 */
export function benchServerHandle(child: ChildProcess, label: string): Promise<BenchServer> {
  const unregister = onInterrupt(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  );
  return new Promise((resolve, reject) => {
    const early = (code: number | null) => reject(new Error(`${label} exited with ${code} before it was ready`));
    child.once('exit', early);
    child.once('message', (ready: ServerReady) => {
      child.off('exit', early);
      resolve({
        ready,
        url: `http://127.0.0.1:${ready.httpPort}`,
        process: child,
        mark: (name) => child.send({ type: 'mark', name } satisfies ToServer),
        stop: () =>
          new Promise<UsageWindow[]>((done, fail) => {
            if (child.exitCode !== null) return fail(new Error(`${label} already exited with ${child.exitCode}`));
            let windows: UsageWindow[] | undefined;
            child.on('message', (message: FromServer) => {
              if (message.type === 'usage') windows = message.windows;
            });
            child.once('exit', (code) => {
              unregister();
              if (windows) done(windows);
              else fail(new Error(`${label} exited with ${code} without its figures`));
            });
            child.send({ type: 'stop' } satisfies ToServer);
          }),
      });
    });
  });
}

/** An admin token from the real login API. */
export async function adminToken(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = (await response.json()) as { code: number; data: { token: string }; message: string };
  if (body.code !== 0) throw new Error(`login failed: ${body.code} ${body.message}`);
  return body.data.token;
}

if (process.env.BENCH_REALTIME_SERVER) {
  serve(JSON.parse(process.env.BENCH_REALTIME_SERVER) as ServerOptions).catch((error: unknown) => {
    console.error('bench server failed:', error);
    process.exit(1);
  });
  // Never outlive the bench that forked us (nor leave its temp folder behind).
  process.on('disconnect', () => void (cleanUpServer?.() ?? Promise.resolve()).finally(() => process.exit(0)));
}
