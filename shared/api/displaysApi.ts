import type { AxiosInstance } from 'axios';
import type { BoardDocumentInput } from '../board/document';
import type {
  BoardListQuery,
  BoardRecord,
  BoardReviewDecision,
  BoardReviewState,
  BoardSummary,
  BoardVersion,
  BoardVersionSummary,
  BoardViewers,
  DisplayCreate,
  DisplayCreated,
  DisplayRecord,
  Playlist,
  PlaylistBody,
} from '../schemas/boards';
import type { Envelope } from '../errors/envelope';
import { envelopeData } from './envelopeData';

/**
 * A list answer as the screen uses it. The contract names the routes but not whether a list comes bare or
 * paged (`{ total, rows }`); both are taken, so the console does not break on either choice.
 */
const listOf = async <T>(request: Promise<{ data: Envelope<T[] | { rows: T[] }> }>): Promise<T[]> => {
  const data = await envelopeData(request);
  return Array.isArray(data) ? data : (data?.rows ?? []);
};

/** Boards and their editor (issues 6 and 8), playlists and display tokens (shared/schemas/boards.ts). */
export interface DisplaysApi {
  boards(query?: BoardListQuery): Promise<BoardSummary[]>;
  board(id: number): Promise<BoardRecord>;
  boardByCode(code: string): Promise<BoardRecord>;
  /** The document is validated by the server (VALIDATION_FAILED issues under `document.`). */
  createBoard(document: BoardDocumentInput | unknown): Promise<BoardRecord>;
  /** `revision` is the one the editor loaded (REVISION_CONFLICT when someone saved since). */
  updateBoard(id: number, document: BoardDocumentInput | unknown, revision: number): Promise<BoardRecord>;
  duplicateBoard(id: number, name?: string): Promise<BoardRecord>;
  deleteBoard(id: number): Promise<unknown>;
  boardVersions(id: number): Promise<BoardVersionSummary[]>;
  boardVersion(id: number, revision: number): Promise<BoardVersion>;
  /** Saves version `revision` as a new revision on top of `currentRevision`. */
  restoreBoardVersion(id: number, revision: number, currentRevision: number): Promise<BoardRecord>;
  boardViewers(id: number): Promise<BoardViewers>;
  setBoardViewers(id: number, userIds: number[]): Promise<BoardViewers>;
  boardReviews(state?: BoardReviewState): Promise<BoardSummary[]>;
  submitBoardReview(id: number, revision: number): Promise<BoardSummary>;
  decideBoardReview(id: number, decision: BoardReviewDecision): Promise<BoardSummary>;
  playlists(): Promise<Playlist[]>;
  createPlaylist(body: PlaylistBody): Promise<Playlist>;
  updatePlaylist(id: number, body: PlaylistBody): Promise<Playlist>;
  deletePlaylist(id: number): Promise<unknown>;
  displays(): Promise<DisplayRecord[]>;
  /** The only answer that carries the token: it is never sent again. */
  createDisplay(body: DisplayCreate): Promise<DisplayCreated>;
  revokeDisplay(id: number): Promise<unknown>;
  /** Pins a board in the display's scope, or null: back to its own rotation. */
  showOnDisplay(id: number, boardId: number | null): Promise<unknown>;
  reloadDisplay(id: number): Promise<unknown>;
  deleteDisplay(id: number): Promise<unknown>;
}

export function createDisplaysApi(http: AxiosInstance): DisplaysApi {
  return {
    boards: (query) => listOf(http.get('/boards', { params: query })),
    board: (id) => envelopeData(http.get(`/boards/${id}`)),
    boardByCode: (code) => envelopeData(http.get(`/boards/by-code/${encodeURIComponent(code)}`)),
    createBoard: (document) => envelopeData(http.post('/boards', { document })),
    updateBoard: (id, document, revision) => envelopeData(http.put(`/boards/${id}`, { document, revision })),
    duplicateBoard: (id, name) => envelopeData(http.post(`/boards/${id}/duplicate`, name ? { name } : {})),
    deleteBoard: (id) => envelopeData(http.delete(`/boards/${id}`)),
    boardVersions: (id) => listOf(http.get(`/boards/${id}/versions`)),
    boardVersion: (id, revision) => envelopeData(http.get(`/boards/${id}/versions/${revision}`)),
    restoreBoardVersion: (id, revision, currentRevision) => envelopeData(http.post(`/boards/${id}/versions/${revision}/restore`, { revision: currentRevision })),
    boardViewers: (id) => envelopeData(http.get(`/boards/${id}/viewers`)),
    setBoardViewers: (id, userIds) => envelopeData(http.put(`/boards/${id}/viewers`, { userIds })),
    boardReviews: (state) => listOf(http.get('/boards/reviews', { params: state ? { state } : {} })),
    submitBoardReview: (id, revision) => envelopeData(http.post(`/boards/${id}/review/submit`, { revision })),
    decideBoardReview: (id, decision) => envelopeData(http.post(`/boards/${id}/review/decide`, decision)),
    playlists: () => listOf(http.get('/playlists')),
    createPlaylist: (body) => envelopeData(http.post('/playlists', body)),
    updatePlaylist: (id, body) => envelopeData(http.put(`/playlists/${id}`, body)),
    deletePlaylist: (id) => envelopeData(http.delete(`/playlists/${id}`)),
    displays: () => listOf(http.get('/displays')),
    createDisplay: (body) => envelopeData(http.post('/displays', body)),
    revokeDisplay: (id) => envelopeData(http.post(`/displays/${id}/revoke`)),
    showOnDisplay: (id, boardId) => envelopeData(http.post(`/displays/${id}/show`, { boardId })),
    reloadDisplay: (id) => envelopeData(http.post(`/displays/${id}/reload`)),
    deleteDisplay: (id) => envelopeData(http.delete(`/displays/${id}`)),
  };
}
