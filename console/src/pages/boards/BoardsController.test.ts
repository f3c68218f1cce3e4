import { describe, expect, it } from 'vitest';
import type { BoardsApi } from '@shared/api/boardsApi';
import type { BoardRecord, BoardSummary } from '@shared/schemas/boards';
import { BoardsController } from './BoardsController';
import { emptyDocument, fakeDisplaysApi, refusal } from './testFixtures.test-util';
import { later } from '../../testing/later.test-util';

describe('BoardsController: create, import, duplicate', () => {
  it('creates a board and reloads the list', async () => {
    const { api, calls } = fakeDisplaysApi();
    const boards = new BoardsController(api);
    const result = await boards.create(emptyDocument('Hall 2'));
    expect(result.ok && result.record.name).toBe('Hall 2');
    await Promise.resolve();
    expect(calls).toEqual(['createBoard ["Hall 2"]', 'boards []']);
  });

  it('imports nothing from a file that is not JSON', async () => {
    const { api, calls } = fakeDisplaysApi();
    const result = await new BoardsController(api).importFile('{"schemaVersion": 1,');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.notJson).toBe(true);
    expect(!result.ok && result.issues[0]?.field).toBe('');
    expect(calls).toEqual([]);
  });

  it('imports nothing from a file that fails the board check, and lists every problem by field', async () => {
    const { api, calls } = fakeDisplaysApi();
    const document = { ...emptyDocument(''), elements: { k1: { type: 'kpi', options: { digits: 9 } } } };
    let result = await new BoardsController(api).importFile(JSON.stringify(document));
    expect(result).toEqual({ ok: false, notJson: false, issues: [{ field: 'meta.name', message: 'Please enter the board name' }] });
    result = await new BoardsController(api).importFile(JSON.stringify({ ...document, meta: { name: 'Imported' } }));
    expect(result).toEqual({ ok: false, notJson: false, issues: [{ field: 'elements.k1.options.digits', message: 'Too big: expected number to be <=6' }] });
    expect(calls).toEqual([]);
  });

  it('creates a board from a valid file, with the defaults filled in', async () => {
    const { api, calls } = fakeDisplaysApi();
    const result = await new BoardsController(api).importFile(
      JSON.stringify({ schemaVersion: 1, meta: { name: 'Imported' }, elements: {}, layout: { kind: 'grid', spec: { items: [] } } }),
    );
    expect(result.ok && result.record.document.layout.spec).toEqual({ cols: 24, rowHeight: 40, gap: 12, items: [] });
    expect(calls[0]).toBe('createBoard ["Imported"]');
  });

  it('answers the server refusal of an import by field, without the document prefix', async () => {
    const { api } = fakeDisplaysApi({ createBoard: () => Promise.reject(refusal('document.meta.code', 'The code "hall" is taken')) });
    const result = await new BoardsController(api).importFile(JSON.stringify(emptyDocument('Imported')));
    expect(result).toEqual({ ok: false, notJson: false, issues: [{ field: 'meta.code', message: 'The code "hall" is taken' }] });
  });

  it('duplicates a board and reloads the list', async () => {
    const { api, calls } = fakeDisplaysApi();
    const boards = new BoardsController(api);
    const copy = await boards.duplicate(2);
    expect(copy?.name).toBe('Alarm wall (copy)');
    expect(calls).toEqual(['duplicateBoard [2]', 'boards []']);
    expect(boards.boards.map((row) => row.name)).toContain('Alarm wall (copy)');
  });
});

const summary = (id: number, name: string) => ({ id, name }) as BoardSummary;

describe('BoardsController: answers out of order', () => {
  it('keeps the copy just made when the page’s first load answers after the reload that follows', async () => {
    const answers = [later<BoardSummary[]>(), later<BoardSummary[]>()];
    let call = 0;
    const api = {
      boards: () => answers[call++]!.promise,
      duplicateBoard: () => Promise.resolve({ id: 7, name: 'Hall 2 (copy)' } as BoardRecord),
    } as unknown as BoardsApi;
    const boards = new BoardsController(api);
    const firstLoad = boards.load();
    const copied = boards.duplicate(3);
    await Promise.resolve();
    answers[1]!.resolve([summary(3, 'Hall 2'), summary(7, 'Hall 2 (copy)')]);
    expect((await copied)?.id).toBe(7);
    answers[0]!.resolve([summary(3, 'Hall 2')]);
    await firstLoad;
    expect(boards.boards.map((row) => row.name)).toEqual(['Hall 2', 'Hall 2 (copy)']);
    expect(boards.loading).toBe(false);
  });
});
