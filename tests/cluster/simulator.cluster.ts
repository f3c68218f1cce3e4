import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startCluster, type Cluster } from '../support/cluster';
import type { RunningServer } from '../support/serverProcess';

const HOLDS = 'simulator: this process holds the demo gateway';
let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster({
    processes: 2,
    env: { SIMULATOR: 'on', SIMULATOR_BACKFILL_DAYS: '1', SIMULATOR_INTERVAL_MS: '1000', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
  });
});
afterAll(async () => cluster?.stop());

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.database.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function until(condition: () => boolean | Promise<boolean>, seconds: number): Promise<void> {
  for (let i = 0; i < seconds * 4; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not within ${seconds} s`);
}

/** M001's live readings (1 s apart from one simulator) in the last `seconds`. */
const liveReadings = async (from: number, to: number) =>
  Number(
    (
      await query<{ n: string }>(`select count(*) as n from readings r join meters m on m.id = r.meter_id where m.code = 'M001' and r.ts >= $1 and r.ts < $2`, [
        from,
        to,
      ])
    )[0]!.n,
  );

describe('the demo simulator with two processes on one database', () => {
  it('runs on one process only, and on the other once the first is killed', async () => {
    await until(() => cluster.servers.some((server) => server.output().includes(HOLDS)), 60);
    const holders = cluster.servers.filter((server) => server.output().includes(HOLDS));
    expect(holders).toHaveLength(1);
    // One gateway's live stream: a reading a second, not two.
    await until(async () => (await liveReadings(Date.now() - 2_000, Date.now())) > 0, 90);
    const from = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    expect(await liveReadings(from, from + 10_000)).toBeLessThanOrEqual(11);

    const holder = holders[0]!;
    const other = cluster.servers.find((server) => server !== holder) as RunningServer;
    holder.process.kill('SIGKILL');
    await until(() => other.output().includes(HOLDS), 40);
    const after = Date.now();
    await until(async () => (await liveReadings(after, Date.now())) > 0, 60);
  });
});
