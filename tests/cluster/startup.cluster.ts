import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startCluster, type Cluster } from '../support/cluster';
import { E2E_ADMIN_PASSWORD, type RunningServer } from '../support/serverProcess';

/** Rows written by jobs running after the start (period claims, leases), not by the seed. */
const RUNTIME_TABLES = new Set(['job_claims', 'job_leases']);

/** Rows per table of the cluster's database: what the start-up seeded (before anyone logs in). */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      if (RUNTIME_TABLES.has(name)) continue;
      const result = await client.query<{ n: string }>(`select count(*) as n from "${name}"`);
      counts[name] = Number(result.rows[0]!.n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

async function health(server: RunningServer): Promise<number> {
  return (await fetch(`${server.url}/api/health`)).status;
}

async function loginCode(server: RunningServer): Promise<number> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  return ((await response.json()) as { code: number }).code;
}

let running: Cluster | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** Starts a cluster, returns its seeded row counts after checking every process answers and lets admin in. */
async function startedCounts(processes: number, env: Record<string, string>): Promise<Record<string, number>> {
  running = await startCluster({ processes, together: true, env });
  const counts = await rowCounts(running.database.url);
  for (const server of running.servers) {
    expect(await health(server)).toBe(200);
    expect(await loginCode(server)).toBe(0);
  }
  await running.stop();
  running = undefined;
  return counts;
}

// Seven and three process starts: a loaded 2-core machine takes well over the project's two minutes.
describe('processes starting together on an empty database', () => {
  it('without the demo: both start, three rounds, and the menus, roles and admin are seeded once', async () => {
    const single = await startedCounts(1, { SEED_DEMO: 'off' });
    expect(single.users).toBe(1);
    expect(single.roles).toBe(2);
    for (let round = 0; round < 3; round += 1) expect(await startedCounts(2, { SEED_DEMO: 'off' })).toEqual(single);
  }, 400_000);

  it('with the demo: both start, and every seeded table holds what one process seeds', async () => {
    const single = await startedCounts(1, {});
    expect(single.meters).toBe(30);
    expect(single.seeded_samples).toBeGreaterThan(9);
    expect(await startedCounts(2, {})).toEqual(single);
  }, 300_000);
});
