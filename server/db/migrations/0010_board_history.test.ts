import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../connect';
import { foundation } from './0001_foundation';
import { metering } from './0002_metering';
import { meterReplacementCredit } from './0003_meter_replacement_credit';
import { readingsInMilliUnits } from './0004_readings_in_milli_units';
import { alarms } from './0005_alarms';
import { pushes } from './0006_pushes';
import { alarmActions } from './0007_alarm_actions';
import { boards } from './0008_boards';
import { userAdmin } from './0009_user_admin';
import { boardHistory } from './0010_board_history';
import { underSchemaChangeLock } from '../migrate';
import { dropPrivateSchema } from '../privateSchema.test-util';

const usePostgres = process.env.TEST_DB === 'postgres';
const databaseUrl = usePostgres ? process.env.TEST_DATABASE_URL : undefined;
const schema = usePostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'energy-migration-'));
let storage: Storage;
const db = () => storage.db as unknown as Kysely<any>;

async function migrateThrough(migrations: Record<string, Migration>): Promise<void> {
  const migrator = new Migrator({
    db: storage.db,
    provider: { getMigrations: async () => migrations },
    ...(storage.schema ? { migrationTableSchema: storage.schema } : {}),
  });
  const { error } = await underSchemaChangeLock(storage, () => migrator.migrateToLatest());
  if (error) throw error;
}

const before = () => {
  const kind = storage.kind;
  return {
    '0001_foundation': foundation(kind),
    '0002_metering': metering(kind),
    '0003_meter_replacement_credit': meterReplacementCredit(),
    '0004_readings_in_milli_units': readingsInMilliUnits(kind),
    '0005_alarms': alarms(kind),
    '0006_pushes': pushes(kind),
    '0007_alarm_actions': alarmActions(kind),
    '0008_boards': boards(kind),
    '0009_user_admin': userAdmin(kind),
  };
};

const doc = (meta: Record<string, unknown>) =>
  JSON.stringify({ schemaVersion: 1, meta: { name: 'x', description: '', ...meta }, elements: {}, layout: { kind: 'grid', spec: { items: [] } } });
let meterId: number;

beforeAll(async () => {
  storage = await openStorage({ databaseUrl, dataDir, ...(schema ? { postgresSchema: schema } : {}) });
  await migrateThrough(before());
  meterId = (await db().insertInto('meters').values({ code: 'M1', name: 'Pump', created_at: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  const board = (name: string, document: string, revision: number) => ({
    name,
    description: '',
    document,
    revision,
    created_at: 1_000,
    updated_at: 2_000 + revision,
    updated_by: 'alice',
  });
  await db()
    .insertInto('boards')
    .values([
      board('Show A', doc({ purpose: 'data-show', code: 'hall-a' }), 3),
      board('Show A twin', doc({ purpose: 'bogus', code: 'hall-a' }), 1),
      board('Broken', '{not json', 2),
      board('Pump board', doc({ purpose: 'equipment', equipmentMeterId: meterId, code: 'bad code' }), 1),
      board('Lost pump', doc({ purpose: 'equipment', equipmentMeterId: 999_999 }), 1),
    ])
    .execute();
  await migrateThrough({ ...before(), '0010_board_history': boardHistory(storage.kind) });
});

afterAll(async () => {
  await storage.close();
  if (schema && databaseUrl) {
    await dropPrivateSchema(databaseUrl, schema);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('0010: board history', () => {
  it('takes purpose, code and equipment meter from the stored meta where usable', async () => {
    const rows = await db()
      .selectFrom('boards')
      .select(['name', 'purpose', 'code', 'equipment_meter_id', 'review_state', 'review_comment', 'review_revision'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { name: 'Show A', purpose: 'data-show', code: 'hall-a', equipment_meter_id: null, review_state: 'draft', review_comment: '', review_revision: null },
      { name: 'Show A twin', purpose: 'general', code: '', equipment_meter_id: null, review_state: 'draft', review_comment: '', review_revision: null },
      { name: 'Broken', purpose: 'general', code: '', equipment_meter_id: null, review_state: 'draft', review_comment: '', review_revision: null },
      { name: 'Pump board', purpose: 'equipment', code: '', equipment_meter_id: meterId, review_state: 'draft', review_comment: '', review_revision: null },
      { name: 'Lost pump', purpose: 'equipment', code: '', equipment_meter_id: null, review_state: 'draft', review_comment: '', review_revision: null },
    ]);
  });

  it('starts every board’s history with its current revision', async () => {
    const versions = await db().selectFrom('board_versions').selectAll().orderBy('board_id').execute();
    const boardsNow = await db().selectFrom('boards').select(['id', 'revision', 'name', 'document']).orderBy('id').execute();
    expect(versions.map((v: any) => ({ ...v, saved_at: Number(v.saved_at) }))).toEqual(
      boardsNow.map((b: any) => ({
        board_id: b.id,
        revision: b.revision,
        name: b.name,
        document: b.document,
        saved_at: 2_000 + b.revision,
        saved_by: 'alice',
        note: 'created',
      })),
    );
  });

  it('keeps a set code unique but lets any number of boards have none', async () => {
    const row = (code: string) => ({
      name: code || 'none',
      description: '',
      document: '{}',
      revision: 1,
      created_at: 1,
      updated_at: 1,
      updated_by: 'bob',
      code,
    });
    await db()
      .insertInto('boards')
      .values([row(''), row('')])
      .execute();
    await expect(db().insertInto('boards').values(row('hall-a')).execute()).rejects.toThrow();
  });

  it('cascades history on delete and clears the meter of a deleted meter', async () => {
    const pump = await db().selectFrom('boards').select('id').where('name', '=', 'Pump board').executeTakeFirstOrThrow();
    await db().deleteFrom('meters').where('id', '=', meterId).execute();
    expect((await db().selectFrom('boards').select('equipment_meter_id').where('id', '=', pump.id).executeTakeFirstOrThrow()).equipment_meter_id).toBeNull();
    await db().deleteFrom('boards').where('id', '=', pump.id).execute();
    expect(await db().selectFrom('board_versions').select('revision').where('board_id', '=', pump.id).execute()).toEqual([]);
  });
});
