import type { BoardScreensApi } from '@shared/api/boardScreensApi';
import { ApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import type { BoardDocument } from '@shared/board/document';
import type { BoardRecord, BoardSummary, DisplayRecord, Playlist } from '@shared/schemas/boards';

export const board = (id: number, name: string): BoardSummary => ({
  id,
  name,
  description: `${name} for the control room`,
  revision: 3,
  designWidth: 1920,
  designHeight: 1080,
  purpose: 'general',
  code: '',
  equipmentMeterId: null,
  review: null,
  sample: id === 1,
  updatedAt: Date.UTC(2026, 10, 20, 8, 30),
  updatedBy: 'admin',
});

/** An empty dark 1920×1080 board document with this name (what the new-board dialog creates). */
export const emptyDocument = (name: string): BoardDocument => ({
  schemaVersion: 1,
  meta: { name, description: '', purpose: 'general', code: '', equipmentMeterId: null },
  theme: { mode: 'dark', background: '#07111f', accent: '#3aa0ff', backgroundImage: '' },
  canvas: { designWidth: 1920, designHeight: 1080, scaleMode: 'fit' },
  elements: {},
  layout: { kind: 'grid', spec: { cols: 24, rowHeight: 41, gap: 12, items: [] } },
});

/** A stored board: the summary of `board()` with the document's name and purpose. */
export const boardRecord = (id: number, document: BoardDocument, revision = 1): BoardRecord => ({
  ...board(id, document.meta.name),
  revision,
  description: document.meta.description,
  purpose: document.meta.purpose,
  code: document.meta.code,
  equipmentMeterId: document.meta.equipmentMeterId,
  sample: false,
  designWidth: document.canvas.designWidth,
  designHeight: document.canvas.designHeight,
  document,
});

export const display = (id: number, patch: Partial<DisplayRecord> = {}): DisplayRecord => ({
  id,
  name: `Control room ${id}`,
  scope: { kind: 'boards', boardIds: [1, 2] },
  createdAt: Date.UTC(2026, 10, 1),
  createdBy: 'admin',
  revokedAt: null,
  lastSeenAt: Date.UTC(2026, 10, 22, 11, 0),
  boardId: 1,
  boardName: 'Energy overview',
  resolution: '3840×2160',
  version: '1.6.0',
  online: true,
  pinnedBoardId: null,
  ...patch,
});

export const TOKEN = `dsp_${'a'.repeat(43)}`;

/** A validation refusal as the server sends it (route validation names fields `body.<path>`). */
export const refusal = (field: string, message: string) =>
  new ApiError(ErrorCode.VALIDATION_FAILED, `${field}: ${message}`, { issues: [{ field, rule: 'custom', message }] }, 400);

const notFaked = (name: string) => (): Promise<never> => Promise.reject(new Error(`${name} is not faked in this test`));

/** An in-memory BoardScreensApi that records every call as `<method> <args as JSON>`. */
export function fakeDisplaysApi(overrides: Partial<BoardScreensApi> = {}) {
  const calls: string[] = [];
  const boards = [board(1, 'Energy overview'), board(2, 'Alarm wall'), board(3, '3D plant')];
  let displays = [display(7)];
  const playlists: Playlist[] = [
    {
      id: 4,
      name: 'Lobby loop',
      entries: [
        { boardId: 2, seconds: 30 },
        { boardId: 3, seconds: 60 },
        { boardId: 2, seconds: 30 },
      ],
      updatedAt: 1,
    },
  ];
  const log = (name: string, ...args: unknown[]) => calls.push(`${name} ${JSON.stringify(args)}`);
  const api: BoardScreensApi = {
    boards: async () => (log('boards'), boards),
    deleteBoard: async (id) => log('deleteBoard', id),
    board: async (id) => (log('board', id), boardRecord(id, emptyDocument(boards.find((row) => row.id === id)?.name ?? `Board ${id}`), 3)),
    createBoard: async (document) => {
      log('createBoard', (document as BoardDocument).meta.name);
      const created = boardRecord(10 + boards.length, document as BoardDocument);
      boards.push(created);
      return created;
    },
    duplicateBoard: async (id) => {
      log('duplicateBoard', id);
      const copy = boardRecord(10 + boards.length, emptyDocument(`${boards.find((row) => row.id === id)?.name ?? ''} (copy)`));
      boards.push(copy);
      return copy;
    },
    // The editor's other calls: tests that need them override them.
    boardByCode: notFaked('boardByCode'),
    updateBoard: notFaked('updateBoard'),
    boardVersions: notFaked('boardVersions'),
    boardVersion: notFaked('boardVersion'),
    restoreBoardVersion: notFaked('restoreBoardVersion'),
    boardViewers: notFaked('boardViewers'),
    setBoardViewers: notFaked('setBoardViewers'),
    boardReviews: notFaked('boardReviews'),
    submitBoardReview: notFaked('submitBoardReview'),
    decideBoardReview: notFaked('decideBoardReview'),
    playlists: async () => (log('playlists'), playlists),
    createPlaylist: async (body) => (log('createPlaylist', body), { id: 5, ...body, updatedAt: 2 }),
    updatePlaylist: async (id, body) => (log('updatePlaylist', id, body), { id, ...body, updatedAt: 2 }),
    deletePlaylist: async (id) => log('deletePlaylist', id),
    displays: async () => (log('displays'), displays),
    createDisplay: async (body) => {
      log('createDisplay', body);
      const created = display(8, { name: body.name, scope: body.scope, lastSeenAt: null, online: false, boardId: null, boardName: null });
      displays = [...displays, created];
      return { display: created, token: TOKEN, link: `/dash/1?access_token=${TOKEN}` };
    },
    revokeDisplay: async (id) => {
      log('revokeDisplay', id);
      displays = displays.map((row) => (row.id === id ? { ...row, revokedAt: Date.UTC(2026, 10, 22, 12), online: false } : row));
    },
    showOnDisplay: async (id, boardId) => log('showOnDisplay', id, boardId),
    reloadDisplay: async (id) => log('reloadDisplay', id),
    deleteDisplay: async (id) => log('deleteDisplay', id),
    ...overrides,
  };
  return { api, calls };
}
