import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../db/connect';
import { underSchemaChangeLock } from '../db/migrate';
import { dropPrivateSchema } from '../db/privateSchema.test-util';
import { jobLeases } from '../db/migrations/0028_job_leases';
import { JobLeases, LEASE_TTL_MS } from './jobLeases';

const usePostgres = process.env.TEST_DB === 'postgres';
const databaseUrl = usePostgres ? process.env.TEST_DATABASE_URL : undefined;
const schema = usePostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'energy-leases-'));
let storage: Storage;

/** The clock every "process" of a test reads: moved by hand, never waited for. */
let t = 0;
const clock = () => t;
const processes: JobLeases[] = [];
const leasesOf = (holder: string) => {
  const leases = new JobLeases(storage.db, { holder, now: clock });
  processes.push(leases);
  return leases;
};
const row = (name: string) => storage.db.selectFrom('job_leases').selectAll().where('name', '=', name).executeTakeFirst();

beforeAll(async () => {
  storage = await openStorage({ databaseUrl, dataDir, ...(schema ? { postgresSchema: schema } : {}) });
  const migrator = new Migrator({
    db: storage.db,
    provider: { getMigrations: async () => ({ '0028_job_leases': jobLeases() }) },
    ...(storage.schema ? { migrationTableSchema: storage.schema } : {}),
  });
  const { error } = await underSchemaChangeLock(storage, () => migrator.migrateToLatest());
  if (error) throw error;
});

beforeEach(async () => {
  t = 1_000_000;
  processes.length = 0;
  await storage.db.deleteFrom('job_leases').execute();
});

afterAll(async () => {
  await storage.close();
  if (schema && databaseUrl) {
    await dropPrivateSchema(databaseUrl, schema);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('job leases', () => {
  it('five processes asking at the same moment: exactly one holds the lease, and the row names it', async () => {
    const all = ['p1', 'p2', 'p3', 'p4', 'p5'].map(leasesOf);
    const leases = all.map((p) => p.lease('sweep'));
    await Promise.all(all.map((p) => p.tick()));
    const holders = all.filter((_, i) => leases[i]!.held()).map((p) => p.holder);
    expect(holders).toHaveLength(1);
    expect((await row('sweep'))!).toMatchObject({ holder: holders[0], lease_until: 1_000_000 + LEASE_TTL_MS, taken_at: 1_000_000 });
    // Another round each, ten seconds on: still the same single holder.
    t += 10_000;
    await Promise.all(all.map((p) => p.tick()));
    expect(all.filter((_, i) => leases[i]!.held()).map((p) => p.holder)).toEqual(holders);
  });

  it('the holder renews every round: a lease renewed at 15 s is not taken at 25 s, and its taken_at stays', async () => {
    const a = leasesOf('A');
    const b = leasesOf('B');
    const leaseA = a.lease('sweep');
    const leaseB = b.lease('sweep');
    await a.tick();
    await b.tick();
    t += 15_000;
    await a.tick();
    expect((await row('sweep'))!).toMatchObject({ holder: 'A', lease_until: 1_015_000 + LEASE_TTL_MS, taken_at: 1_000_000 });
    t += 10_000; // 25 s after the first take: past its first expiry, inside the renewed one
    await b.tick();
    expect(leaseB.held()).toBe(false);
    expect(leaseA.held()).toBe(true);
    expect((await row('sweep'))!.holder).toBe('A');
  });

  it('a holder that dies without releasing is replaced once its lease lapses, not before, and cannot take it back', async () => {
    const a = leasesOf('A');
    const b = leasesOf('B');
    const leaseA = a.lease('sweep');
    const takenByB: number[] = [];
    const leaseB = b.lease('sweep', () => takenByB.push(t));
    await a.tick();
    await b.tick();
    expect([leaseA.held(), leaseB.held()]).toEqual([true, false]);
    // A is killed here: it never ticks again. B keeps trying every round.
    t = 1_000_000 + LEASE_TTL_MS; // exactly at lease_until: still A's
    await b.tick();
    expect(leaseB.held()).toBe(false);
    expect((await row('sweep'))!.holder).toBe('A');
    t += 1;
    await b.tick();
    expect(leaseB.held()).toBe(true);
    expect(takenByB).toEqual([1_000_000 + LEASE_TTL_MS + 1]);
    expect((await row('sweep'))!).toMatchObject({ holder: 'B', taken_at: 1_000_000 + LEASE_TTL_MS + 1 });
    // A's own view ended before the row lapsed (no two holders even by A's count) and a late round of A takes nothing.
    expect(leaseA.held()).toBe(false);
    await a.tick();
    expect(leaseA.held()).toBe(false);
    expect((await row('sweep'))!.holder).toBe('B');
    // B's next rounds renew without calling onTaken again.
    t += 5_000;
    await b.tick();
    expect(takenByB).toHaveLength(1);
  });

  it('a holder counts the lease as its own only until 2 s before the row lapses, even without a round', async () => {
    const a = leasesOf('A');
    const lease = a.lease('sweep');
    await a.tick();
    t = 1_000_000 + LEASE_TTL_MS - 2_001;
    expect(lease.held()).toBe(true);
    t += 1;
    expect(lease.held()).toBe(false);
  });

  it('a clean stop releases: the next process takes over at its next round', async () => {
    const a = leasesOf('A');
    const b = leasesOf('B');
    a.lease('sweep');
    const leaseB = b.lease('sweep');
    await a.tick();
    await b.tick();
    await a.stop();
    await b.tick();
    expect(leaseB.held()).toBe(true);
    expect((await row('sweep'))!.holder).toBe('B');
  });

  it('runIfHeld runs the work on the holder only and records who ran it last', async () => {
    const a = leasesOf('A');
    const b = leasesOf('B');
    const leaseA = a.lease('sweep');
    const leaseB = b.lease('sweep');
    await a.tick();
    await b.tick();
    const ran: string[] = [];
    t += 1_000;
    expect(await leaseB.runIfHeld(async () => ran.push('B'))).toBe(false);
    expect(await leaseA.runIfHeld(async () => ran.push('A'))).toBe(true);
    expect(ran).toEqual(['A']);
    expect((await row('sweep'))!).toMatchObject({ last_run_by: 'A', last_run_at: 1_001_000 });
  });

  it('leases of different jobs are independent: one process may hold one, another the other', async () => {
    const a = leasesOf('A');
    const b = leasesOf('B');
    a.lease('first');
    await a.tick();
    const second = b.lease('second');
    const first = b.lease('first');
    await b.tick();
    expect([first.held(), second.held()]).toEqual([false, true]);
    expect((await row('first'))!.holder).toBe('A');
    expect((await row('second'))!.holder).toBe('B');
  });
});
