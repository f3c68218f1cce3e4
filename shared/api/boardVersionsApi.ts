import type { AxiosInstance } from 'axios';
import type { BoardRecord, BoardVersion, BoardVersionSummary } from '../schemas/boards';
import { envelopeData } from './envelopeData';
import { listOf } from './listOf';

/** A board's history: every saved revision, one revision's document, and restoring it as the next revision. */
export interface BoardVersionsApi {
  boardVersions(id: number): Promise<BoardVersionSummary[]>;
  boardVersion(id: number, revision: number): Promise<BoardVersion>;
  /** Saves version `revision` as a new revision on top of `currentRevision`. */
  restoreBoardVersion(id: number, revision: number, currentRevision: number): Promise<BoardRecord>;
}

export function createBoardVersionsApi(http: AxiosInstance): BoardVersionsApi {
  return {
    boardVersions: (id) => listOf(http.get(`/boards/${id}/versions`)),
    boardVersion: (id, revision) => envelopeData(http.get(`/boards/${id}/versions/${revision}`)),
    restoreBoardVersion: (id, revision, currentRevision) =>
      envelopeData(http.post(`/boards/${id}/versions/${revision}/restore`, { revision: currentRevision })),
  };
}
