// The server side of the realtime benches with BENCH_CLUSTER=<n>: n real server processes (server/main.ts) on one
// PostgreSQL database and the machine's Redis, ingesting from a Mosquitto of their own (a shared subscription, so
// each message is ingested once), behind HAProxy started from deploy/haproxy.cfg.template. Everything runs under
// one forked process speaking bench/realtimeServer.ts's IPC (`ready`, `mark`, `stop` → usage windows), so the
// benches use it unchanged: their HTTP and socket.io clients reach the balancer, their MQTT clients the broker.
// Usage windows sum the n server processes (CPU from /proc, RSS), not the balancer, the broker or PostgreSQL.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openStorage } from '../server/db/connect';
import { hashPassword } from '../server/auth/passwords';
import { startCluster, type Cluster } from '../tests/support/cluster';
import { startLoadBalancer, type LoadBalancer } from '../tests/support/loadBalancer';
import { createOrganisation, onInterrupt } from './benchSupport';
import { processSample, startBenchBroker } from './benchBroker';
import {
  ADMIN_PASSWORD,
  benchServerHandle,
  createProbeGateway,
  MQTT_PASSWORD,
  type BenchServer,
  type ServerOptions,
  type ServerReady,
  type UsageWindow,
} from './realtimeServer';

type ToServer = { type: 'mark'; name: string } | { type: 'stop' };
type FromServer = ServerReady | { type: 'usage'; windows: UsageWindow[] };
let cleanUpServer: (() => Promise<void>) | undefined;

async function serve(options: ServerOptions, processes: number): Promise<void> {
  let cluster: Cluster | undefined;
  let lb: LoadBalancer | undefined;
  const broker = await startBenchBroker();
  const cleanUp = async () => {
    await lb?.stop().catch(() => undefined);
    if (lb && process.env.BENCH_LB_LOG) writeFileSync(process.env.BENCH_LB_LOG, lb.output());
    // BENCH_SERVER_LOG=<file>: what the processes printed (LOG_LEVEL error unless BENCH_SERVER_LOG_LEVEL says).
    if (cluster && process.env.BENCH_SERVER_LOG)
      writeFileSync(process.env.BENCH_SERVER_LOG, cluster.servers.map((server, i) => `=== process ${i + 1}\n${server.output()}`).join('\n'));
    await cluster?.stop().catch(() => undefined);
    await broker.stop().catch(() => undefined);
  };
  onInterrupt(cleanUp);
  cleanUpServer = cleanUp;
  cluster = await startCluster({
    processes,
    redis: true,
    env: {
      ADMIN_PASSWORD,
      SEED_DEMO: 'off',
      MQTT_URL: `mqtt://127.0.0.1:${broker.port}`,
      MQTT_SHARE_GROUP: 'bench',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL || 'error',
    },
  });
  const storage = await openStorage({ databaseUrl: cluster.database.url, dataDir: tmpdir() });
  const mqttPasswordHash = await hashPassword(MQTT_PASSWORD);
  const org =
    options.loadMeters > 0
      ? await createOrganisation(storage.db, { meterCount: options.loadMeters, gatewayCount: options.loadGateways, mqttPasswordHash })
      : undefined;
  const probe = await createProbeGateway(storage.db, options.probeMeters, mqttPasswordHash);
  await storage.close();
  // The processes learn of gateways and meters written behind their back when their directory ages out (10 s).
  await new Promise((r) => setTimeout(r, 11_000));
  // 5,000 sockets hold 10,000 descriptors in the balancer.
  lb = await startLoadBalancer(
    cluster.servers.map((server) => `127.0.0.1:${server.port}`),
    // BENCH_LB_LOG=<file>: every request's log line (termination state, timers) written there at the end.
    { LB_MAXCONN: '9000', ...(process.env.BENCH_LB_LOG ? { LB_LOG_LEVEL: 'info' } : {}) },
  );
  const pids = cluster.servers.map((server) => server.process.pid!).filter(Boolean);

  const windows: UsageWindow[] = [];
  let current = { name: 'setup', started: performance.now(), cpu: processSample(pids).cpuSeconds, rssPeak: 0 };
  const sampler = setInterval(() => (current.rssPeak = Math.max(current.rssPeak, processSample(pids).rss)), 200);
  const close = () => {
    const now = processSample(pids);
    const seconds = (performance.now() - current.started) / 1000;
    windows.push({
      name: current.name,
      seconds,
      cpuCores: (now.cpuSeconds - current.cpu) / seconds,
      rssPeak: Math.max(current.rssPeak, now.rss),
      rssEnd: now.rss,
      heapPeak: 0,
    });
  };
  process.on('message', (message: ToServer) => {
    close();
    if (message.type === 'mark') {
      current = { name: message.name, started: performance.now(), cpu: processSample(pids).cpuSeconds, rssPeak: 0 };
      return;
    }
    clearInterval(sampler);
    void cleanUp().then(() => process.send?.({ type: 'usage', windows } satisfies FromServer, () => process.exit(0)));
  });
  process.send?.({
    type: 'ready',
    httpPort: lb.port,
    mqttPort: broker.port,
    storage: `PostgreSQL, ${processes} server processes (Redis adapter, MQTT shared subscription) behind HAProxy (deploy/)`,
    load: (org?.gateways ?? []).map((g) => ({
      sn: g.sn,
      meterCodes: g.meterCodes,
      meterIndexes: g.meterCodes.map((code) => org!.meters.findIndex((m) => m.code === code)),
    })),
    probe,
  } satisfies FromServer);
}

/** Forks the cluster (n processes behind the balancer) and waits until it is ready; the handle is realtimeServer's. */
export function startBenchCluster(options: ServerOptions, processes: number): Promise<BenchServer> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_CLUSTER_SERVER: JSON.stringify({ options, processes }) },
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  return benchServerHandle(child, 'bench cluster');
}

if (process.env.BENCH_CLUSTER_SERVER) {
  const { options, processes } = JSON.parse(process.env.BENCH_CLUSTER_SERVER) as { options: ServerOptions; processes: number };
  serve(options, processes).catch(async (error: unknown) => {
    console.error('bench cluster failed:', error);
    await cleanUpServer?.();
    process.exit(1);
  });
  process.on('disconnect', () => void (cleanUpServer?.() ?? Promise.resolve()).finally(() => process.exit(0)));
}
