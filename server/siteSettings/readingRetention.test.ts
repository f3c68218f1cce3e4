import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs } from '@tests/support/trees';
import { sql } from 'kysely';
import { listReadingPartitions, monthPartition } from '@server/db/readingPartitions';
import { ReadingRetention, RETENTION_JOB } from './readingRetention';

const DAY = 86_400_000;
const TZ = 'Asia/Shanghai';
let t: TestApp;
let second: FastifyInstance;
let meterId: number;
const now = Date.parse('2026-03-10T10:00:00+08:00');
const defaults = {
  name: '',
  logoUrl: '',
  faviconUrl: '',
  defaultLanguage: null,
  themeColor: null,
  readingRetentionDays: null,
  sessionMinutes: null,
  hiddenGroups: [],
};

/** Readings of M011 every 6 hours from 20 days before `now` to 6 hours before it: 80 readings. */
const readingTimes = Array.from({ length: 80 }, (_, index) => now - 20 * DAY + index * 6 * 3600_000);

async function counts(app: FastifyInstance) {
  const db = app.storage.db;
  const one = async (table: 'readings' | 'energy_intervals' | 'energy_rollups' | 'meter_state') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    readings: await one('readings'),
    intervals: await one('energy_intervals'),
    rollups: await one('energy_rollups'),
    meterState: await one('meter_state'),
  };
}

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
  // A second server process on the same database (same SQLite file, or the same PostgreSQL schema).
  second = await buildApp(t.config, { logger: false, ...(t.app.storage.schema ? { postgresSchema: t.app.storage.schema } : {}) });
  meterId = (await t.app.storage.db.selectFrom('meters').select('id').where('code', '=', 'M011').executeTakeFirstOrThrow()).id;
  // Only this test's readings: the demo seed may have stored some.
  await t.app.storage.db.deleteFrom('readings').execute();
  const outcome = await t.app.ingest.submit(
    { readings: readingTimes.map((ts, index) => ({ meter: 'M011', ts, values: { kwh: 1000 + index * 10, kw: 5 } })) },
    { kind: 'mqtt', gatewaySn: 'GW-DEMO-01' },
  );
  expect(outcome).toMatchObject({ accepted: 80, rejected: [] });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('raw-reading retention', () => {
  it('does nothing while no retention is set', async () => {
    const retention = new ReadingRetention(t.app.storage.db, t.app.siteSettings, TZ, t.app.storage.kind);
    expect(await retention.runIfDue(now)).toEqual({ ran: false, deleted: 0, cutoff: null });
    expect((await counts(t.app)).readings).toBe(80);
  });

  it('deletes only raw readings older than the retention, once a day across two processes, keeping energy and rollups', async () => {
    const token = await loginAs(t.app);
    expect((await callAs(t.app, token, 'PUT', '/api/site-settings', { ...defaults, readingRetentionDays: 7 })).status).toBe(200);
    await second.siteSettings.reload(); // the other process's 5-second copy, refreshed now rather than waited for
    const before = await counts(t.app);
    const cutoff = now - 7 * DAY;
    const old = readingTimes.filter((ts) => ts < cutoff).length;
    // Hand count: readings at -20 d + k·6 h are older than -7 d for k·6 h < 13 d, i.e. k = 0 … 51.
    expect(old).toBe(52);

    const here = new ReadingRetention(t.app.storage.db, t.app.siteSettings, TZ, t.app.storage.kind);
    const there = new ReadingRetention(second.storage.db, second.siteSettings, TZ, second.storage.kind);
    // All four at the same instant: whichever wins the day's claim, the cut-off (and so the count) is the same.
    const runs = await Promise.all([here.runIfDue(now), there.runIfDue(now), here.runIfDue(now), there.runIfDue(now)]);
    // (On PostgreSQL it also drops the empty month partitions wholly before the cut-off, which the first check created.)
    expect(runs.filter((run) => run.ran)).toEqual([expect.objectContaining({ ran: true, deleted: 52, cutoff })]);

    const after = await counts(t.app);
    expect(after).toEqual({ ...before, readings: 28 });
    const left = await t.app.storage.db.selectFrom('readings').select('ts').where('meter_id', '=', meterId).orderBy('ts').execute();
    expect(left.map((row) => Number(row.ts))).toEqual(readingTimes.slice(52));
    const claim = await t.app.storage.db.selectFrom('job_claims').selectAll().where('job', '=', RETENTION_JOB).executeTakeFirstOrThrow();
    expect(claim.period).toBe('2026-03-10');
    expect([here.processName, there.processName]).toContain(claim.claimed_by);
  });

  it('runs again the next local day, in one process', async () => {
    const tomorrow = Date.parse('2026-03-11T00:30:00+08:00');
    const here = new ReadingRetention(t.app.storage.db, t.app.siteSettings, TZ, t.app.storage.kind);
    const there = new ReadingRetention(second.storage.db, second.siteSettings, TZ, second.storage.kind);
    const runs = await Promise.all([here.runIfDue(tomorrow), there.runIfDue(tomorrow)]);
    // Hand count: the cut-off is 03-04 00:30 (+08); the readings left start at 03-03 10:00 (k = 52), then 16:00 and 22:00,
    // all three older; the next, 03-04 04:00, stays.
    expect(runs.filter((run) => run.ran).map((run) => run.deleted)).toEqual([3]);
    expect((await counts(t.app)).readings).toBe(25);
    expect(runs.filter((run) => !run.ran)).toHaveLength(1);
  });

  it('on PostgreSQL drops the month partitions entirely older than the cut-off and deletes the rest row-wise; the same readings go on SQLite', async () => {
    // M012 every 12 hours (UTC) from 04-01 00:00 to 07-14 12:00: 105 days × 2 = 210 readings.
    const april = Date.UTC(2026, 3, 1);
    const times = Array.from({ length: 210 }, (_, index) => april + index * 12 * 3600_000);
    expect(
      await t.app.ingest.submit(
        { readings: times.map((ts, index) => ({ meter: 'M012', ts, values: { kwh: 500 + index, kw: 2 } })) },
        { kind: 'mqtt', gatewaySn: 'GW-DEMO-01' },
      ),
    ).toMatchObject({
      accepted: 210,
      rejected: [],
    });
    const token = await loginAs(t.app);
    expect((await callAs(t.app, token, 'PUT', '/api/site-settings', { ...defaults, readingRetentionDays: 45 })).status).toBe(200);
    const now2 = Date.parse('2026-07-15T10:00:00+08:00'); // 02:00 UTC
    const cutoff = now2 - 45 * DAY; // 2026-05-31 02:00 UTC
    const run = await new ReadingRetention(t.app.storage.db, t.app.siteSettings, TZ, t.app.storage.kind).runIfDue(now2);
    // Hand count: M011's 25 readings left (03-04 … 03-10), M012's April (30 days × 2 = 60) and May up to 05-31 00:00 (30 × 2 + 1 = 61).
    expect(run).toMatchObject({ ran: true, deleted: 25 + 60 + 61, cutoff });
    const left = await t.app.storage.db.selectFrom('readings').select(['meter_id', 'ts']).orderBy('meter_id').orderBy('ts').execute();
    expect(left.map((row) => Number(row.ts))).toEqual(times.slice(121));
    if (t.app.storage.kind === 'sqlite') {
      expect(run.droppedPartitions).toBeUndefined();
      return;
    }
    // March (M011's 25) and April (60) went whole; May holds the cut-off, so its 61 went row by row and it stays.
    expect(run.droppedPartitions).toEqual(expect.arrayContaining(['readings_2026_03', 'readings_2026_04']));
    expect(run.droppedPartitions).not.toContain('readings_2026_05');
    const { months } = await listReadingPartitions(t.app.storage.db);
    expect(months.every((month) => month.to > cutoff)).toBe(true);
    expect(months.map((month) => month.name)).toEqual(
      expect.arrayContaining(['readings_2026_05', 'readings_2026_06', 'readings_2026_07', monthPartition(Date.now()).name]),
    );
    const homes = await sql<{ home: string; n: string }>`select tableoid::regclass::text as home, count(*) as n from readings group by 1 order by 1`.execute(
      t.app.storage.db,
    );
    // 05-31 12:00 (1), June (60), July up to 07-14 12:00 (28).
    expect(homes.rows.map((row) => [row.home, Number(row.n)])).toEqual([
      ['readings_2026_05', 1],
      ['readings_2026_06', 60],
      ['readings_2026_07', 28],
    ]);
  });
});
