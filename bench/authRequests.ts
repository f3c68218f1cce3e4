// Login latency (argon2id) and the cost of the auth hook on every signed-in request, against the real server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { ms, summarize } from './stats';
import { runLoad } from './loadWorker';

const LOGINS = 20;
const REQUESTS = 5_000;
const CONCURRENCY = 32;
const PASSWORD = 'Bench!2345pass';

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'energy-bench-'));
  // On PostgreSQL (DATABASE_URL) the bench works in a schema of its own and drops it afterwards.
  const schema = process.env.DATABASE_URL ? `bench_${process.pid}` : undefined;
  const app = await buildApp(loadConfig({ dataDir, adminPassword: PASSWORD, webRoot: join(dataDir, 'none'), logLevel: 'silent' }), {
    logger: false,
    ...(schema ? { postgresSchema: schema } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  try {
    const loginTimes: number[] = [];
    let token = '';
    for (let i = 0; i < LOGINS; i++) {
      const started = performance.now();
      const response = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      });
      token = ((await response.json()) as { data: { token: string } }).data.token;
      loginTimes.push(performance.now() - started);
    }

    const load = await runLoad({ url: `${base}/users/info`, headers: { authorization: `Bearer ${token}` }, requests: REQUESTS, concurrency: CONCURRENCY });
    const seconds = load.seconds;
    const failures = load.failures;
    const requestTimes = load.samplesMs;

    const login = summarize(loginTimes);
    const info = summarize(requestTimes);
    console.log(`storage: ${app.storage.describe}`);
    console.log(`login (argon2id)         n=${login.n}  p50 ${ms(login.p50)}  p95 ${ms(login.p95)}  max ${ms(login.max)}`);
    console.log(
      `GET /users/info (auth)   n=${info.n}  ${(info.n / seconds).toFixed(0)} req/s at concurrency ${CONCURRENCY}  p50 ${ms(info.p50)}  p99 ${ms(info.p99)}  failures ${failures}`,
    );
  } finally {
    if (schema) await sql`drop schema ${sql.id(schema)} cascade`.execute(app.storage.db);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
