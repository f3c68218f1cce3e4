import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { loadConfig, type ServerConfig } from '@server/config';
import { SCHEMA_CHANGE_LOCK } from '@server/db/migrate';

export const TEST_ADMIN_PASSWORD = 'Admin!2345test';
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  close(): Promise<void>;
}

/**
 * A fresh server on a fresh database for one test file: a temp SQLite file, or (TEST_DB=postgres) a
 * schema of its own in TEST_DATABASE_URL that is dropped afterwards.
 */
export async function createTestApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'energy-test-'));
  const usePostgres = process.env.TEST_DB === 'postgres';
  const databaseUrl = usePostgres ? process.env.TEST_DATABASE_URL : undefined;
  if (usePostgres && !databaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const schema = usePostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    dataDir,
    databaseUrl,
    adminPassword: TEST_ADMIN_PASSWORD,
    jwtSecret: TEST_JWT_SECRET,
    webRoot: join(dataDir, 'no-web'),
    logLevel: 'silent',
    ...overrides,
  });
  const app = await buildApp(config, { logger: false, ...(schema ? { postgresSchema: schema } : {}) });
  return {
    app,
    config,
    async close() {
      await app.close();
      if (schema && databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        // Under the lock migrations take, so another suite's migrator never reads a table being dropped.
        await client.query('select pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK]);
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.query('select pg_advisory_unlock($1)', [SCHEMA_CHANGE_LOCK]);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in through the API and returns the token. */
export async function loginAs(app: FastifyInstance, username = 'admin', password = TEST_ADMIN_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const body = response.json() as { code: number; data: { token: string }; message: string };
  if (body.code !== 0) throw new Error(`login as ${username} failed: ${body.message}`);
  return body.data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
