import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { BOARD_CONFIG_SCREEN, EQUIPMENT_BOARD_CHECK_SCREEN, EQUIPMENT_BOARD_SCREEN } from '@shared/schemas/boards';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';
import { boardDocument, boardWithMeta } from './boardsKit.test-util';

/** Two user trees with the board screen and both review screens: neither sees nor changes the other's boards and playlists. */
const MENUS = [BOARD_CONFIG_SCREEN, EQUIPMENT_BOARD_SCREEN, EQUIPMENT_BOARD_CHECK_SCREEN];
const MISSING = 999_999;
const kanbanNotFound = { code: ErrorCode.KANBAN_NOT_FOUND, message: 'Kanban id error, Kanban not found!' };

let t: TestApp;
let trees: TwoTrees;
let admin: string;
let meterA: number;
let meterB: number;
let boardA: any;
let equipA: any;
let boardB: any;
let playlistA: number;

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => callAs(t.app, token, method, url, payload);
const created = async (token: string, url: string, payload: unknown) => {
  const reply = await as(token, 'POST', url, payload);
  if (reply.body.code !== 0) throw new Error(`${url}: ${reply.body.message}`);
  return reply.body.data;
};
const names = (reply: { body: any }) => (reply.body.data as { name: string }[]).map((row) => row.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.app.storage;
  await db.deleteFrom('boards').execute();
  admin = await loginAs(t.app);
  trees = await twoTrees(t.app, MENUS);
  const meters = (await db.selectFrom('meters').select('id').orderBy('id').limit(2).execute()).map((row) => row.id);
  [meterA = 0, meterB = 0] = meters;
  await db.updateTable('meters').set({ owner_user_id: trees.alpha.id }).where('id', '=', meterA).execute();
  await db.updateTable('meters').set({ owner_user_id: trees.beta.id }).where('id', '=', meterB).execute();
  boardA = await created(trees.alpha.token, '/api/boards', { document: boardWithMeta('Alpha wall', { purpose: 'data-show', code: 'alpha-code' }) });
  equipA = await created(trees.alpha.token, '/api/boards', { document: boardWithMeta('Alpha pump', { purpose: 'equipment', equipmentMeterId: meterA }) });
  boardB = await created(trees.beta.token, '/api/boards', { document: boardWithMeta('Beta wall', { purpose: 'data-show', code: 'beta-code' }) });
  playlistA = (await created(trees.alpha.token, '/api/playlists', { name: 'Alpha rotation', entries: [{ boardId: boardA.id, seconds: 30 }] })).id;
});
afterAll(() => t.close());

describe('boards of two user trees', () => {
  it('gives new boards the tree root as owner, also when a sub-user creates them', async () => {
    const sub = await created(trees.alphaSub.token, '/api/boards', { document: boardDocument('Alpha sub wall') });
    const owners = await t.app.storage.db
      .selectFrom('boards')
      .select(['id', 'owner_user_id'])
      .where('id', 'in', [boardA.id, boardB.id, sub.id])
      .orderBy('id')
      .execute();
    expect(owners).toEqual([
      { id: boardA.id, owner_user_id: trees.alpha.id },
      { id: boardB.id, owner_user_id: trees.beta.id },
      { id: sub.id, owner_user_id: trees.alpha.id },
    ]);
    expect((await as(admin, 'DELETE', `/api/boards/${sub.id}`)).body.code).toBe(0);
  });

  it('lists only the caller tree’s boards; the sub-user sees its tree’s, admins see all', async () => {
    expect(names(await as(trees.beta.token, 'GET', '/api/boards'))).toEqual(['Beta wall']);
    expect(names(await as(trees.alpha.token, 'GET', '/api/boards'))).toEqual(['Alpha pump', 'Alpha wall']);
    expect(names(await as(trees.alphaSub.token, 'GET', '/api/boards'))).toEqual(['Alpha pump', 'Alpha wall']);
    expect(names(await as(admin, 'GET', '/api/boards'))).toEqual(['Alpha pump', 'Alpha wall', 'Beta wall']);
    expect(names(await as(trees.beta.token, 'GET', '/api/boards?purpose=equipment'))).toEqual([]);
  });

  it('answers reads of the other tree’s board, by id, by code, its versions and viewers, like a missing one', async () => {
    for (const url of ['/api/boards/ID', '/api/boards/ID/versions', '/api/boards/ID/versions/1', '/api/boards/ID/viewers']) {
      const missing = await as(trees.beta.token, 'GET', url.replace('ID', String(MISSING)));
      const foreign = await as(trees.beta.token, 'GET', url.replace('ID', String(boardA.id)));
      expect({ url, ...foreign }).toEqual({ url, ...missing });
      expect(foreign).toMatchObject({ status: 404, body: kanbanNotFound });
    }
    expect(await as(trees.beta.token, 'GET', '/api/boards/by-code/alpha-code')).toMatchObject({ status: 404, body: kanbanNotFound });
    expect(await as(trees.beta.token, 'GET', '/api/boards/by-code/no-such-code')).toMatchObject({ status: 404, body: kanbanNotFound });
    expect((await as(trees.alphaSub.token, 'GET', '/api/boards/by-code/alpha-code')).body.data.id).toBe(boardA.id);
    expect((await as(trees.beta.token, 'GET', '/api/boards/by-code/beta-code')).body.data.id).toBe(boardB.id);
  });

  it('refuses writes and actions on the other tree’s board as not found and changes nothing', async () => {
    const attempts: [method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown][] = [
      ['PUT', `/api/boards/${boardA.id}`, { document: boardDocument('Taken over'), revision: 1 }],
      ['POST', `/api/boards/${boardA.id}/duplicate`, {}],
      ['POST', `/api/boards/${boardA.id}/versions/1/restore`, { revision: 1 }],
      ['PUT', `/api/boards/${boardA.id}/viewers`, { userIds: [trees.beta.id] }],
      ['POST', `/api/boards/${equipA.id}/review/submit`, { revision: 1 }],
      ['DELETE', `/api/boards/${boardA.id}`],
    ];
    for (const [method, url, payload] of attempts) {
      expect({ url, ...(await as(trees.beta.token, method, url, payload)) }).toMatchObject({ url, status: 404, body: kanbanNotFound });
    }
    const reread = await as(admin, 'GET', `/api/boards/${boardA.id}`);
    expect(reread.body.data).toMatchObject({ name: 'Alpha wall', revision: 1 });
    expect(names(await as(admin, 'GET', '/api/boards'))).toEqual(['Alpha pump', 'Alpha wall', 'Beta wall']);
    expect((await as(admin, 'GET', `/api/boards/${boardA.id}/viewers`)).body.data).toEqual({ userIds: [] });
    expect((await as(admin, 'GET', `/api/boards/${equipA.id}`)).body.data.review.state).toBe('draft');
  });

  it('refuses a board naming the other tree’s meter as if that meter did not exist', async () => {
    const reply = await as(trees.beta.token, 'POST', '/api/boards', {
      document: boardWithMeta('Beta pump', { purpose: 'equipment', equipmentMeterId: meterA }),
    });
    expect(reply).toMatchObject({
      status: 400,
      body: {
        code: ErrorCode.VALIDATION_FAILED,
        data: { issues: [{ field: 'document.meta.equipmentMeterId', rule: 'exists', message: 'No meter with this id' }] },
      },
    });
    const own = await as(trees.beta.token, 'POST', '/api/boards', { document: boardWithMeta('Beta pump', { purpose: 'equipment', equipmentMeterId: meterB }) });
    expect(own.body.code).toBe(0);
    await as(admin, 'DELETE', `/api/boards/${own.body.data.id}`);
  });

  it('keeps the review list and review steps inside the tree', async () => {
    expect(names(await as(trees.beta.token, 'GET', '/api/boards/reviews'))).toEqual([]);
    expect(names(await as(trees.alpha.token, 'GET', '/api/boards/reviews'))).toEqual(['Alpha pump']);
    expect((await as(trees.alpha.token, 'POST', `/api/boards/${equipA.id}/review/submit`, { revision: 1 })).body.code).toBe(0);
    expect(await as(trees.beta.token, 'POST', `/api/boards/${equipA.id}/review/decide`, { approve: true, comment: '' })).toMatchObject({
      status: 404,
      body: kanbanNotFound,
    });
    expect((await as(admin, 'GET', `/api/boards/${equipA.id}`)).body.data.review.state).toBe('pending');
    const decided = await as(trees.alphaSub.token, 'POST', `/api/boards/${equipA.id}/review/decide`, { approve: true, comment: 'fine' });
    expect(decided.body).toMatchObject({ code: 0, data: { review: { state: 'approved', decidedBy: 'alpha_sub' } } });
  });

  it('gives a board as viewers only users of its own tree, even when an admin asks', async () => {
    const foreign = await as(admin, 'PUT', `/api/boards/${boardA.id}/viewers`, { userIds: [trees.alphaSub.id, trees.beta.id] });
    expect(foreign).toMatchObject({
      status: 400,
      body: { code: ErrorCode.VALIDATION_FAILED, data: { issues: [{ field: 'userIds.1', rule: 'exists', message: 'No user with this id' }] } },
    });
    expect((await as(admin, 'GET', `/api/boards/${boardA.id}/viewers`)).body.data).toEqual({ userIds: [] });
    const own = await as(trees.alpha.token, 'PUT', `/api/boards/${boardA.id}/viewers`, { userIds: [trees.alphaSub.id] });
    expect(own.body).toMatchObject({ code: 0, data: { userIds: [trees.alphaSub.id] } });
    await as(admin, 'PUT', `/api/boards/${boardA.id}/viewers`, { userIds: [] });
  });

  it('keeps playlists inside the tree and lets a playlist list only boards of its tree', async () => {
    expect(names(await as(trees.beta.token, 'GET', '/api/playlists'))).toEqual([]);
    expect(names(await as(trees.alphaSub.token, 'GET', '/api/playlists'))).toEqual(['Alpha rotation']);
    const notFound = { status: 404, body: { code: ErrorCode.NOT_FOUND, message: `Playlist ${playlistA} was not found` } };
    expect(await as(trees.beta.token, 'GET', `/api/playlists/${playlistA}`)).toMatchObject(notFound);
    expect(await as(trees.beta.token, 'PUT', `/api/playlists/${playlistA}`, { name: 'Taken', entries: [{ boardId: boardB.id, seconds: 10 }] })).toMatchObject(
      notFound,
    );
    expect(await as(trees.beta.token, 'DELETE', `/api/playlists/${playlistA}`)).toMatchObject(notFound);
    expect((await as(admin, 'GET', `/api/playlists/${playlistA}`)).body.data).toMatchObject({
      name: 'Alpha rotation',
      entries: [{ boardId: boardA.id, seconds: 30 }],
    });

    const boardMissing = (id: number) => ({
      status: 400,
      body: { code: ErrorCode.VALIDATION_FAILED, data: { issues: [{ field: 'entries.0.boardId', rule: 'exists', message: `Board ${id} does not exist` }] } },
    });
    expect(await as(trees.beta.token, 'POST', '/api/playlists', { name: 'Beta steals', entries: [{ boardId: boardA.id, seconds: 10 }] })).toMatchObject(
      boardMissing(boardA.id),
    );
    // The playlist's tree decides, not the caller's: an admin cannot put tree B's board into tree A's playlist.
    expect(await as(admin, 'PUT', `/api/playlists/${playlistA}`, { name: 'Mixed', entries: [{ boardId: boardB.id, seconds: 10 }] })).toMatchObject(
      boardMissing(boardB.id),
    );
    const own = await as(trees.beta.token, 'POST', '/api/playlists', { name: 'Beta rotation', entries: [{ boardId: boardB.id, seconds: 10 }] });
    expect(own.body.code).toBe(0);
    // Admins see every tree's, the demo's rotation of their own tree too.
    expect(names(await as(admin, 'GET', '/api/playlists'))).toEqual(['Alpha rotation', 'Beta rotation', 'Control room rotation']);
  });
});
