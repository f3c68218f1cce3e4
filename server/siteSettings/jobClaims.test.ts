import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator, type Migration } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../db/connect';
import { underSchemaChangeLock } from '../db/migrate';
import { dropPrivateSchema } from '../db/privateSchema.test-util';
import { siteSettings } from '../db/migrations/0017_site_settings';
import { jobClaimHeartbeats } from '../db/migrations/0031_job_claim_heartbeats';
import { CLAIM_RETRY_AFTER_ERROR_MS, CLAIM_TTL_MS, claimPeriod, lapsedPeriods, runOncePerPeriod } from './jobClaims';

const usePostgres = process.env.TEST_DB === 'postgres';
const databaseUrl = usePostgres ? process.env.TEST_DATABASE_URL : undefined;
const schema = usePostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'energy-claims-'));
let storage: Storage;

const T = 1_800_000_000_000;
const row = (job: string) => storage.db.selectFrom('job_claims').selectAll().where('job', '=', job).executeTakeFirstOrThrow();
const numbers = (r: Awaited<ReturnType<typeof row>>) => ({
  ...r,
  claimed_at: Number(r.claimed_at),
  claim_until: Number(r.claim_until),
  done_at: r.done_at === null ? null : Number(r.done_at),
});

async function migrate(migrations: Record<string, Migration>): Promise<void> {
  const migrator = new Migrator({
    db: storage.db,
    provider: { getMigrations: async () => migrations },
    ...(storage.schema ? { migrationTableSchema: storage.schema } : {}),
  });
  const { error } = await underSchemaChangeLock(storage, () => migrator.migrateToLatest());
  if (error) throw error;
}

beforeAll(async () => {
  storage = await openStorage({ databaseUrl, dataDir, ...(schema ? { postgresSchema: schema } : {}) });
  await migrate({ '0017_site_settings': siteSettings() });
  // A claim written before the heartbeat columns existed: its period counts as done.
  await storage.db
    .insertInto('job_claims')
    .values({ job: 'old-job', period: '2026-11-26', claimed_at: T - 5_000, claimed_by: 'old:1:x' } as never)
    .execute();
  await migrate({ '0017_site_settings': siteSettings(), '0031_job_claim_heartbeats': jobClaimHeartbeats() });
});

beforeEach(async () => {
  await storage.db.deleteFrom('job_claims').where('job', '<>', 'old-job').execute();
});

afterAll(async () => {
  await storage.close();
  if (schema && databaseUrl) {
    await dropPrivateSchema(databaseUrl, schema);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('period claims', () => {
  it('a claim from before migration 0031 counts as done: its period is not taken again, the next one is', async () => {
    expect(numbers(await row('old-job'))).toEqual({
      job: 'old-job',
      period: '2026-11-26',
      claimed_at: T - 5_000,
      claimed_by: 'old:1:x',
      claim_until: 0,
      done_at: T - 5_000,
    });
    expect(await claimPeriod(storage.db, 'old-job', '2026-11-26', 'p2', T)).toBe(false);
    expect(await lapsedPeriods(storage.db, ['old-job'], T)).toEqual([]);
    expect(await claimPeriod(storage.db, 'old-job', '2026-11-27', 'p2', T)).toBe(true);
  });

  it('five processes at once: one claims; a live claim is not taken, a lapsed unfinished one is, by another process', async () => {
    const won = await Promise.all(['p1', 'p2', 'p3', 'p4', 'p5'].map((p) => claimPeriod(storage.db, 'bills', '2026-10', p, T)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const holder = `p${won.indexOf(true) + 1}`;
    expect(numbers(await row('bills'))).toEqual({
      job: 'bills',
      period: '2026-10',
      claimed_at: T,
      claimed_by: holder,
      claim_until: T + CLAIM_TTL_MS,
      done_at: null,
    });
    // Still live (claim_until not passed): nobody takes it, and it is not reported lapsed.
    expect(await claimPeriod(storage.db, 'bills', '2026-10', 'p9', T + CLAIM_TTL_MS - 1)).toBe(false);
    expect(await lapsedPeriods(storage.db, ['bills', 'other'], T + CLAIM_TTL_MS)).toEqual([]);
    // The holder stopped renewing (died): past claim_until the period is lapsed and another process takes it.
    expect(await lapsedPeriods(storage.db, ['bills', 'other'], T + CLAIM_TTL_MS + 1)).toEqual(['bills']);
    expect(await claimPeriod(storage.db, 'bills', '2026-10', 'p9', T + CLAIM_TTL_MS + 1)).toBe(true);
    expect(numbers(await row('bills'))).toMatchObject({
      claimed_by: 'p9',
      claimed_at: T + CLAIM_TTL_MS + 1,
      claim_until: T + 2 * CLAIM_TTL_MS + 1,
      done_at: null,
    });
  });

  it('runOncePerPeriod renews the claim while the work runs, marks it done, and the same period is not run again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = runOncePerPeriod(storage.db, 'recon', '2026-11-26', 'p1', () => gate.then(() => 42), T, { renewMs: 50 });
    // The work is under way well past one renewal: the claim was moved on from T + TTL.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const renewed = numbers(await row('recon'));
    expect(renewed.claimed_by).toBe('p1');
    expect(renewed.done_at).toBeNull();
    expect(renewed.claim_until).toBeGreaterThan(T + CLAIM_TTL_MS);
    expect(await runOncePerPeriod(storage.db, 'recon', '2026-11-26', 'p2', async () => 7, T + 1)).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, result: 42 });
    const done = numbers(await row('recon'));
    expect(done.done_at).toBe(done.claim_until);
    expect(done.done_at).toBeGreaterThanOrEqual(renewed.claim_until - CLAIM_TTL_MS);
    // Done: no process runs the period again, however late; the next period is claimed as before.
    let ran = 0;
    const work = async () => ++ran;
    expect(await runOncePerPeriod(storage.db, 'recon', '2026-11-26', 'p2', work, T + 86_400_000)).toEqual({ ran: false });
    expect(await runOncePerPeriod(storage.db, 'recon', '2026-11-26', 'p1', work, T + 86_400_000)).toEqual({ ran: false });
    expect(await lapsedPeriods(storage.db, ['recon'], T + 86_400_000)).toEqual([]);
    expect(await runOncePerPeriod(storage.db, 'recon', '2026-11-27', 'p2', work, T + 86_400_000)).toEqual({ ran: true, result: 1 });
    const next = numbers(await row('recon'));
    expect(next).toMatchObject({ period: '2026-11-27', claimed_by: 'p2', claimed_at: T + 86_400_000 });
    // done at the pass's clock plus the milliseconds the work took
    expect(next.done_at! - (T + 86_400_000)).toBeGreaterThanOrEqual(0);
    expect(next.done_at! - (T + 86_400_000)).toBeLessThan(1_000);
  });

  it('a period whose work threw is released for a retry after CLAIM_RETRY_AFTER_ERROR_MS, by any process', async () => {
    await expect(runOncePerPeriod(storage.db, 'retention', '2026-11-26', 'p1', () => Promise.reject(new Error('disk full')), T)).rejects.toThrow('disk full');
    const released = numbers(await row('retention'));
    expect(released).toMatchObject({ claimed_by: 'p1', done_at: null });
    expect(released.claim_until - T).toBeGreaterThanOrEqual(CLAIM_RETRY_AFTER_ERROR_MS);
    expect(released.claim_until - T).toBeLessThan(CLAIM_RETRY_AFTER_ERROR_MS + 1_000);
    expect(await runOncePerPeriod(storage.db, 'retention', '2026-11-26', 'p2', async () => 'early', T + 1_000)).toEqual({ ran: false });
    expect(await runOncePerPeriod(storage.db, 'retention', '2026-11-26', 'p2', async () => 'again', released.claim_until + 1)).toEqual({
      ran: true,
      result: 'again',
    });
    const retried = numbers(await row('retention'));
    expect(retried).toMatchObject({ claimed_by: 'p2', claimed_at: released.claim_until + 1 });
    expect(retried.done_at! - retried.claimed_at).toBeGreaterThanOrEqual(0);
    expect(retried.done_at! - retried.claimed_at).toBeLessThan(1_000);
  });

  it('a holder that lost its claim to a takeover does not mark the period done over the new holder', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // p1 renews far less often than the claim lasts here: it stalls, its claim lapses and p2 takes the period.
    const stalled = runOncePerPeriod(storage.db, 'reminders', '2026-11-26', 'p1', () => gate.then(() => 'late'), T, { renewMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    let release2!: () => void;
    const gate2 = new Promise<void>((resolve) => (release2 = resolve));
    const takeover = runOncePerPeriod(storage.db, 'reminders', '2026-11-26', 'p2', () => gate2.then(() => 'taken'), T + CLAIM_TTL_MS + 1, {
      renewMs: 60_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await stalled).toEqual({ ran: true, result: 'late' });
    expect(numbers(await row('reminders'))).toMatchObject({ claimed_by: 'p2', done_at: null });
    release2();
    expect(await takeover).toEqual({ ran: true, result: 'taken' });
    const done = numbers(await row('reminders'));
    expect(done).toMatchObject({ claimed_by: 'p2', claimed_at: T + CLAIM_TTL_MS + 1 });
    expect(done.done_at! - done.claimed_at).toBeGreaterThanOrEqual(0);
    expect(done.done_at! - done.claimed_at).toBeLessThan(1_000);
  });
});
