import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { aliases } from './scripts/aliases.js';

const serverInclude = ['server/**/*.test.ts', 'tests/api/**/*.test.ts'];
const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * Suites: unit (beside the code), server (through inject, once on SQLite and once on PostgreSQL when
 * TEST_DATABASE_URL is set) and e2e (real server + Chromium). `npm test` (scripts/test.mjs) runs them all.
 */
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    // Vitest's default is one worker per core minus one: a single worker on a 2-core CI runner, where most files wait
    // on PostgreSQL, a server process or Chromium rather than the CPU. Two keep both cores busy (each PostgreSQL
    // suite has a schema of its own; the e2e files still run one at a time).
    maxWorkers: 2,
    projects: [
      {
        plugins: [react()],
        resolve: { alias: aliases },
        test: {
          name: 'unit',
          include: ['shared/**/*.test.{ts,tsx}', 'console/**/*.test.{ts,tsx}', 'kiosk/**/*.test.{ts,tsx}', 'boards/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          // jsdom renders whole pages (antd tables, charts): on a busy 2-core CI runner one can take several seconds.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias: aliases },
        // hookTimeout: a suite's beforeAll that builds a whole app and fixture (the authorization matrix) takes over 10 s on a busy runner.
        test: { name: 'server-sqlite', include: serverInclude, environment: 'node', env: { TEST_DB: 'sqlite' }, testTimeout: 20_000, hookTimeout: 60_000 },
      },
      ...(pgUrl
        ? [
            {
              resolve: { alias: aliases },
              test: {
                name: 'server-pg',
                include: serverInclude,
                environment: 'node',
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl },
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      // Several real server processes on one PostgreSQL database (plus the machine's Redis and broker): one file at a time.
      ...(pgUrl
        ? [
            {
              resolve: { alias: aliases },
              test: {
                name: 'cluster',
                include: ['tests/cluster/**/*.cluster.ts'],
                environment: 'node',
                env: { TEST_DATABASE_URL: pgUrl },
                fileParallelism: false,
                testTimeout: 120_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
      {
        resolve: { alias: aliases },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/support/buildOnce.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
