import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { boardDocument, boardsKit, EDITOR_MENUS, type BoardsKit } from './boardsKit.test-util';

let k: BoardsKit;
beforeAll(async () => {
  k = await boardsKit();
});
afterAll(() => k.close());

const create = async (name: string) => {
  const { body } = await k.call('POST', '/api/boards', { document: boardDocument(name) });
  if (body.code !== 0) throw new Error(body.message);
  return body.data as { id: number; revision: number };
};

describe('boards API', () => {
  it('creates a board with defaults filled in and the caller as author', async () => {
    const before = Date.now();
    const { status, body } = await k.call('POST', '/api/boards', { document: boardDocument('Hall A', {}, []) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, message: 'Created' });
    expect(body.data).toMatchObject({
      name: 'Hall A',
      description: 'Hall A wall',
      revision: 1,
      designWidth: 1920,
      designHeight: 1080,
      sample: false,
      updatedBy: 'admin',
    });
    expect(body.data.updatedAt).toBeGreaterThanOrEqual(before);
    expect(body.data.document).toEqual({
      schemaVersion: 1,
      meta: { name: 'Hall A', description: 'Hall A wall', purpose: 'general', code: '', equipmentMeterId: null },
      theme: { mode: 'dark', background: '#07111f', accent: '#3aa0ff', backgroundImage: '' },
      canvas: { designWidth: 1920, designHeight: 1080, scaleMode: 'fit' },
      elements: {},
      layout: { kind: 'grid', spec: { cols: 24, rowHeight: 40, gap: 12, items: [] } },
    });
    const again = await k.call('GET', `/api/boards/${body.data.id}`);
    expect(again.body.data).toEqual(body.data);
  });

  it('lists summaries sorted by name, without documents', async () => {
    await create('Zeta wall');
    await create('Boiler house');
    const { body } = await k.call('GET', '/api/boards');
    expect(body.data.map((board: any) => board.name)).toEqual(['Boiler house', 'Hall A', 'Zeta wall']);
    expect(body.data[0]).not.toHaveProperty('document');
    expect(Object.keys(body.data[0]).sort()).toEqual([
      'code',
      'description',
      'designHeight',
      'designWidth',
      'equipmentMeterId',
      'id',
      'name',
      'purpose',
      'review',
      'revision',
      'sample',
      'updatedAt',
      'updatedBy',
    ]);
    expect(body.data[0]).toMatchObject({ purpose: 'general', code: '', equipmentMeterId: null, review: null });
  });

  it('answers KANBAN_NOT_FOUND for an unknown board', async () => {
    for (const [method, payload] of [['GET'], ['DELETE'], ['PUT', { document: boardDocument('X'), revision: 1 }]] as const) {
      const { status, body } = await k.call(method, '/api/boards/999999', payload);
      expect(status).toBe(404);
      expect(body).toEqual({ code: ErrorCode.KANBAN_NOT_FOUND, data: null, message: 'Kanban id error, Kanban not found!' });
    }
  });

  it('saves over the loaded revision and refuses a stale one with REVISION_CONFLICT', async () => {
    const board = await create('Compressors');
    const saved = await k.call('PUT', `/api/boards/${board.id}`, {
      document: { ...boardDocument('Compressed air'), canvas: { designWidth: 3840, designHeight: 2160 } },
      revision: 1,
    });
    expect(saved.body).toMatchObject({
      code: 0,
      message: 'Updated',
      data: { id: board.id, name: 'Compressed air', revision: 2, designWidth: 3840, designHeight: 2160 },
    });
    const stale = await k.call('PUT', `/api/boards/${board.id}`, { document: boardDocument('Mine'), revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      code: ErrorCode.REVISION_CONFLICT,
      message: 'Someone else saved this in the meantime; reload it and try again',
      data: { revision: 2, updatedAt: saved.body.data.updatedAt, updatedBy: 'admin' },
    });
    expect((await k.call('GET', `/api/boards/${board.id}`)).body.data.name).toBe('Compressed air');
  });

  it('answers VALIDATION_FAILED with every issue under document.', async () => {
    const bad = await k.call('POST', '/api/boards', { document: { ...boardDocument(''), elements: { k1: { type: 'no-such-widget' } } } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'document.meta.name: Please enter the board name',
      data: { issues: [{ field: 'document.meta.name', rule: 'too_small', message: 'Please enter the board name' }] },
    });
    const unknown = await k.call('POST', '/api/boards', { document: boardDocument('Unknown', { k1: { type: 'no-such-widget' } }) });
    expect(unknown.body).toEqual({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'document.elements.k1.type: Unknown widget type "no-such-widget"',
      data: { issues: [{ field: 'document.elements.k1.type', rule: 'unknown_widget', message: 'Unknown widget type "no-such-widget"' }] },
    });
    const missing = await k.call('POST', '/api/boards', {});
    expect(missing.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(missing.body.data.issues).toEqual([{ field: 'document', rule: 'invalid_type', message: expect.any(String) }]);
    const notObject = await k.call('POST', '/api/boards', { document: [1] });
    expect(notObject.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'document: A board document is a JSON object' });
    const board = await create('Revisionless');
    const noRevision = await k.call('PUT', `/api/boards/${board.id}`, { document: boardDocument('Revisionless') });
    expect(noRevision.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(noRevision.body.data.issues).toEqual([{ field: 'revision', rule: 'invalid_type', message: expect.any(String) }]);
  });

  it('deletes a board and takes it out of the playlists that showed it', async () => {
    const kept = await create('Kept');
    const gone = await create('Gone');
    const both = (
      await k.call('POST', '/api/playlists', {
        name: 'Both',
        entries: [
          { boardId: gone.id, seconds: 30 },
          { boardId: kept.id, seconds: 60 },
        ],
      })
    ).body.data;
    const only = (await k.call('POST', '/api/playlists', { name: 'Only gone', entries: [{ boardId: gone.id, seconds: 10 }] })).body.data;
    expect((await k.call('DELETE', `/api/boards/${gone.id}`)).body).toEqual({ code: 0, data: null, message: 'Deleted' });
    expect((await k.call('GET', `/api/boards/${gone.id}`)).body.code).toBe(ErrorCode.KANBAN_NOT_FOUND);
    expect((await k.call('GET', `/api/playlists/${both.id}`)).body.data.entries).toEqual([{ boardId: kept.id, seconds: 60 }]);
    // Left empty, it stays: a wall on it shows "nothing to show" instead of losing its playlist.
    expect((await k.call('GET', `/api/playlists/${only.id}`)).body.data).toMatchObject({ id: only.id, name: 'Only gone', entries: [] });
  });

  it('shows all boards of its tree to holders of the board screen and none to other users of the tree; only they write', async () => {
    // Both sub-users of admin, in the tree that owns every board here: only the board screen tells them apart.
    const admin = await k.userId('admin');
    const editor = await k.userWith('board_editor', EDITOR_MENUS, admin);
    const viewer = await k.userWith('plain_user', [], admin);
    const all = (await k.call('GET', '/api/boards')).body.data;
    expect((await k.call('GET', '/api/boards', undefined, editor)).body.data).toEqual(all);
    expect((await k.call('GET', '/api/boards', undefined, viewer)).body).toEqual({ code: 0, data: [], message: 'ok' });
    const first = all[0].id as number;
    // Of its own tree but not shared with it: it is told so, and whom to ask, not that the board is missing.
    const notShared = await k.call('GET', `/api/boards/${first}`, undefined, viewer);
    expect([notShared.status, notShared.body.code, notShared.body.data]).toEqual([
      403,
      ErrorCode.FORBIDDEN,
      { boardId: first, askUser: { username: 'admin', name: 'Administrator' } },
    ]);
    const refused = await k.call('POST', '/api/boards', { document: boardDocument('Nope') }, viewer);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: ErrorCode.FORBIDDEN, data: null, message: 'You do not have permission to do this' });
    expect((await k.call('GET', '/api/playlists', undefined, viewer)).status).toBe(403);
    const made = await k.call('POST', '/api/boards', { document: boardDocument('By editor') }, editor);
    expect(made.body.data).toMatchObject({ name: 'By editor', updatedBy: 'board_editor' });
  });
});

describe('playlists API', () => {
  it('creates, lists by name, updates and deletes', async () => {
    const a = await create('Playlist board A');
    const b = await create('Playlist board B');
    const created = await k.call('POST', '/api/playlists', { name: 'Night shift', entries: [{ boardId: a.id, seconds: 20 }] });
    expect(created.body).toMatchObject({ code: 0, message: 'Created', data: { name: 'Night shift', entries: [{ boardId: a.id, seconds: 20 }] } });
    const id = created.body.data.id as number;
    const updated = await k.call('PUT', `/api/playlists/${id}`, {
      name: 'Day shift',
      entries: [
        { boardId: b.id, seconds: 45 },
        { boardId: a.id, seconds: 5 },
      ],
    });
    expect(updated.body).toMatchObject({
      code: 0,
      message: 'Updated',
      data: {
        id,
        name: 'Day shift',
        entries: [
          { boardId: b.id, seconds: 45 },
          { boardId: a.id, seconds: 5 },
        ],
      },
    });
    const names = (await k.call('GET', '/api/playlists')).body.data.map((playlist: any) => playlist.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('Day shift');
    expect((await k.call('DELETE', `/api/playlists/${id}`)).body).toEqual({ code: 0, data: null, message: 'Deleted' });
    const gone = await k.call('GET', `/api/playlists/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: ErrorCode.NOT_FOUND, data: null, message: `Playlist ${id} was not found` });
    expect((await k.call('PUT', `/api/playlists/${id}`, { name: 'X', entries: [{ boardId: a.id, seconds: 5 }] })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await k.call('DELETE', `/api/playlists/${id}`)).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('points at the entry whose board does not exist, and at broken fields', async () => {
    const a = await create('Playlist board C');
    const missing = await k.call('POST', '/api/playlists', {
      name: 'Broken',
      entries: [
        { boardId: a.id, seconds: 10 },
        { boardId: 987654, seconds: 10 },
      ],
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'entries.1.boardId: Board 987654 does not exist',
      data: { issues: [{ field: 'entries.1.boardId', rule: 'exists', message: 'Board 987654 does not exist' }] },
    });
    const short = await k.call('POST', '/api/playlists', { name: 'Short', entries: [{ boardId: a.id, seconds: 2 }] });
    expect(short.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'entries.0.seconds: At least 5 seconds' });
    const empty = await k.call('POST', '/api/playlists', { name: 'Empty', entries: [] });
    expect(empty.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'entries: Add at least one board' });
  });
});
