import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../connect';
import { foundation } from './0001_foundation';
import { metering } from './0002_metering';
import { meterReplacementCredit } from './0003_meter_replacement_credit';
import { readingsInMilliUnits } from './0004_readings_in_milli_units';
import { migrateToLatest, underSchemaChangeLock } from '../migrate';
import { dropPrivateSchema } from '../privateSchema.test-util';

const usePostgres = process.env.TEST_DB === 'postgres';
const databaseUrl = usePostgres ? process.env.TEST_DATABASE_URL : undefined;
const schema = usePostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'energy-migration-'));
let storage: Storage;
const db = () => storage.db as unknown as Kysely<any>;

/** Readings as 0003 stored them: register and rate as doubles. */
const BEFORE = [
  { meter_id: 1, ts: 1_000, register: 1234.5678, rate: 31.2, extra: null },
  { meter_id: 1, ts: 2_000, register: 2.0005, rate: -0.0004, extra: '{"v":230.1}' },
  { meter_id: 2, ts: 1_000, register: null, rate: 0.0015, extra: null },
];

beforeAll(async () => {
  storage = await openStorage({ databaseUrl, dataDir, ...(schema ? { postgresSchema: schema } : {}) });
  const migrator = new Migrator({
    db: storage.db,
    provider: {
      getMigrations: async () => ({
        '0001_foundation': foundation(storage.kind),
        '0002_metering': metering(storage.kind),
        '0003_meter_replacement_credit': meterReplacementCredit(),
      }),
    },
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

const stored = () => db().selectFrom('readings').selectAll().orderBy('meter_id').orderBy('ts').execute();

describe('0004: readings in thousandths of their unit', () => {
  it('converts existing readings to integer Wh and W, rounded as toMilli rounds, and keeps the key', async () => {
    // Later migrations (0005 on) run after it in the same call.
    expect((await migrateToLatest(storage))[0]).toBe('0004_readings_in_milli_units');
    expect(await stored()).toEqual([
      { meter_id: 1, ts: 1_000, register_milli: 1234568, rate_milli: 31200, extra: null },
      { meter_id: 1, ts: 2_000, register_milli: 2001, rate_milli: 0, extra: '{"v":230.1}' },
      { meter_id: 2, ts: 1_000, register_milli: null, rate_milli: 2, extra: null },
    ]);
    // Still keyed (meter, ts): a second reading at the same instant is refused.
    await expect(db().insertInto('readings').values({ meter_id: 1, ts: 1_000, register_milli: 1, rate_milli: 1, extra: null }).execute()).rejects.toThrow();
    if (storage.kind === 'sqlite') {
      const table = await sql<{ sql: string }>`select sql from sqlite_master where name = 'readings'`.execute(storage.db);
      expect(table.rows[0]?.sql).toMatch(/without rowid$/i);
      const types = await sql<{ name: string; type: string }>`select name, type from pragma_table_info('readings') order by cid`.execute(storage.db);
      expect(types.rows.map((r) => [r.name, r.type.toLowerCase()])).toEqual([
        ['meter_id', 'integer'],
        ['ts', 'bigint'],
        ['register_milli', 'bigint'],
        ['rate_milli', 'bigint'],
        ['extra', 'text'],
      ]);
    } else {
      const types = await sql<{ column_name: string; data_type: string }>`select column_name, data_type from information_schema.columns
        where table_schema = current_schema() and table_name = 'readings' order by ordinal_position`.execute(storage.db);
      expect(types.rows.map((r) => [r.column_name, r.data_type])).toEqual([
        ['meter_id', 'integer'],
        ['ts', 'bigint'],
        ['register_milli', 'bigint'],
        ['rate_milli', 'bigint'],
        ['extra', 'text'],
      ]);
    }
  });

  it('goes back to doubles in the unit on the way down', async () => {
    await db().deleteFrom('readings').where('meter_id', '=', 2).execute();
    await readingsInMilliUnits(storage.kind).down(db());
    expect(await stored()).toEqual([
      { meter_id: 1, ts: 1_000, register: 1234.568, rate: 31.2, extra: null },
      { meter_id: 1, ts: 2_000, register: 2.001, rate: 0, extra: '{"v":230.1}' },
    ]);
  });
});
