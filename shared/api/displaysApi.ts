import type { AxiosInstance } from 'axios';
import type { DisplayCreate, DisplayCreated, DisplayRecord } from '../schemas/boards';
import { envelopeData } from './envelopeData';
import { listOf } from './listOf';

/** Wall displays: their tokens, and what the console tells a running wall (show a board, reload). */
export interface DisplaysApi {
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
    displays: () => listOf(http.get('/displays')),
    createDisplay: (body) => envelopeData(http.post('/displays', body)),
    revokeDisplay: (id) => envelopeData(http.post(`/displays/${id}/revoke`)),
    showOnDisplay: (id, boardId) => envelopeData(http.post(`/displays/${id}/show`, { boardId })),
    reloadDisplay: (id) => envelopeData(http.post(`/displays/${id}/reload`)),
    deleteDisplay: (id) => envelopeData(http.delete(`/displays/${id}`)),
  };
}
