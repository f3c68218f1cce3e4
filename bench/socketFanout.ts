// Realtime fan-out: 5,000 socket.io clients, each receiving one message a second, delivery p99 ≤ 100 ms.
// The server (bench/realtimeServer.ts, SQLite) runs in a process of its own; the clients run in
// BENCH_CLIENT_PROCS processes (bench/socketClients.ts). Each client subscribes to `meter:<id>:latest` of
// one of BENCH_FANOUT_METERS probe meters (client i → meter i mod N: N rooms of 5,000 / N sockets); this
// process publishes one reading per meter per second over MQTT (QoS 1), spread evenly over the second, with
// ts = the send time. The path measured is the product's: MQTT → ingest commit → committed-readings event →
// meter channel (meter_state read) → room emit → client. Latency = receive time − ts (same clock).
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpus, totalmem } from 'node:os';
import mqtt from 'mqtt';
import { meterLatestChannel } from '../shared/schemas/alarms';
import { summarize } from './stats';
import { fmtInt, fmtMs, intEnv, machineCpu, mb, onInterrupt } from './benchSupport';
import { startBenchCluster } from './clusterServer';
import { adminToken, MQTT_PASSWORD, startBenchServer } from './realtimeServer';
import type { ClientsCollected, ClientsConnected, ClientsStart, ToClients } from './socketClients';

const CLIENTS = intEnv('BENCH_CLIENTS', 5_000);
/** BENCH_CLUSTER=<n>: n server processes on PostgreSQL + Redis behind HAProxy (bench/clusterServer.ts) instead of one on SQLite. */
const CLUSTER = intEnv('BENCH_CLUSTER', 0);
const METERS = intEnv('BENCH_FANOUT_METERS', 100);
const CLIENT_PROCS = intEnv('BENCH_CLIENT_PROCS', 4);
const WINDOW_S = intEnv('BENCH_WINDOW_S', 60);
const WARMUP_S = 5;
/** After the window, how long late messages may still arrive before they count as missing. */
const GRACE_MS = 2_000;
const CONNECT_PER_SECOND = intEnv('BENCH_CONNECT_RATE', 500);
const TARGET_P99_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function forkClients(start: ClientsStart): { child: ChildProcess; connected: Promise<ClientsConnected>; collected: Promise<ClientsCollected> } {
  const child = fork(fileURLToPath(new URL('./socketClients.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const connected = new Promise<ClientsConnected>((resolve, reject) => {
    child.on('message', (message: ClientsConnected | ClientsCollected) => message.type === 'connected' && resolve(message));
    child.once('exit', (code) => reject(new Error(`socket clients exited with ${code} before connecting`)));
  });
  const collected = new Promise<ClientsCollected>((resolve, reject) => {
    child.on('message', (message: ClientsConnected | ClientsCollected) => message.type === 'collected' && resolve(message));
    child.once('exit', (code) => reject(new Error(`socket clients exited with ${code} before their figures`)));
  });
  // Awaited later; an early exit must not be an unhandled rejection meanwhile.
  collected.catch(() => undefined);
  child.send(start);
  return { child, connected, collected };
}

/** The soft limit on open files of this process (the server and client processes inherit it); NaN off Linux. */
function openFilesLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    return Number(line?.split(/\s{2,}/)[1]);
  } catch {
    return Number.NaN;
  }
}

async function run(): Promise<void> {
  // The server holds one descriptor per client socket; node cannot raise its own limit.
  const limit = openFilesLimit();
  if (limit < CLIENTS + 500)
    throw new Error(`open files limit ${limit} is below ${CLIENTS + 500}: run \`ulimit -n ${Math.max(20_000, CLIENTS * 2)}\` in this shell first`);
  const idle = machineCpu();
  await sleep(1_000);
  const busyBefore = idle();
  const server =
    CLUSTER > 0
      ? await startBenchCluster({ loadMeters: 0, loadGateways: 0, probeMeters: METERS }, CLUSTER)
      : await startBenchServer({ loadMeters: 0, loadGateways: 0, probeMeters: METERS }, 'socket-fanout');
  const meters = server.ready.probe.meters;
  const clients: ReturnType<typeof forkClients>[] = [];
  let feed: mqtt.MqttClient | undefined;
  const cleanUp = async () => {
    for (const { child } of clients) if (child.exitCode === null) child.kill();
    await feed?.endAsync(true).catch(() => undefined);
  };
  const unregister = onInterrupt(cleanUp);
  try {
    // Client i watches meter i mod N; the clients are dealt to the processes in turn.
    const channelOf = (i: number) => meterLatestChannel(meters[i % meters.length]!.id);
    // A session per client process, as each would log in (argon2id) before opening its sockets.
    const tokens: string[] = [];
    for (let p = 0; p < CLIENT_PROCS; p++) tokens.push(await adminToken(server.url));
    server.mark('connect');
    for (let p = 0; p < CLIENT_PROCS; p++) {
      const channels: string[] = [];
      for (let i = p; i < CLIENTS; i += CLIENT_PROCS) channels.push(channelOf(i));
      clients.push(
        forkClients({
          type: 'start',
          url: server.url,
          token: tokens[p]!,
          channels,
          connectPerSecond: CONNECT_PER_SECOND / CLIENT_PROCS,
          connectTimeoutMs: 60_000,
        }),
      );
    }
    const connected = await Promise.all(clients.map((c) => c.connected));
    const connectSeconds = Math.max(...connected.map((c) => c.seconds));
    const subscribed = connected.reduce((sum, c) => sum + c.subscribed, 0);
    console.log(`  ${fmtInt(subscribed)} of ${fmtInt(CLIENTS)} clients subscribed in ${connectSeconds.toFixed(1)} s`);
    for (const failure of connected.flatMap((c) => c.failures).slice(0, 5)) console.log(`  failed: ${failure}`);

    // The feed: meter i is due at i × (1000 / N) ms into every second, paced by the clock.
    feed = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.ready.mqttPort}`, {
      username: server.ready.probe.sn,
      password: MQTT_PASSWORD,
      clientId: 'bench-fanout-feed',
      connectTimeout: 60_000,
    });
    const published = meters.map(() => [] as number[]);
    const commitMs: number[] = [];
    const feedStarted = Date.now();
    const from = feedStarted + WARMUP_S * 1000;
    const ends = from + WINDOW_S * 1000;
    for (const c of clients) c.child.send({ type: 'measure', from } satisfies ToClients);
    let sent = 0;
    let machine: (() => number) | undefined;
    let inWindow = false;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = Date.now();
        if (!inWindow && now >= from) {
          inWindow = true;
          server.mark('window');
          machine = machineCpu();
        }
        const due = Math.floor(((Math.min(now, ends) - feedStarted) * meters.length) / 1000);
        while (sent < due) {
          const index = sent % meters.length;
          const ts = Date.now();
          published[index]!.push(ts);
          feed!.publish(
            `gateways/${server.ready.probe.sn}/readings`,
            `{"readings":[{"meter":"${meters[index]!.code}","ts":${ts},"values":{"kw":${(sent % 997) + 1}}}]}`,
            { qos: 1 },
            (error) => {
              if (!error) commitMs.push(Date.now() - ts);
            },
          );
          sent++;
        }
        if (now >= ends) resolve();
        else setTimeout(tick, 2);
      };
      tick();
    });
    const machineBusy = machine?.() ?? Number.NaN;
    server.mark('after');
    const to = Date.now();
    await sleep(GRACE_MS);
    for (const c of clients) c.child.send({ type: 'collect', to } satisfies ToClients);
    const collected = await Promise.all(clients.map((c) => c.collected));
    const usage = await server.stop();

    // Expected: every reading of a subscribed client's meter sent within [from, to].
    const sentInWindow = published.map((list) => list.filter((ts) => ts >= from && ts <= to).length);
    let expected = 0;
    let short = 0;
    collected.forEach((c, p) => {
      c.perSocket.forEach((got, k) => {
        if (!connected[p]!.isSubscribed[k]) return;
        const want = sentInWindow[(p + k * CLIENT_PROCS) % meters.length]!;
        expected += want;
        if (got < want) short++;
      });
    });
    const latencies = collected.flatMap((c) => c.latencies);
    const s = summarize(latencies);
    const commit = summarize(commitMs);
    const connect = usage.find((u) => u.name === 'connect');
    const window = usage.find((u) => u.name === 'window');
    const cores = cpus().length;
    const clientCpu = collected.reduce((sum, c) => sum + c.cpuCores, 0);

    console.log(`\nSocket fan-out — ${server.ready.storage}; ${cores} cores, ${mb(totalmem())} memory`);
    console.log(`target: ${fmtInt(CLIENTS)} socket clients × 1 message/s, delivery p99 ≤ ${TARGET_P99_MS} ms (open files limit ${limit})`);
    console.log(
      `${fmtInt(CLIENTS)} clients in ${CLIENT_PROCS} processes (websocket, one connection each), ${METERS} meters' latest channels (${fmtInt(CLIENTS / METERS)} clients per room), ` +
        `each meter fed 1 reading/s over MQTT, the meters spread over the second; ${WINDOW_S} s measured after ${WARMUP_S} s of warm-up`,
    );
    const lines: [string, string][] = [
      [
        'clients connected / subscribed',
        `${fmtInt(connected.reduce((sum, c) => sum + c.connected, 0))} / ${fmtInt(subscribed)} in ${connectSeconds.toFixed(1)} s (offered ${CONNECT_PER_SECOND}/s; handshakes failed and retried ${fmtInt(connected.reduce((sum, c) => sum + c.connectErrors, 0))})`,
      ],
      [
        'messages received / expected',
        `${fmtInt(latencies.length)} / ${fmtInt(expected)} (${fmtInt(latencies.length / WINDOW_S)}/s; sockets short of their count ${short}, disconnects ${collected.reduce((sum, c) => sum + c.disconnects, 0)})`,
      ],
      ['delivery p50 / p95 / p99 / max', `${fmtMs(s.p50)} / ${fmtMs(s.p95)} / ${fmtMs(s.p99)} / ${fmtMs(s.max)} ms`],
      ['  of which publish → commit (PUBACK) p50 / p99', `${fmtMs(commit.p50)} / ${fmtMs(commit.p99)} ms`],
      ['server CPU (window)', window ? `${window.cpuCores.toFixed(2)} cores` : '–'],
      [
        'server RSS before clients → connected → window peak',
        `${mb(usage[0]?.rssEnd ?? 0)} → ${mb(connect?.rssEnd ?? 0)} → ${mb(window?.rssPeak ?? 0)} (heap peak ${mb(window?.heapPeak ?? 0)})`,
      ],
      ['server CPU while connecting', connect ? `${connect.cpuCores.toFixed(2)} cores over ${connect.seconds.toFixed(1)} s` : '–'],
      ['client processes CPU (window)', `${clientCpu.toFixed(2)} cores`],
      ['whole machine CPU (window)', `${(machineBusy * cores).toFixed(2)} of ${cores} cores (${(busyBefore * 100).toFixed(0)} % busy just before the run)`],
    ];
    const width = Math.max(...lines.map(([label]) => label.length));
    for (const [label, value] of lines) console.log(`${label.padEnd(width)}  ${value}`);
    const pass = subscribed === CLIENTS && latencies.length === expected && s.p99 <= TARGET_P99_MS;
    console.log(
      `${pass ? 'PASS' : 'FAIL'}: p99 ${fmtMs(s.p99)} ms against ≤ ${TARGET_P99_MS} ms, ${fmtInt(latencies.length)} of ${fmtInt(expected)} messages, ${fmtInt(subscribed)} of ${fmtInt(CLIENTS)} clients`,
    );
  } finally {
    await cleanUp();
    unregister();
    if (server.process.exitCode === null) server.process.kill('SIGTERM');
  }
}

// Like the other benches: the figures and the verdict are printed; the exit code says only whether it ran.
await run().catch((error: unknown) => {
  console.error('socket fan-out bench failed:', error);
  process.exit(1);
});
process.exit(0);
