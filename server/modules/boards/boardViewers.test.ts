import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { boardDocument, boardsKit, EDITOR_MENUS, type BoardsKit } from './boardsKit.test-util';

let k: BoardsKit;
let boardId: number;
/** The top-level account whose tree owns the board; every user of these tests is in its tree. */
let tenant: number;
beforeAll(async () => {
  k = await boardsKit();
  await k.userWith('wall_tenant', []);
  tenant = await k.userId('wall_tenant');
  boardId = (await k.create(boardDocument('Visitor wall'))).id;
  await k.t.app.storage.db.updateTable('boards').set({ owner_user_id: tenant }).where('id', '=', boardId).execute();
});
afterAll(() => k.close());

const viewersUrl = () => `/api/boards/${boardId}/viewers`;
const noUser = (index: number) => ({ field: `userIds.${index}`, rule: 'exists', message: 'No user with this id' });

describe('board viewers', () => {
  it('replaces the users who may see a board, and they see it', async () => {
    const guestToken = await k.userWith('wall_guest', [], tenant);
    const guest = await k.userId('wall_guest');
    await k.userWith('wall_guest2', [], tenant);
    const guest2 = await k.userId('wall_guest2');
    expect((await k.call('GET', viewersUrl())).body).toEqual({ code: 0, message: 'ok', data: { userIds: [] } });
    const set = await k.call('PUT', viewersUrl(), { userIds: [guest2, guest, guest2] });
    expect(set.body).toEqual({ code: 0, message: 'Updated', data: { userIds: [guest, guest2] } });
    expect((await k.call('GET', viewersUrl())).body.data).toEqual({ userIds: [guest, guest2] });
    expect(((await k.call('GET', '/api/boards', undefined, guestToken)).body.data as { id: number }[]).map((board) => board.id)).toEqual([boardId]);
    expect((await k.call('PUT', viewersUrl(), { userIds: [guest2] })).body.data).toEqual({ userIds: [guest2] });
    expect((await k.call('GET', '/api/boards', undefined, guestToken)).body.data).toEqual([]);
  });

  it('refuses an unknown user at userIds.<index> and changes nothing', async () => {
    const before = (await k.call('GET', viewersUrl())).body.data;
    const refused = await k.call('PUT', viewersUrl(), { userIds: [before.userIds[0], 987654] });
    expect([refused.status, refused.body]).toEqual([
      400,
      { code: ErrorCode.VALIDATION_FAILED, message: 'userIds.1: No user with this id', data: { issues: [noUser(1)] } },
    ]);
    expect((await k.call('GET', viewersUrl())).body.data).toEqual(before);
    expect((await k.call('GET', '/api/boards/999999/viewers')).body.code).toBe(ErrorCode.KANBAN_NOT_FOUND);
    expect((await k.call('PUT', '/api/boards/999999/viewers', { userIds: [] })).body.code).toBe(ErrorCode.KANBAN_NOT_FOUND);
  });

  it('lets a non-admin name only itself and its descendants, leaving other users’ rows as they are', async () => {
    const editorToken = await k.userWith('wall_editor', EDITOR_MENUS, tenant);
    const editor = await k.userId('wall_editor');
    await k.userWith('wall_child', [], editor);
    const child = await k.userId('wall_child');
    const stranger = await k.userId('wall_guest2');
    expect((await k.call('GET', viewersUrl())).body.data).toEqual({ userIds: [stranger] });
    const outside = await k.call('PUT', viewersUrl(), { userIds: [child, stranger] }, editorToken);
    expect(outside.body).toEqual({ code: ErrorCode.VALIDATION_FAILED, message: 'userIds.1: No user with this id', data: { issues: [noUser(1)] } });
    const own = await k.call('PUT', viewersUrl(), { userIds: [child, editor] }, editorToken);
    expect(own.body.data).toEqual({ userIds: [editor, child] });
    expect((await k.call('GET', viewersUrl(), undefined, editorToken)).body.data).toEqual({ userIds: [editor, child] });
    expect((await k.call('GET', viewersUrl())).body.data).toEqual({ userIds: [stranger, editor, child] });
    expect((await k.call('PUT', viewersUrl(), { userIds: [] }, editorToken)).body.data).toEqual({ userIds: [] });
    expect((await k.call('GET', viewersUrl())).body.data).toEqual({ userIds: [stranger] });
  });
});
