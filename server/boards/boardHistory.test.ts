import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import type { BoardRevision } from '@shared/board/channels';
import { fakeWidgetRegistry } from '@boards/validation/fakeWidgets.test-util';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { AppError } from '../http/appError';
import { boardDocument, boardWithMeta } from '../modules/boards/boardsKit.test-util';
import { BoardEvents } from './boardEvents';
import { BoardHistory } from './boardHistory';
import { withCodeGuard } from './boardReferences';
import { BoardRepository } from './boardRepository';
import { BoardService } from './boardService';

let t: TestApp;
let service: BoardService;
let history: BoardHistory;
const events = new BoardEvents();
const saved: BoardRevision[] = [];
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.storage.db.deleteFrom('boards').execute();
  service = new BoardService(t.app.storage.db, events, fakeWidgetRegistry());
  history = new BoardHistory(t.app.storage.db, service);
  events.on('saved', (revision) => saved.push(revision));
});
afterAll(() => t.close());

/** Written for the built-in admin's tree (user 1), which may name anything. */
const ADMIN_TREE = { owner: 1, scope: { all: true, home: 1 } as const };

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('BoardHistory', () => {
  it('announces a restore as a save, so open walls reload the restored document at once', async () => {
    const board = await service.create(
      boardDocument('Gauges', { g: { type: 'fake-gauge', options: { max: 300 } } }, [{ element: 'g', x: 0, y: 0, w: 6, h: 6 }]),
      'admin',
      ADMIN_TREE,
    );
    await service.update(board.id, { document: boardDocument('Gauges emptied'), revision: 1 }, 'admin', ADMIN_TREE.scope);
    saved.length = 0;
    const restored = await history.restore(board.id, 1, 2, 'operator1', ADMIN_TREE.scope);
    expect(saved).toEqual([{ id: board.id, revision: 3, updatedAt: restored.updatedAt }]);
    expect(restored).toMatchObject({ revision: 3, updatedBy: 'operator1', name: 'Gauges' });
    expect(restored.document).toEqual(board.document);
    expect((await history.list(board.id)).map((version) => [version.revision, version.note, version.savedBy])).toEqual([
      [3, 'restored from 1', 'operator1'],
      [2, 'saved', 'admin'],
      [1, 'created', 'admin'],
    ]);
    const stale = await failure(history.restore(board.id, 2, 2, 'admin', ADMIN_TREE.scope));
    expect([stale.code, stale.data]).toEqual([ErrorCode.REVISION_CONFLICT, { revision: 3, updatedAt: restored.updatedAt, updatedBy: 'operator1' }]);
    expect(saved).toHaveLength(1);
  });

  it('serves an old version migrated to today’s widget options', async () => {
    const board = await service.create(boardDocument('Old gauge'), 'admin', ADMIN_TREE);
    const old = boardDocument('Old gauge', { g: { type: 'fake-gauge', version: 1, options: { max: 40 } } });
    await t.app.storage.db
      .updateTable('board_versions')
      .set({ document: JSON.stringify(old) })
      .where('board_id', '=', board.id)
      .execute();
    expect((await history.get(board.id, 1)).document.elements.g?.options).toEqual({ range: { min: 0, max: 40 }, unit: 'kW' });
  });

  it('answers a code that two saves raced for as the check would (the unique index refuses the second)', async () => {
    await service.create(boardWithMeta('Show A', { purpose: 'data-show', code: 'raced' }), 'admin', ADMIN_TREE);
    const repository = new BoardRepository(t.app.storage.db);
    // Straight to the repository: past the check, as a save running at the same moment would be.
    const second = service.check(boardWithMeta('Show B', { purpose: 'data-show', code: 'raced' }));
    const refused = await failure(withCodeGuard(() => repository.insert({ document: second, username: 'admin', now: Date.now(), note: 'created' }, 1)));
    expect([refused.code, refused.message, refused.data]).toEqual([
      ErrorCode.VALIDATION_FAILED,
      'document.meta.code: This board code is already used',
      { issues: [{ field: 'document.meta.code', rule: 'unique', message: 'This board code is already used' }] },
    ]);
    // Nothing of the refused board was kept, history included.
    expect((await t.app.storage.db.selectFrom('boards').select('name').where('name', '=', 'Show B').execute()).length).toBe(0);
    const other = await service.create(boardWithMeta('Show C', {}), 'admin', ADMIN_TREE);
    const raced = service.check(boardWithMeta('Show C', { code: 'raced' }));
    const update = await failure(
      withCodeGuard(() => repository.updateAtRevision(other.id, 1, { document: raced, username: 'admin', now: Date.now(), note: 'saved' })),
    );
    expect(update.message).toBe('document.meta.code: This board code is already used');
    expect((await history.list(other.id)).map((version) => version.revision)).toEqual([1]);
  });

  it('lets two boards both have no code', async () => {
    const a = await service.create(boardWithMeta('Uncoded 1', { code: '' }), 'admin', ADMIN_TREE);
    const b = await service.create(boardWithMeta('Uncoded 2', { code: '' }), 'admin', ADMIN_TREE);
    expect([a.code, b.code]).toEqual(['', '']);
  });
});
