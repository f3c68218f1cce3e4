import type { AxiosInstance } from 'axios';
import type { BoardDocumentInput } from '../board/document';
import type { BoardListQuery, BoardRecord, BoardSummary, BoardViewers } from '../schemas/boards';
import { envelopeData } from './envelopeData';
import { listOf } from './listOf';

/** Boards and their editor: list, read, save, duplicate, delete, and who may view them (shared/schemas/boards.ts). */
export interface BoardsApi {
  boards(query?: BoardListQuery): Promise<BoardSummary[]>;
  board(id: number): Promise<BoardRecord>;
  boardByCode(code: string): Promise<BoardRecord>;
  /** The document is validated by the server (VALIDATION_FAILED issues under `document.`). */
  createBoard(document: BoardDocumentInput | unknown): Promise<BoardRecord>;
  /** `revision` is the one the editor loaded (REVISION_CONFLICT when someone saved since). */
  updateBoard(id: number, document: BoardDocumentInput | unknown, revision: number): Promise<BoardRecord>;
  duplicateBoard(id: number, name?: string): Promise<BoardRecord>;
  deleteBoard(id: number): Promise<unknown>;
  boardViewers(id: number): Promise<BoardViewers>;
  setBoardViewers(id: number, userIds: number[]): Promise<BoardViewers>;
}

export function createBoardsApi(http: AxiosInstance): BoardsApi {
  return {
    boards: (query) => listOf(http.get('/boards', { params: query })),
    board: (id) => envelopeData(http.get(`/boards/${id}`)),
    boardByCode: (code) => envelopeData(http.get(`/boards/by-code/${encodeURIComponent(code)}`)),
    createBoard: (document) => envelopeData(http.post('/boards', { document })),
    updateBoard: (id, document, revision) => envelopeData(http.put(`/boards/${id}`, { document, revision })),
    duplicateBoard: (id, name) => envelopeData(http.post(`/boards/${id}/duplicate`, name ? { name } : {})),
    deleteBoard: (id) => envelopeData(http.delete(`/boards/${id}`)),
    boardViewers: (id) => envelopeData(http.get(`/boards/${id}/viewers`)),
    setBoardViewers: (id, userIds) => envelopeData(http.put(`/boards/${id}/viewers`, { userIds })),
  };
}
