import type { AxiosInstance } from 'axios';
import type { BoardSummary, DisplayCreate, DisplayCreated, DisplayRecord, Playlist, PlaylistBody } from '../schemas/boards';
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

/** Boards (list/delete; the editor adds the rest), playlists and display tokens (issue 6, shared/schemas/boards.ts). */
export interface DisplaysApi {
  boards(): Promise<BoardSummary[]>;
  deleteBoard(id: number): Promise<unknown>;
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
    boards: () => listOf(http.get('/boards')),
    deleteBoard: (id) => envelopeData(http.delete(`/boards/${id}`)),
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
