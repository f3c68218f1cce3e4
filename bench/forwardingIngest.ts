// Ingest answer time with and without dead forwarding endpoints (server/forwarding): the same HTTP ingest
// calls, interleaved rounds, first with no endpoint, then with one endpoint that never answers and one whose
// port refuses, both taking every meter's readings, energy and alarms. Loopback only; bounded; SQLite.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { intEnv } from './benchSupport';
import { summarize } from './stats';

const PAYLOADS = intEnv('BENCH_PAYLOADS', 200);
const READINGS = intEnv('BENCH_READINGS', 50);
const ROUNDS = intEnv('BENCH_ROUNDS', 3);

const dataDir = mkdtempSync(join(tmpdir(), 'forward-bench-'));
process.env.FORWARD_QUEUE_LIMIT ??= '10000';
const app = await buildApp(
  loadConfig({
    dataDir,
    adminPassword: 'Bench!2345pass',
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    webRoot: join(dataDir, 'web'),
    logLevel: 'silent',
  }),
  { logger: false },
);
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'Bench!2345pass' } });
const auth = { authorization: `Bearer ${login.json().data.token as string}` };
const key = (await app.inject({ method: 'POST', url: '/api/interface-keys', headers: auth, payload: { name: 'bench' } })).json().data.key as string;
await app.inject({ method: 'POST', url: '/api/interface-keys/activate', headers: auth, payload: { key } });
const meters = (await app.storage.db.selectFrom('meters').select('code').where('energy_type', '=', 'electricity').execute()).map((m) => m.code);

// A receiver that takes the request and never answers (the worst case: each call waits for its timeout).
const hanging: Server = createServer(() => undefined);
await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
const hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/in`;

let clock = Date.now() - 20 * 24 * 3600_000;
const register = new Map<string, number>();
async function round(): Promise<number[]> {
  const latencies: number[] = [];
  for (let p = 0; p < PAYLOADS; p++) {
    clock += 60_000;
    const readings = Array.from({ length: READINGS }, (_, i) => {
      const meter = meters[(p * READINGS + i) % meters.length]!;
      const kwh = (register.get(meter) ?? 1000) + 0.5;
      register.set(meter, kwh);
      return { meter, ts: clock + i, values: { kwh, kw: 30 } };
    });
    const started = performance.now();
    const answer = await app.inject({ method: 'POST', url: '/api/ingest/readings', headers: { 'x-interface-key': key }, payload: { readings } });
    latencies.push(performance.now() - started);
    if (answer.json().code !== 0) throw new Error(answer.body);
  }
  return latencies;
}

const results: Record<'none' | 'dead', number[]> = { none: [], dead: [] };
const endpointIds: number[] = [];
await round(); // warm-up
for (let r = 0; r < ROUNDS; r++) {
  for (const id of endpointIds.splice(0)) await app.inject({ method: 'DELETE', url: `/api/forward-endpoints/${id}`, headers: auth });
  results.none.push(...(await round()));
  for (const url of [hangingUrl, 'http://127.0.0.1:9/refused']) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/forward-endpoints',
      headers: auth,
      payload: {
        name: `dead ${url}`,
        url,
        sendReadings: true,
        sendEnergy: true,
        sendAlarms: true,
        batchSize: 100,
        intervalSeconds: 1,
        maxAttempts: 10,
        backoffSeconds: 1,
      },
    });
    endpointIds.push(created.json().data.id as number);
  }
  results.dead.push(...(await round()));
}
const rows = await Promise.all(
  endpointIds.map(
    async (id) => (await app.inject({ url: `/api/forward-endpoints/${id}`, headers: auth })).json().data as { name: string; queued: number; dropped: number },
  ),
);
const fmt = (label: string, samples: number[]) => {
  const s = summarize(samples);
  return `${label.padEnd(28)} n=${s.n}  p50 ${s.p50.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms  max ${s.max.toFixed(2)} ms`;
};
console.log(`HTTP ingest answer time, ${READINGS} readings per payload, ${ROUNDS} interleaved rounds of ${PAYLOADS} payloads (SQLite)`);
console.log(fmt('no forwarding endpoint', results.none));
console.log(fmt('2 dead endpoints (all data)', results.dead));
for (const row of rows) console.log(`  ${row.name}: queued ${row.queued}, dropped ${row.dropped} (queue limit ${process.env.FORWARD_QUEUE_LIMIT})`);
console.log(`  heap used at the end: ${(process.memoryUsage().heapUsed / 1048576).toFixed(1)} MB`);

hanging.closeAllConnections();
hanging.close();
await app.close();
rmSync(dataDir, { recursive: true, force: true });
