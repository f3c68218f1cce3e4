import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startCluster, type Cluster } from '../support/cluster';
import type { RunningServer } from '../support/serverProcess';

/** The offline/trouble sweep's lease (server/alarms/alarmEngine.ts ALARM_SWEEP_LEASE). */
const LEASE = 'alarm-silence-sweep';

interface LeaseRow {
  holder: string;
  lease_until: number;
  last_run_by: string | null;
  last_run_at: number | null;
}

let cluster: Cluster;
let db: pg.Client;

/** A holder is host:pid:random; the pid names the server process. */
const pidOf = (holder: string | null): number | null => (holder ? Number(holder.split(':').at(-2)) : null);

async function leaseRow(): Promise<LeaseRow | undefined> {
  const result = await db.query<LeaseRow>(
    'select holder, lease_until::float8 as lease_until, last_run_by, last_run_at::float8 as last_run_at from job_leases where name = $1',
    [LEASE],
  );
  return result.rows[0];
}

/** Polls every 200 ms until `test` holds on the lease row; the row it held on, or undefined after `withinMs`. */
async function until(test: (row: LeaseRow | undefined) => boolean, withinMs: number): Promise<LeaseRow | undefined> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const row = await leaseRow();
    if (test(row)) return row;
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  // One after the other: this suite is about the jobs, not about start-up.
  cluster = await startCluster({ processes: 2, together: false, env: { SEED_DEMO: 'off' } });
  db = new pg.Client({ connectionString: cluster.database.url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
});

describe('singleton jobs across two processes', () => {
  it('the offline/trouble sweep runs on one process; after kill -9 of it the other takes it over within 30 s and raises the alarm once', async () => {
    const pids = cluster.servers.map((server) => server.process.pid);
    const held = await until((row) => row !== undefined && row.last_run_by !== null, 30_000);
    expect(held, 'a process took the sweep lease and ran the sweep').toBeDefined();
    const holder = cluster.servers.find((server) => server.process.pid === pidOf(held!.holder)) as RunningServer;
    const other = cluster.servers.find((server) => server !== holder) as RunningServer;
    expect(pids).toContain(holder.process.pid);

    // Over three renewal rounds the lease stays with the same process, and only that process runs the sweep.
    const seen = new Set<string>();
    const watchUntil = Date.now() + 15_000;
    while (Date.now() < watchUntil) {
      const row = (await leaseRow())!;
      seen.add(`${pidOf(row.holder)}/${pidOf(row.last_run_by)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect([...seen]).toEqual([`${holder.process.pid}/${holder.process.pid}`]);

    // A gateway silent for three hours (past the default two 15-minute intervals), then the holder dies without releasing.
    const admin = await db.query<{ id: number }>(`select id from users where username = 'admin'`);
    const gateway = await db.query<{ id: number }>(
      `insert into gateways (sn, name, owner_user_id, online, last_seen_at) values ('GW-LEASE', 'Lease test', $1, 1, $2) returning id`,
      [admin.rows[0]!.id, Date.now() - 3 * 3_600_000],
    );
    const killedAt = Date.now();
    holder.process.kill('SIGKILL');

    const taken = await until((row) => pidOf(row?.holder ?? null) === other.process.pid, 40_000);
    const takeoverMs = Date.now() - killedAt;
    expect(taken, `the lease moved to pid ${other.process.pid}`).toBeDefined();
    expect(takeoverMs).toBeLessThanOrEqual(30_000);
    const ran = await until((row) => pidOf(row?.last_run_by ?? null) === other.process.pid && Number(row!.last_run_at) >= killedAt, 30_000 - takeoverMs);
    expect(ran, 'the survivor ran the sweep within 30 s of the kill').toBeDefined();
    const ranMs = Number(ran!.last_run_at) - killedAt;

    const alarms = await db.query<{ n: string; repeats: number }>(
      `select count(*) as n, coalesce(max(repeat_count), 0)::int as repeats from alarm_records where kind = 'trouble' and subject_id = $1`,
      [gateway.rows[0]!.id],
    );
    expect(alarms.rows[0]).toEqual({ n: '1', repeats: 0 });
    console.log(`sweep lease: taken over ${takeoverMs} ms after kill -9, sweep ran on the survivor ${ranMs} ms after it`);
  });
});
