import { makeAutoObservable, runInAction } from 'mobx';
import type { BoardReviewsApi } from '@shared/api/boardReviewsApi';
import type { BoardSummary } from '@shared/schemas/boards';
import { changeThenReload } from '../../lists/changeThenReload';

export type ReviewTab = 'pending' | 'decided';

const decidedAt = (board: BoardSummary): number => board.review?.decidedAt ?? 0;

/** base/equipmentBoardCheck: the boards waiting for a decision, or those decided (newest decision first). */
export class BoardReviewsController {
  tab: ReviewTab = 'pending';
  boards: BoardSummary[] = [];
  loading = false;
  busy = false;
  private loadSeq = 0;

  constructor(private readonly api: Pick<BoardReviewsApi, 'boardReviews' | 'decideBoardReview'>) {
    makeAutoObservable<BoardReviewsController, 'api' | 'loadSeq'>(this, { api: false, loadSeq: false }, { autoBind: true });
  }

  setTab(tab: ReviewTab): void {
    if (tab === this.tab) return;
    this.tab = tab;
    this.boards = [];
    void this.load();
  }

  /** A late answer to an older load (the other tab's, or the page's first racing the reload after a decision) is dropped. */
  async load(): Promise<void> {
    const seq = ++this.loadSeq;
    const tab = this.tab;
    this.loading = true;
    try {
      const boards =
        tab === 'pending'
          ? await this.api.boardReviews('pending')
          : (await Promise.all([this.api.boardReviews('approved'), this.api.boardReviews('rejected')])).flat().sort((a, b) => decidedAt(b) - decidedAt(a));
      if (seq === this.loadSeq) runInAction(() => (this.boards = boards));
    } catch {
      // The api toast said why; the list keeps what it had.
    } finally {
      if (seq === this.loadSeq) runInAction(() => (this.loading = false));
    }
  }

  approve(board: BoardSummary): Promise<boolean> {
    return changeThenReload(this, () => this.api.decideBoardReview(board.id, { approve: true, comment: '' }));
  }

  /** The comment is required (checked by the dialog with the contract's schema, and by the server). */
  reject(board: BoardSummary, comment: string): Promise<boolean> {
    return changeThenReload(this, () => this.api.decideBoardReview(board.id, { approve: false, comment }));
  }
}
