import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { boardDocument, boardsKit, boardWithMeta, type BoardsKit } from './boardsKit.test-util';

let k: BoardsKit;
beforeAll(async () => {
  k = await boardsKit();
});
afterAll(() => k.close());

const versions = async (id: number) =>
  (await k.call('GET', `/api/boards/${id}/versions`)).body.data as { revision: number; name: string; savedBy: string; note: string; savedAt: number }[];
const plain = (rows: { revision: number; name: string; note: string; savedBy: string }[]) =>
  rows.map(({ revision, name, note, savedBy }) => ({ revision, name, note, savedBy }));
const kanbanNotFound = { code: ErrorCode.KANBAN_NOT_FOUND, data: null, message: 'Kanban id error, Kanban not found!' };

describe('board version history', () => {
  it('keeps one version per save, newest first: created, saved, restored', async () => {
    const created = await k.create(boardDocument('Chiller plant'));
    const wide = { ...boardDocument('Chiller plant v2'), canvas: { designWidth: 3840, designHeight: 2160 } };
    const saved = (await k.call('PUT', `/api/boards/${created.id}`, { document: wide, revision: 1 })).body.data;
    expect(saved.revision).toBe(2);
    const history = await versions(created.id);
    expect(plain(history)).toEqual([
      { revision: 2, name: 'Chiller plant v2', note: 'saved', savedBy: 'admin' },
      { revision: 1, name: 'Chiller plant', note: 'created', savedBy: 'admin' },
    ]);
    expect(history.map((row) => row.savedAt)).toEqual([saved.updatedAt, created.updatedAt]);
    expect(history[0]).not.toHaveProperty('document');

    const first = await k.call('GET', `/api/boards/${created.id}/versions/1`);
    expect(first.body).toEqual({
      code: 0,
      message: 'ok',
      data: { revision: 1, name: 'Chiller plant', savedAt: created.updatedAt, savedBy: 'admin', note: 'created', document: created.document },
    });

    const restored = await k.call('POST', `/api/boards/${created.id}/versions/1/restore`, { revision: 2 });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      code: 0,
      message: 'Restored',
      data: { id: created.id, name: 'Chiller plant', revision: 3, designWidth: 1920, designHeight: 1080 },
    });
    expect(restored.body.data.document).toEqual(created.document);
    expect((await k.call('GET', `/api/boards/${created.id}`)).body.data).toEqual(restored.body.data);
    expect(plain(await versions(created.id)).map((row) => [row.revision, row.note])).toEqual([
      [3, 'restored from 1'],
      [2, 'saved'],
      [1, 'created'],
    ]);
    // The restored version is a full copy: reading revision 3 gives the old document back.
    expect((await k.call('GET', `/api/boards/${created.id}/versions/3`)).body.data.document).toEqual(created.document);
  });

  it('refuses a restore over a revision that is no longer current, as a save would', async () => {
    const board = await k.create(boardDocument('Boiler room'));
    const saved = (await k.call('PUT', `/api/boards/${board.id}`, { document: boardDocument('Boiler room B'), revision: 1 })).body.data;
    const stale = await k.call('POST', `/api/boards/${board.id}/versions/1/restore`, { revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      code: ErrorCode.REVISION_CONFLICT,
      message: 'Someone else saved this in the meantime; reload it and try again',
      data: { revision: 2, updatedAt: saved.updatedAt, updatedBy: 'admin' },
    });
    expect((await versions(board.id)).map((row) => row.revision)).toEqual([2, 1]);
    const noBody = await k.call('POST', `/api/boards/${board.id}/versions/1/restore`, {});
    expect(noBody.body.data.issues).toEqual([{ field: 'revision', rule: 'invalid_type', message: expect.any(String) }]);
  });

  it('answers NOT_FOUND for an unknown revision and KANBAN_NOT_FOUND for an unknown board', async () => {
    const board = await k.create(boardDocument('Pump house'));
    const missing = await k.call('GET', `/api/boards/${board.id}/versions/9`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: ErrorCode.NOT_FOUND, data: null, message: `Board ${board.id} has no revision 9` });
    expect((await k.call('POST', `/api/boards/${board.id}/versions/9/restore`, { revision: 1 })).body.code).toBe(ErrorCode.NOT_FOUND);
    for (const [method, url, payload] of [
      ['GET', '/api/boards/999999/versions'],
      ['GET', '/api/boards/999999/versions/1'],
      ['POST', '/api/boards/999999/versions/1/restore', { revision: 1 }],
      ['POST', '/api/boards/999999/duplicate', {}],
    ] as const) {
      const { status, body } = await k.call(method, url, payload);
      expect([status, body]).toEqual([404, kanbanNotFound]);
    }
  });

  it('duplicates a board as "<name> (copy)" with no code, the same purpose and a history of its own', async () => {
    const source = await k.create(boardWithMeta('Line show', { purpose: 'data-show', code: 'line-show' }));
    const copy = await k.call('POST', `/api/boards/${source.id}/duplicate`, {});
    expect(copy.body).toMatchObject({
      code: 0,
      message: 'Created',
      data: { name: 'Line show (copy)', description: 'Line show wall', purpose: 'data-show', code: '', revision: 1, sample: false },
    });
    expect(copy.body.data.id).not.toBe(source.id);
    expect(copy.body.data.document).toEqual({ ...source.document, meta: { ...source.document.meta, name: 'Line show (copy)', code: '' } });
    expect(plain(await versions(copy.body.data.id))).toEqual([
      { revision: 1, name: 'Line show (copy)', note: `duplicated from board ${source.id}`, savedBy: 'admin' },
    ]);
    expect(plain(await versions(source.id))).toEqual([{ revision: 1, name: 'Line show', note: 'created', savedBy: 'admin' }]);

    const named = await k.call('POST', `/api/boards/${source.id}/duplicate`, { name: '  Second show ' });
    expect(named.body.data).toMatchObject({ name: 'Second show', code: '', purpose: 'data-show' });
    const long = await k.create(boardDocument('L'.repeat(80)));
    const longCopy = (await k.call('POST', `/api/boards/${long.id}/duplicate`)).body.data;
    expect(longCopy.name).toBe(`${'L'.repeat(73)} (copy)`);
    const blank = await k.call('POST', `/api/boards/${source.id}/duplicate`, { name: ' ' });
    expect(blank.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'name: Please enter the board name' });
  });

  it('deletes the history with its board', async () => {
    const board = await k.create(boardDocument('Short lived'));
    await k.call('PUT', `/api/boards/${board.id}`, { document: boardDocument('Short lived 2'), revision: 1 });
    const rows = () => k.t.app.storage.db.selectFrom('board_versions').select('revision').where('board_id', '=', board.id).execute();
    expect(await rows()).toHaveLength(2);
    await k.call('DELETE', `/api/boards/${board.id}`);
    expect(await rows()).toEqual([]);
  });
});
