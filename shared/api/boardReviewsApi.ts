import type { AxiosInstance } from 'axios';
import type { BoardReviewDecision, BoardReviewState, BoardSummary } from '../schemas/boards';
import { envelopeData } from './envelopeData';
import { listOf } from './listOf';

/** The equipment boards' review: the boards waiting (or decided), submitting a revision, approving or rejecting it. */
export interface BoardReviewsApi {
  boardReviews(state?: BoardReviewState): Promise<BoardSummary[]>;
  submitBoardReview(id: number, revision: number): Promise<BoardSummary>;
  decideBoardReview(id: number, decision: BoardReviewDecision): Promise<BoardSummary>;
}

export function createBoardReviewsApi(http: AxiosInstance): BoardReviewsApi {
  return {
    boardReviews: (state) => listOf(http.get('/boards/reviews', { params: state ? { state } : {} })),
    submitBoardReview: (id, revision) => envelopeData(http.post(`/boards/${id}/review/submit`, { revision })),
    decideBoardReview: (id, decision) => envelopeData(http.post(`/boards/${id}/review/decide`, decision)),
  };
}
