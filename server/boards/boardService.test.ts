import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import type { BoardRevision } from '@shared/board/channels';
import { fakeWidgetRegistry } from '@boards/validation/fakeWidgets.test-util';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { AppError } from '../http/appError';
import { boardDocument } from '../modules/boards/boardsKit.test-util';
import type { BoardViewer } from './boardAccess';
import { BoardEvents } from './boardEvents';
import { BoardService } from './boardService';

let t: TestApp;
let service: BoardService;
const events = new BoardEvents();
const saved: BoardRevision[] = [];
const deleted: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.storage.db.deleteFrom('boards').execute();
  service = new BoardService(t.app.storage.db, events, fakeWidgetRegistry());
  events.on('saved', (revision) => saved.push(revision));
  events.on('deleted', (id) => deleted.push(id));
});
afterAll(() => t.close());

/** Written for the built-in admin's tree (user 1), which may name anything. */
const ADMIN_TREE = { owner: 1, scope: { all: true, home: 1 } as const };

const admin: BoardViewer = { display: null, isAdmin: true, permittedPaths: async () => new Set(), ownerScope: async () => ADMIN_TREE.scope };
/** A display token's principal; its owner is an admin, which must not widen what the wall sees. */
const display = (boardIds: number[]): BoardViewer => ({
  display: { id: 7, name: 'Hall wall', boardIds, playlistId: null },
  isAdmin: true,
  permittedPaths: async () => new Set(),
  ownerScope: async () => ADMIN_TREE.scope,
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('BoardService', () => {
  it('limits a display to its own boards: filtered list, FORBIDDEN naming whom to ask for the rest of its tree, KANBAN_NOT_FOUND for no board', async () => {
    const a = await service.create(boardDocument('Alpha'), 'admin', ADMIN_TREE);
    const b = await service.create(boardDocument('Bravo'), 'admin', ADMIN_TREE);
    const c = await service.create(boardDocument('Charlie'), 'admin', ADMIN_TREE);
    expect((await service.list(admin)).map((board) => board.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect((await service.list(display([c.id, a.id]))).map((board) => board.id)).toEqual([a.id, c.id]);
    expect(await service.list(display([]))).toEqual([]);
    expect((await service.get(display([b.id]), b.id)).name).toBe('Bravo');
    const refused = await failure(service.get(display([b.id]), a.id));
    expect([refused.code, refused.status, refused.message, refused.data]).toEqual([
      ErrorCode.FORBIDDEN,
      403,
      `Board ${a.id} is not shared with you. Ask Administrator (admin), who manages your user tree, to share it with you.`,
      { boardId: a.id, askUser: { username: 'admin', name: 'Administrator' } },
    ]);
    const absent = await failure(service.get(display([b.id]), c.id + 1000));
    expect([absent.code, absent.status, absent.message]).toEqual([ErrorCode.KANBAN_NOT_FOUND, 404, 'Kanban id error, Kanban not found!']);
  });

  it('migrates and fills widget options on save, with issues under document.elements.<id>.options', async () => {
    const board = await service.create(
      boardDocument('Gauges', { g: { type: 'fake-gauge', options: { max: 300 } } }, [{ element: 'g', x: 0, y: 0, w: 6, h: 6 }]),
      'operator1',
      ADMIN_TREE,
    );
    expect(board.document.elements.g).toEqual({ type: 'fake-gauge', version: 2, title: '', options: { range: { min: 0, max: 300 }, unit: 'kW' }, binding: {} });
    expect(board.updatedBy).toBe('operator1');
    const bad = await failure(
      service.update(
        board.id,
        { document: boardDocument('Gauges', { g: { type: 'fake-gauge', version: 2, options: { range: { max: 0 } } } }), revision: 1 },
        'admin',
        ADMIN_TREE.scope,
      ),
    );
    expect(bad.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(bad.message).toBe('document.elements.g.options.range.max: The maximum must be above 0');
    expect(bad.data).toEqual({ issues: [{ field: 'document.elements.g.options.range.max', rule: 'too_small', message: 'The maximum must be above 0' }] });
  });

  it('brings a stored document up to the widget versions of today on read, and serves one it cannot validate as stored', async () => {
    const now = Date.now();
    const insert = async (name: string, document: unknown) =>
      (
        await t.app.storage.db
          .insertInto('boards')
          .values({
            name,
            description: '',
            document: JSON.stringify(document),
            revision: 4,
            sample_key: null,
            created_at: now,
            updated_at: now,
            updated_by: 'admin',
            owner_user_id: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const old = await insert('Old gauge', boardDocument('Old gauge', { g: { type: 'fake-gauge', version: 1, options: { max: 40 } } }));
    expect((await service.get(admin, old)).document.elements.g?.options).toEqual({ range: { min: 0, max: 40 }, unit: 'kW' });
    const orphan = boardDocument('Orphan', { x: { type: 'retired-widget', version: 1, title: '', options: {}, binding: {} } });
    const orphanId = await insert('Orphan', orphan);
    const record = await service.get(admin, orphanId);
    expect(record.document).toEqual(orphan);
    expect(record).toMatchObject({ revision: 4, designWidth: 1920, designHeight: 1080 });
  });

  it('announces each save and deletion', async () => {
    saved.length = 0;
    deleted.length = 0;
    const board = await service.create(boardDocument('Announced'), 'admin', ADMIN_TREE);
    const updated = await service.update(board.id, { document: boardDocument('Announced again'), revision: 1 }, 'admin', ADMIN_TREE.scope);
    await service.remove(board.id);
    expect(saved).toEqual([
      { id: board.id, revision: 1, updatedAt: board.updatedAt },
      { id: board.id, revision: 2, updatedAt: updated.updatedAt },
    ]);
    expect(deleted).toEqual([board.id]);
    const again = await failure(service.remove(board.id));
    expect(again.code).toBe(ErrorCode.KANBAN_NOT_FOUND);
    expect(deleted).toEqual([board.id]);
  });

  it('lets exactly one of two saves over the same revision win', async () => {
    const board = await service.create(boardDocument('Contested'), 'admin', ADMIN_TREE);
    const results = await Promise.allSettled([
      service.update(board.id, { document: boardDocument('First'), revision: 1 }, 'alice', ADMIN_TREE.scope),
      service.update(board.id, { document: boardDocument('Second'), revision: 1 }, 'bob', ADMIN_TREE.scope),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as AppError).code).toBe(ErrorCode.REVISION_CONFLICT);
    expect((await service.get(admin, board.id)).revision).toBe(2);
  });
});
