import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { treeUser } from '@tests/support/trees';
import { boardsKit, boardWithMeta, EDITOR_MENUS, type BoardsKit } from './boardsKit.test-util';

let k: BoardsKit;
beforeAll(async () => {
  k = await boardsKit();
});
afterAll(() => k.close());

const codeTaken = {
  code: ErrorCode.VALIDATION_FAILED,
  message: 'document.meta.code: This board code is already used',
  data: { issues: [{ field: 'document.meta.code', rule: 'unique', message: 'This board code is already used' }] },
};

describe('board purposes and codes', () => {
  it('keeps codes unique across boards, at document.meta.code', async () => {
    const holder = await k.create(boardWithMeta('Line 1 show', { purpose: 'data-show', code: 'line-1' }));
    expect(holder).toMatchObject({ purpose: 'data-show', code: 'line-1', equipmentMeterId: null, review: null });
    const clash = await k.call('POST', '/api/boards', { document: boardWithMeta('Other show', { code: 'line-1' }) });
    expect([clash.status, clash.body]).toEqual([400, codeTaken]);
    const other = await k.create(boardWithMeta('Other show', { code: '' }));
    const renamed = await k.call('PUT', `/api/boards/${other.id}`, { document: boardWithMeta('Other show', { code: 'line-1' }), revision: 1 });
    expect(renamed.body).toEqual(codeTaken);
    // The holder saving its own code again is no clash; once it lets the code go, another board may take it.
    const kept = await k.call('PUT', `/api/boards/${holder.id}`, {
      document: boardWithMeta('Line 1 show', { purpose: 'data-show', code: 'line-1b' }),
      revision: 1,
    });
    expect(kept.body.data).toMatchObject({ code: 'line-1b', revision: 2 });
    const taken = await k.call('PUT', `/api/boards/${other.id}`, { document: boardWithMeta('Other show', { code: 'line-1' }), revision: 1 });
    expect(taken.body.data).toMatchObject({ code: 'line-1', revision: 2 });
    const badShape = await k.call('POST', '/api/boards', { document: boardWithMeta('Bad code', { code: 'line 1' }) });
    expect(badShape.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'document.meta.code: A board code is 1–40 letters, digits, - or _' });
  });

  it('requires an existing meter for an equipment board', async () => {
    const none = await k.call('POST', '/api/boards', { document: boardWithMeta('Pump 3', { purpose: 'equipment' }) });
    expect(none.body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'document.meta.equipmentMeterId: Choose the equipment (meter) this board is about',
    });
    const unknown = await k.call('POST', '/api/boards', { document: boardWithMeta('Pump 3', { purpose: 'equipment', equipmentMeterId: 987654 }) });
    expect(unknown.body).toEqual({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'document.meta.equipmentMeterId: No meter with this id',
      data: { issues: [{ field: 'document.meta.equipmentMeterId', rule: 'exists', message: 'No meter with this id' }] },
    });
    const meterId = await k.meterId();
    const made = await k.create(boardWithMeta('Pump 3', { purpose: 'equipment', equipmentMeterId: meterId }));
    expect(made).toMatchObject({
      purpose: 'equipment',
      equipmentMeterId: meterId,
      review: { state: 'draft', revision: null, submittedAt: null, submittedBy: null, decidedAt: null, decidedBy: null, comment: '' },
    });
  });

  it('filters the list by purpose', async () => {
    await k.create(boardWithMeta('Energy GZ', { purpose: 'energy' }));
    await k.create(boardWithMeta('Energy Annex', { purpose: 'energy' }));
    const names = async (query: string) => ((await k.call('GET', `/api/boards${query}`)).body.data as { name: string }[]).map((board) => board.name);
    expect(await names('?purpose=energy')).toEqual(['Energy Annex', 'Energy GZ']);
    expect(await names('?purpose=data-show')).toEqual(['Line 1 show']);
    expect(await names('?purpose=equipment')).toEqual(['Pump 3']);
    expect(await names('')).toEqual(['Energy Annex', 'Energy GZ', 'Line 1 show', 'Other show', 'Pump 3']);
    const bogus = await k.call('GET', '/api/boards?purpose=kitchen');
    expect([bogus.status, bogus.body.code, bogus.body.data.issues[0].field]).toEqual([400, ErrorCode.VALIDATION_FAILED, 'querystring.purpose']);
  });

  it('opens a board by its code within the caller’s scope: FORBIDDEN in its tree when not shared, KANBAN_NOT_FOUND otherwise', async () => {
    const found = await k.call('GET', '/api/boards/by-code/line-1b');
    expect(found.body).toMatchObject({ code: 0, data: { name: 'Line 1 show', code: 'line-1b', document: { meta: { code: 'line-1b' } } } });
    const unknown = await k.call('GET', '/api/boards/by-code/no-such-board');
    expect([unknown.status, unknown.body]).toEqual([404, { code: ErrorCode.KANBAN_NOT_FOUND, data: null, message: 'Kanban id error, Kanban not found!' }]);
    // A sub-user of admin, in the tree that owns the board: without the board screen it sees only the boards it views.
    const viewer = await k.userWith('code_viewer', [], await k.userId('admin'));
    expect((await k.call('GET', '/api/boards/by-code/line-1b', undefined, viewer)).body).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      data: { boardId: found.body.data.id, askUser: { username: 'admin' } },
    });
    await k.t.app.storage.db
      .insertInto('user_boards')
      .values({ user_id: await k.userId('code_viewer'), board_id: found.body.data.id })
      .execute();
    expect((await k.call('GET', '/api/boards/by-code/line-1b', undefined, viewer)).body.data.id).toBe(found.body.data.id);
    // A top-level account is a tree of its own: even with the board screen, the admin's board is not found by its code.
    const outsider = await treeUser(k.t.app, 'code_outsider', EDITOR_MENUS);
    expect((await k.call('GET', '/api/boards/by-code/line-1b', undefined, outsider.token)).body.code).toBe(ErrorCode.KANBAN_NOT_FOUND);
    // The static segment wins over /boards/:id, and a code's shape is checked like the document's.
    expect((await k.call('GET', '/api/boards/by-code/a.b')).body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'params.code: A board code is 1–40 letters, digits, - or _',
    });
  });
});
