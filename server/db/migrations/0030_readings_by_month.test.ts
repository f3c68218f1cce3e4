import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../connect';
import { migrateToLatest, migrationsFor, underSchemaChangeLock } from '../migrate';
import { dropPrivateSchema } from '../privateSchema.test-util';
import { DEFAULT_PARTITION, ensureReadingPartitions, listReadingPartitions, monthPartition, MONTHS_AHEAD, MONTHS_BEHIND } from '../readingPartitions';

const usePostgres = process.env.TEST_DB === 'postgres';
const databaseUrl = usePostgres ? process.env.TEST_DATABASE_URL : undefined;
const schema = usePostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'energy-migration-'));
let storage: Storage;
const db = () => storage.db as unknown as Kysely<any>;

const NOW = Date.now();
const OLD = Date.UTC(2019, 4, 17, 8, 15); // 2019-05-17 08:15 UTC: long before the window around now
const BEFORE = [
  { meter_id: 1, ts: OLD, register_milli: 1_234_568, rate_milli: 31_200, extra: null },
  { meter_id: 1, ts: NOW, register_milli: 2_001, rate_milli: 0, extra: '{"v":230.1}' },
  { meter_id: 2, ts: NOW, register_milli: null, rate_milli: 2, extra: null },
];

beforeAll(async () => {
  storage = await openStorage({ databaseUrl, dataDir, ...(schema ? { postgresSchema: schema } : {}) });
  const upTo0029 = Object.fromEntries(Object.entries(migrationsFor(storage)).filter(([name]) => name < '0030'));
  const migrator = new Migrator({
    db: storage.db,
    provider: { getMigrations: async () => upTo0029 },
    ...(storage.schema ? { migrationTableSchema: storage.schema } : {}),
  });
  const { error } = await underSchemaChangeLock(storage, () => migrator.migrateToLatest());
  if (error) throw error;
  await db().insertInto('readings').values(BEFORE).execute();
});

afterAll(async () => {
  await storage.close();
  if (schema && databaseUrl) {
    await dropPrivateSchema(databaseUrl, schema);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const stored = async () =>
  (await db().selectFrom('readings').selectAll().orderBy('meter_id').orderBy('ts').execute()).map((row) => ({ ...row, ts: Number(row.ts) }));

/** Which table each reading sits in (PostgreSQL). */
const homes = async () =>
  (await sql<{ home: string; ts: string }>`select tableoid::regclass::text as home, ts from readings order by meter_id, ts`.execute(db())).rows.map(
    (row) => row.home,
  );

describe('0030: readings partitioned by month (PostgreSQL)', () => {
  it('keeps every reading, and on PostgreSQL moves them into month partitions with a covering key', async () => {
    // 0030 and every migration after it, in order.
    expect(await migrateToLatest(storage)).toEqual(Object.keys(migrationsFor(storage)).filter((name) => name >= '0030'));
    expect(await stored()).toEqual(BEFORE);
    // Still keyed (meter, ts): the ingest's ON CONFLICT (meter_id, ts) DO NOTHING skips a repeat, a plain insert is refused.
    const repeat = await db()
      .insertInto('readings')
      .values({ meter_id: 1, ts: OLD, register_milli: 9, rate_milli: 9, extra: null })
      .onConflict((oc) => oc.columns(['meter_id', 'ts']).doNothing())
      .returning(['meter_id', 'ts'])
      .execute();
    expect(repeat).toEqual([]);
    await expect(db().insertInto('readings').values({ meter_id: 1, ts: NOW, register_milli: 1, rate_milli: 1, extra: null }).execute()).rejects.toThrow();
    if (storage.kind === 'sqlite') {
      const table = await sql<{ sql: string }>`select sql from sqlite_master where name = 'readings'`.execute(storage.db);
      expect(table.rows[0]?.sql).toMatch(/without rowid$/i);
      return;
    }
    const { months, hasDefault } = await listReadingPartitions(db());
    expect(hasDefault).toBe(true);
    // 2019-05 (it holds a reading) and the window: MONTHS_BEHIND before the current month, MONTHS_AHEAD after.
    expect(months[0]).toEqual({ name: 'readings_2019_05', from: Date.UTC(2019, 4, 1), to: Date.UTC(2019, 5, 1) });
    expect(months).toHaveLength(1 + MONTHS_BEHIND + 1 + MONTHS_AHEAD);
    expect(months.at(-1)!.name).toBe(monthPartition(Date.UTC(new Date(NOW).getUTCFullYear(), new Date(NOW).getUTCMonth() + MONTHS_AHEAD, 1)).name);
    expect(await homes()).toEqual(['readings_2019_05', monthPartition(NOW).name, monthPartition(NOW).name]);
    const key = await sql<{
      definition: string;
    }>`select pg_get_indexdef(indexrelid) as definition from pg_index where indrelid = 'readings'::regclass and indisprimary`.execute(db());
    expect(key.rows[0]?.definition).toMatch(/\(meter_id, ts\) INCLUDE \(register_milli, rate_milli\)$/);
    // The old table is gone.
    const left = await sql<{
      n: string;
    }>`select count(*) as n from pg_class where relname = 'readings_unpartitioned' and relnamespace = current_schema()::regnamespace`.execute(db());
    expect(Number(left.rows[0]?.n)).toBe(0);
  });

  it('takes a reading no month holds into the default partition, and moves it into its month when that partition is created', async () => {
    if (storage.kind === 'sqlite') {
      expect(await ensureReadingPartitionsOnSqliteIsNotCalled()).toBe(true);
      return;
    }
    const far = Date.UTC(2031, 1, 3, 12, 0); // 2031-02-03: past the months created ahead
    await db().insertInto('readings').values({ meter_id: 3, ts: far, register_milli: 5, rate_milli: 6, extra: null }).execute();
    expect((await sql<{ home: string }>`select tableoid::regclass::text as home from readings where meter_id = 3`.execute(db())).rows).toEqual([
      { home: DEFAULT_PARTITION },
    ]);
    // The maintenance step as it runs in 2031-01: that month and two ahead, so 2031-02 gets its partition.
    const created = await ensureReadingPartitions(db(), Date.UTC(2031, 0, 15), { keepFrom: null });
    expect(created).toContain('readings_2031_02');
    expect((await sql<{ home: string }>`select tableoid::regclass::text as home from readings where meter_id = 3`.execute(db())).rows).toEqual([
      { home: 'readings_2031_02' },
    ]);
    expect(await ensureReadingPartitions(db(), Date.UTC(2031, 0, 15), { keepFrom: null })).toEqual([]);
    expect(await stored()).toEqual([...BEFORE, { meter_id: 3, ts: far, register_milli: 5, rate_milli: 6, extra: null }]);
  });
});

/** SQLite has no partitions: the maintenance is only ever called on PostgreSQL (readingRetention checks the engine). */
async function ensureReadingPartitionsOnSqliteIsNotCalled(): Promise<boolean> {
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like 'readings%'`.execute(db());
  return tables.rows.every((row) => row.name === 'readings');
}
