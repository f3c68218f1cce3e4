import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { DEMO_TAGS } from './demoTags';
import { seed } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.storage.db;
const adminId = async () => (await db().selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;

/** Each tag with its colour, owner and the codes of the meters it marks, in name order. */
async function tagsWithMeters(): Promise<[string, string, number, string[]][]> {
  const tags = await db().selectFrom('tags').select(['id', 'name', 'color', 'owner_user_id']).orderBy('name').execute();
  const links = await db()
    .selectFrom('meter_tags')
    .innerJoin('meters', 'meters.id', 'meter_tags.meter_id')
    .select(['meter_tags.tag_id', 'meters.code'])
    .orderBy('meters.code')
    .execute();
  return tags.map((tag) => [tag.name, tag.color, tag.owner_user_id, links.filter((link) => link.tag_id === tag.id).map((link) => link.code)]);
}

describe('the demo tags', () => {
  it('are five tags of the admin’s tree, each on the demo meters it names', async () => {
    const admin = await adminId();
    expect(await tagsWithMeters()).toEqual([
      ['Critical load', '#F5222D', admin, ['M001', 'M040', 'M045', 'M046', 'M047']],
      ['ISO 50001 significant energy use', '#FA8C16', admin, ['M015', 'M030', 'M031', 'M033', 'M034']],
      ['Lighting retrofit 2026', '#52C41A', admin, ['M013', 'M016', 'M023']],
      ['Night shift', '#722ED1', admin, ['M014', 'M015', 'M024']],
      ['Sub-metered for tenants', '#13C2C2', admin, ['M041', 'M042', 'M043', 'M044']],
    ]);
    expect(DEMO_TAGS).toHaveLength(5);
  });

  it('are shown by the tags API and on the meter (M015 carries two)', async () => {
    const headers = bearer(await loginAs(t.app));
    const listed = (await t.app.inject({ method: 'GET', url: '/api/tags?page=1&size=20', headers })).json().data;
    expect(listed.total).toBe(5);
    const oven = await db().selectFrom('meters').select('id').where('code', '=', 'M015').executeTakeFirstOrThrow();
    const meter = (await t.app.inject({ method: 'GET', url: `/api/meters/${oven.id}`, headers })).json().data;
    const names = new Map<number, string>(listed.rows.map((row: { id: number; name: string }) => [row.id, row.name]));
    expect(meter.tagIds.map((id: number) => names.get(id)).sort()).toEqual(['ISO 50001 significant energy use', 'Night shift']);
  });

  it('are not made again by a second seed, and a deleted one stays deleted', async () => {
    const before = await tagsWithMeters();
    await seed(db(), { adminPassword: undefined, demo: true });
    expect(await tagsWithMeters()).toEqual(before);
    await db().deleteFrom('meter_tags').execute();
    await db().deleteFrom('tags').where('name', '=', 'Night shift').execute();
    await seed(db(), { adminPassword: undefined, demo: true });
    expect((await tagsWithMeters()).map(([name]) => name)).toEqual([
      'Critical load',
      'ISO 50001 significant energy use',
      'Lighting retrofit 2026',
      'Sub-metered for tenants',
    ]);
  });
});

describe('the demo tags with SEED_DEMO off', () => {
  it('are not made', async () => {
    const bare = await createTestApp({ seedDemo: false });
    try {
      expect(await bare.app.storage.db.selectFrom('tags').select('id').execute()).toEqual([]);
      expect(await bare.app.storage.db.selectFrom('meter_tags').select('meter_id').execute()).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
