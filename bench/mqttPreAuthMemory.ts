// What an unauthenticated client costs the embedded MQTT broker: connections that send a CONNECT fixed
// header declaring a 200 MB packet and then stream 200 MB of bytes at it over loopback. The server
// (buildApp on SQLite + startMqttIngress with the default MQTT settings) runs in a process of its own so
// the clients' buffers do not count in its RSS. Prints the server's RSS before, at the end of the stream,
// 5 s later with the connections still open, and after the clients hung up; and per connection how many
// bytes the server took before it closed the connection (if it did).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onInterrupt } from './benchSupport';

const DECLARED_BYTES = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024);
/** A phase stops streaming after this long even if the server keeps reading. */
const PHASE_LIMIT_MS = 60_000;

type ToServer = { type: 'memory' } | { type: 'stop' };
type FromServer = { type: 'ready'; mqttPort: number } | { type: 'memory'; rss: number; rssPeak: number; heapUsed: number };

async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config');
  const { startMqttIngress } = await import('../server/mqtt');
  const dataDir = mkdtempSync(join(tmpdir(), 'energy-bench-mqtt-preauth-'));
  const config = loadConfig({ dataDir, databaseUrl: undefined, adminPassword: 'Bench!2345pass', logLevel: 'silent', seedDemo: false, host: '127.0.0.1' });
  const app = await buildApp(config, { logger: false });
  const quiet = () => undefined;
  const ingress = await startMqttIngress({
    storage: app.storage,
    ingest: app.ingest,
    port: 0,
    host: '127.0.0.1',
    log: { info: quiet, debug: quiet, warn: quiet, error: quiet },
    env: {},
  });
  if (ingress.mode !== 'embedded' || !ingress.port) throw new Error(`embedded MQTT broker did not start (${ingress.mode})`);
  let rssPeak = 0;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  const cleanUp = async () => {
    clearInterval(sampler);
    await ingress.close().catch(() => undefined);
    await app.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('message', (message: ToServer) => {
    if (message.type === 'memory') {
      const { rss, heapUsed } = process.memoryUsage();
      process.send?.({ type: 'memory', rss, rssPeak: Math.max(rssPeak, rss), heapUsed } satisfies FromServer);
      rssPeak = 0;
      return;
    }
    void cleanUp().finally(() => process.exit(0));
  });
  process.on('disconnect', () => void cleanUp().finally(() => process.exit(0)));
  process.send?.({ type: 'ready', mqttPort: ingress.port } satisfies FromServer);
}

/** The MQTT variable-length "remaining length" (MQTT 3.1.1 §2.2.3). */
function remainingLength(value: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    bytes.push(byte);
  } while (value > 0);
  return Buffer.from(bytes);
}

interface Probe {
  socket: Socket;
  sent: number;
  closedByServerAfterMs: number | null;
}

/** Sends the CONNECT header and then streams zeros, honouring backpressure, until done, closed or out of time. */
function probe(port: number, deadline: number): Promise<Probe> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect({ host: '127.0.0.1', port });
    const result: Probe = { socket, sent: 0, closedByServerAfterMs: null };
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      resolve(result);
    };
    socket.on('error', () => undefined);
    socket.once('close', () => {
      result.closedByServerAfterMs ??= Date.now() - started;
      finish();
    });
    socket.once('connect', () => {
      socket.write(Buffer.concat([Buffer.from([0x10]), remainingLength(DECLARED_BYTES)]));
      const pump = () => {
        while (!socket.destroyed && result.sent < DECLARED_BYTES && Date.now() < deadline) {
          const size = Math.min(CHUNK.length, DECLARED_BYTES - result.sent);
          result.sent += size;
          if (!socket.write(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size))) return void socket.once('drain', pump);
        }
        finish();
      };
      pump();
    });
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_MQTT_PREAUTH_SERVER: '1' },
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  onInterrupt(() => void child.kill('SIGTERM'));
  const ready = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)));
    child.once('message', (message: FromServer) => (message.type === 'ready' ? resolve(message.mqttPort) : reject(new Error('unexpected message'))));
  });
  const memory = () =>
    new Promise<Extract<FromServer, { type: 'memory' }>>((resolve) => {
      child.once('message', (message: FromServer) => message.type === 'memory' && resolve(message));
      child.send({ type: 'memory' } satisfies ToServer);
    });
  await sleep(1_000);
  const rows: string[][] = [];
  const baseline = await memory();
  rows.push(['idle, before any probe', '', '', mb(baseline.rss), mb(baseline.rssPeak)]);
  for (const count of [1, 3]) {
    const before = await memory();
    const deadline = Date.now() + PHASE_LIMIT_MS;
    const probes = await Promise.all(Array.from({ length: count }, () => probe(ready, deadline)));
    await sleep(500);
    const atEnd = await memory();
    const sent = probes.map((p) => mb(p.sent)).join(', ');
    const closed = probes.map((p) => (p.closedByServerAfterMs === null ? 'open' : `closed after ${p.closedByServerAfterMs} ms`)).join(', ');
    rows.push([`${count} connection(s): end of stream`, sent, closed, mb(atEnd.rss), mb(Math.max(before.rssPeak, atEnd.rssPeak))]);
    await sleep(5_000);
    const later = await memory();
    rows.push([
      `${count} connection(s): 5 s later (still connected if open)`,
      '',
      probes.map((p) => (p.socket.destroyed ? 'closed' : 'open')).join(', '),
      mb(later.rss),
      mb(later.rssPeak),
    ]);
    for (const p of probes) p.socket.destroy();
    await sleep(2_000);
    const after = await memory();
    rows.push([`${count} connection(s): 2 s after the clients hung up`, '', '', mb(after.rss), mb(after.rssPeak)]);
  }
  child.send({ type: 'stop' } satisfies ToServer);
  await new Promise((resolve) => child.once('exit', resolve));
  const header = ['phase', 'bytes the client wrote per connection', 'connections', 'server RSS', 'RSS peak in phase'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ');
  console.log(`MQTT pre-authentication memory: CONNECT header declaring ${mb(DECLARED_BYTES)}, then ${mb(DECLARED_BYTES)} streamed per connection`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of rows) console.log(line(row));
}

if (process.env.BENCH_MQTT_PREAUTH_SERVER) {
  serve().catch((error: unknown) => {
    console.error('bench server failed:', error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
