// Password guesses the login throttle lets through: 500 parallel guesses at one account, the right
// password in the middle, from one client address and from 50. Counts the answers, so it measures the
// server's behaviour, not its code: LOGIN_FAILED (and a successful login) means the password was evaluated.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { hashPassword } from '../server/auth/passwords';

const GUESSES = Number(process.env.BENCH_GUESSES ?? 500);
const ADMIN_PASSWORD = 'Bench!2345admin';
const VICTIM = 'victim';
const VICTIM_PASSWORD = 'Victim!2345pass';

interface Tally {
  evaluated: number;
  loggedIn: number;
  throttled: number;
  serverErrors: number;
  other: number;
}

async function withApp<T>(engine: 'sqlite' | 'postgres', run: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'energy-bench-'));
  const databaseUrl = engine === 'postgres' ? pgUrl() : undefined;
  const schema = engine === 'postgres' ? `bench_login_${process.pid}_${Date.now()}` : undefined;
  const app = await buildApp(
    loadConfig({ dataDir, databaseUrl, adminPassword: ADMIN_PASSWORD, webRoot: join(dataDir, 'none'), logLevel: 'silent', seedDemo: false }),
    {
      logger: false,
      ...(schema ? { postgresSchema: schema } : {}),
    },
  );
  try {
    const now = Date.now();
    await app.storage.db
      .insertInto('users')
      .values({
        username: VICTIM,
        true_name: VICTIM,
        email: 'victim@example.test',
        password_hash: await hashPassword(VICTIM_PASSWORD),
        father_id: null,
        type: 1,
        status: 1,
        cloud_type: 1,
        avatar: '',
        introduction: '',
        created_at: now,
        updated_at: now,
      })
      .execute();
    return await run(app);
  } finally {
    if (schema) await sql`drop schema ${sql.id(schema)} cascade`.execute(app.storage.db);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function pgUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

/** Fires every guess at once; guess i comes from address addresses[i % addresses.length]. */
async function guessInParallel(app: Awaited<ReturnType<typeof buildApp>>, addresses: string[]): Promise<Tally> {
  const right = Math.floor(GUESSES / 2);
  const answers = await Promise.all(
    Array.from({ length: GUESSES }, (_, i) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: addresses[i % addresses.length] as string,
        payload: { username: VICTIM, password: i === right ? VICTIM_PASSWORD : `wrong-guess-${i}` },
      }),
    ),
  );
  const tally: Tally = { evaluated: 0, loggedIn: 0, throttled: 0, serverErrors: 0, other: 0 };
  for (const answer of answers) {
    const code = (answer.json() as { code: number }).code;
    if (answer.statusCode >= 500) tally.serverErrors++;
    else if (code === 0) {
      tally.loggedIn++;
      tally.evaluated++;
    } else if (code === 10001) tally.evaluated++;
    else if (code === 10005) tally.throttled++;
    else tally.other++;
  }
  return tally;
}

async function postgresAnswers(): Promise<boolean> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: pgUrl(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const wanted = process.env.BENCH_ENGINES ?? 'sqlite,postgres';
  const engines = (['sqlite', 'postgres'] as const).filter((engine) => wanted.includes(engine));
  console.log(`${GUESSES} parallel login guesses at one account (right password at #${GUESSES / 2}); "evaluated" = password checked`);
  console.log('(all land within seconds, so each figure is also the count per account per 15 minutes)');
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresAnswers())) {
      console.log('postgres: no server answers, skipped');
      continue;
    }
    for (const clients of [1, 50]) {
      const addresses = Array.from({ length: clients }, (_, i) => `198.51.100.${i + 1}`);
      const tally = await withApp(engine, (app) => guessInParallel(app, addresses));
      console.log(
        `${engine.padEnd(8)} from ${String(clients).padStart(2)} address(es): evaluated ${String(tally.evaluated).padStart(3)}  logged in ${tally.loggedIn}  ` +
          `throttled (10005) ${String(tally.throttled).padStart(3)}  5xx ${tally.serverErrors}  other ${tally.other}`,
      );
    }
  }
}

await main();
