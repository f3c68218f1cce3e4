import type { BoardScreensApi } from '@shared/api/boardScreensApi';
import { ApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import type { BoardDocumentInput } from '@shared/board/document';
import type { BoardRecord, BoardReview, BoardSummary } from '@shared/schemas/boards';

const AT = Date.UTC(2026, 10, 20, 8, 30);

export const summary = (id: number, name: string, patch: Partial<BoardSummary> = {}): BoardSummary => ({
  id,
  name,
  description: `${name} for the control room`,
  revision: 3,
  designWidth: 1920,
  designHeight: 1080,
  sample: false,
  updatedAt: AT,
  updatedBy: 'ada',
  purpose: 'general',
  code: '',
  equipmentMeterId: null,
  review: null,
  ...patch,
});

export const review = (patch: Partial<BoardReview>): BoardReview => ({
  state: 'draft',
  revision: null,
  submittedAt: null,
  submittedBy: null,
  decidedAt: null,
  decidedBy: null,
  comment: '',
  ...patch,
});

const notFound = () => new ApiError(ErrorCode.KANBAN_NOT_FOUND, 'Kanban id error, Kanban not found!', null, 404);
const notFaked = (name: string) => (): Promise<never> => Promise.reject(new Error(`${name} is not faked in these tests`));

/** An in-memory BoardScreensApi for the purpose screens that records every call as `<method> <args as JSON>`. */
export function fakeBoardScreensApi(boards: BoardSummary[], overrides: Partial<BoardScreensApi> = {}) {
  const calls: string[] = [];
  const log = (name: string, ...args: unknown[]) => calls.push(`${name} ${JSON.stringify(args)}`);
  const record = (board: BoardSummary): BoardRecord => ({ ...board, document: {} as BoardRecord['document'] });
  const api: BoardScreensApi = {
    boards: async (query) => (log('boards', query), boards.filter((board) => !query?.purpose || board.purpose === query.purpose)),
    boardByCode: async (code) => {
      log('boardByCode', code);
      const found = boards.find((board) => board.code === code);
      if (!found) throw notFound();
      return record(found);
    },
    createBoard: async (document) => {
      log('createBoard', document);
      const meta = (document as BoardDocumentInput).meta;
      return record(summary(99, meta.name, { purpose: meta.purpose ?? 'general', code: meta.code ?? '', revision: 1 }));
    },
    boardReviews: async (state) => (log('boardReviews', state), boards.filter((board) => board.review && (!state || board.review.state === state))),
    submitBoardReview: async (id, revision) => (log('submitBoardReview', id, revision), boards.find((board) => board.id === id) ?? summary(id, '?')),
    decideBoardReview: async (id, decision) => (log('decideBoardReview', id, decision), boards.find((board) => board.id === id) ?? summary(id, '?')),
    board: notFaked('board'),
    updateBoard: notFaked('updateBoard'),
    duplicateBoard: notFaked('duplicateBoard'),
    deleteBoard: notFaked('deleteBoard'),
    boardVersions: notFaked('boardVersions'),
    boardVersion: notFaked('boardVersion'),
    restoreBoardVersion: notFaked('restoreBoardVersion'),
    boardViewers: notFaked('boardViewers'),
    setBoardViewers: notFaked('setBoardViewers'),
    playlists: notFaked('playlists'),
    createPlaylist: notFaked('createPlaylist'),
    updatePlaylist: notFaked('updatePlaylist'),
    deletePlaylist: notFaked('deletePlaylist'),
    displays: notFaked('displays'),
    createDisplay: notFaked('createDisplay'),
    revokeDisplay: notFaked('revokeDisplay'),
    showOnDisplay: notFaked('showOnDisplay'),
    reloadDisplay: notFaked('reloadDisplay'),
    deleteDisplay: notFaked('deleteDisplay'),
    ...overrides,
  };
  return { api, calls };
}
