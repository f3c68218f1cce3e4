import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../connect';
import { foundation } from './0001_foundation';
import { routerKeys } from './0014_router_keys';
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

const row = (fullpath: string, parent_id: number | null, level: number) => ({
  path: fullpath.split('/').pop(),
  fullpath,
  level,
  parent_id,
  type: 'menu',
  title: 'route.x',
  icon: null,
  sort: 0,
  hidden: 0,
  no_role: 0,
});

beforeAll(async () => {
  storage = await openStorage({ databaseUrl, dataDir, ...(schema ? { postgresSchema: schema } : {}) });
  // Only the foundation creates routers; the migrations in between do not touch it.
  await migrateThrough({ '0001_foundation': foundation(storage.kind) });
  const top = (
    await db()
      .insertInto('routers')
      .values(row('/settings', null, 0))
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db()
    .insertInto('routers')
    .values([row('/settings/user', top, 1), row('/settings/people', top, 1)])
    .execute();
  await migrateThrough({ '0001_foundation': foundation(storage.kind), '0014_router_keys': routerKeys() });
});

afterAll(async () => {
  await storage.close();
  if (schema && databaseUrl) {
    await dropPrivateSchema(databaseUrl, schema);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('0014: router keys', () => {
  it('gives every existing entry its full path of the time as its key', async () => {
    const rows = await db().selectFrom('routers').select(['fullpath', 'perm_key']).orderBy('id').execute();
    expect(rows).toEqual([
      { fullpath: '/settings', perm_key: '/settings' },
      { fullpath: '/settings/user', perm_key: '/settings/user' },
      { fullpath: '/settings/people', perm_key: '/settings/people' },
    ]);
  });

  it('keeps keys unique', async () => {
    const settings = await db().selectFrom('routers').select('id').where('fullpath', '=', '/settings').executeTakeFirstOrThrow();
    await expect(
      db()
        .insertInto('routers')
        .values({ ...row('/settings/other', settings.id, 1), perm_key: '/settings/user' })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });
});
