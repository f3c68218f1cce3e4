import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleBoard } from '@boards/samples';
import { fakeWidgetRegistry } from '@boards/validation/fakeWidgets.test-util';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { loadSampleRefs, seedSampleBoards } from './sampleBoards';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registry = fakeWidgetRegistry();
const gaugeWall: SampleBoard = {
  key: 'test-gauge-wall',
  build: (refs) => ({
    schemaVersion: 1,
    meta: { name: 'Test gauge wall', description: 'Line 1 press' },
    elements: {
      press: {
        type: 'fake-gauge',
        options: { max: 800 },
        binding: { meterIds: [refs.meter('M011')!], departmentIds: [refs.department('LINE-1')!], subitemIds: [refs.subitem('POWER')!] },
      },
    },
    layout: { kind: 'grid', spec: { items: [{ element: 'press', x: 0, y: 0, w: 6, h: 6 }] } },
  }),
};
const emptyWall: SampleBoard = {
  key: 'test-empty-wall',
  build: () => ({ schemaVersion: 1, meta: { name: 'Test empty wall' }, elements: {}, layout: { kind: 'grid', spec: { items: [] } } }),
};
const idOf = async (table: 'meters' | 'departments' | 'subitems', code: string) =>
  (await t.app.storage.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

describe('seedSampleBoards', () => {
  it('inserts each sample once, validated, with the demo ids resolved from codes', async () => {
    const db = t.app.storage.db;
    const refs = await loadSampleRefs(db);
    expect(await seedSampleBoards(db, refs, [gaugeWall, emptyWall], registry, 5000)).toEqual(['test-gauge-wall', 'test-empty-wall']);
    expect(await seedSampleBoards(db, refs, [gaugeWall, emptyWall], registry)).toEqual([]);
    const rows = await db.selectFrom('boards').selectAll().where('sample_key', 'like', 'test-%').orderBy('id').execute();
    expect(rows.map((row) => [row.sample_key, row.name, row.description, Number(row.revision), row.updated_by, Number(row.updated_at)])).toEqual([
      ['test-gauge-wall', 'Test gauge wall', 'Line 1 press', 1, 'system', 5000],
      ['test-empty-wall', 'Test empty wall', '', 1, 'system', 5000],
    ]);
    const press = JSON.parse(rows[0]!.document).elements.press;
    expect(press).toEqual({
      type: 'fake-gauge',
      version: 2,
      title: '',
      options: { range: { min: 0, max: 800 }, unit: 'kW' },
      binding: {
        meterIds: [await idOf('meters', 'M011')],
        departmentIds: [await idOf('departments', 'LINE-1')],
        subitemIds: [await idOf('subitems', 'POWER')],
      },
    });
    expect(refs.meter('M999')).toBeUndefined();
  });

  it('lets one of several processes starting at once insert, the others skip', async () => {
    const db = t.app.storage.db;
    const refs = await loadSampleRefs(db);
    const racer: SampleBoard = { key: 'test-race', build: () => ({ ...emptyWall.build(refs), meta: { name: 'Race wall' } }) };
    const results = await Promise.all([1, 2, 3].map(() => seedSampleBoards(db, refs, [racer], registry)));
    expect(results.flat()).toEqual(['test-race']);
    expect(await db.selectFrom('boards').select('id').where('sample_key', '=', 'test-race').execute()).toHaveLength(1);
  });

  it('does not bring back a sample board an admin deleted', async () => {
    const db = t.app.storage.db;
    const refs = await loadSampleRefs(db);
    const deletedWall: SampleBoard = { key: 'test-deleted', build: () => ({ ...emptyWall.build(refs), meta: { name: 'Deleted wall' } }) };
    expect(await seedSampleBoards(db, refs, [deletedWall], registry)).toEqual(['test-deleted']);
    await db.deleteFrom('boards').where('sample_key', '=', 'test-deleted').execute();
    expect(await seedSampleBoards(db, refs, [deletedWall], registry)).toEqual([]);
    expect(await db.selectFrom('boards').select('id').where('sample_key', '=', 'test-deleted').execute()).toHaveLength(0);
  });

  it('throws on a sample that does not validate: a bug in the product', async () => {
    const broken: SampleBoard = {
      key: 'test-broken',
      build: () => ({ schemaVersion: 1, meta: { name: 'Broken' }, elements: { x: { type: 'no-such-widget' } }, layout: { kind: 'grid', spec: { items: [] } } }),
    };
    await expect(seedSampleBoards(t.app.storage.db, await loadSampleRefs(t.app.storage.db), [broken], registry)).rejects.toThrow(
      'Sample board "test-broken" is not valid: elements.x.type: Unknown widget type "no-such-widget"',
    );
  });

  it('marks seeded boards as samples in the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/boards', headers: bearer(await loginAs(t.app)) });
    const names = (response.json().data as { name: string; sample: boolean }[])
      .filter((board) => board.name.startsWith('Test '))
      .map((board) => [board.name, board.sample]);
    expect(names).toEqual([
      ['Test empty wall', true],
      ['Test gauge wall', true],
    ]);
  });
});
