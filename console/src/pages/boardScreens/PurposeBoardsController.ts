import { makeAutoObservable, runInAction } from 'mobx';
import type { BoardReviewsApi } from '@shared/api/boardReviewsApi';
import type { BoardsApi } from '@shared/api/boardsApi';
import type { BoardRecord, BoardSummary } from '@shared/schemas/boards';
import { changeThenReload } from '../../lists/changeThenReload';
import { newBoardDocument, type NewBoardFields } from './newBoardDocument';
import type { ListedPurpose } from './purposes';

/** The boards of one purpose (GET /api/boards?purpose=…), a new one of that purpose, and an equipment board's submission. */
export class PurposeBoardsController {
  boards: BoardSummary[] = [];
  loading = false;
  /** A change is running (a submission): its buttons wait. */
  busy = false;
  private loadSeq = 0;

  constructor(
    private readonly api: Pick<BoardsApi, 'boards' | 'createBoard'> & Pick<BoardReviewsApi, 'submitBoardReview'>,
    readonly purpose: ListedPurpose,
  ) {
    makeAutoObservable<PurposeBoardsController, 'api' | 'loadSeq'>(this, { api: false, purpose: false, loadSeq: false }, { autoBind: true });
  }

  /** A late answer to an older load (the page's first, racing the reload after a submission) is dropped. */
  async load(): Promise<void> {
    const seq = ++this.loadSeq;
    this.loading = true;
    try {
      const boards = await this.api.boards({ purpose: this.purpose });
      if (seq === this.loadSeq) runInAction(() => (this.boards = boards));
    } catch {
      // The api toast said why; the list keeps what it had.
    } finally {
      if (seq === this.loadSeq) runInAction(() => (this.loading = false));
    }
  }

  /** An empty board of this purpose; rejects with the server's refusal (the dialog shows field messages). */
  create(fields: NewBoardFields): Promise<BoardRecord> {
    return this.api.createBoard(newBoardDocument(this.purpose, fields));
  }

  /** Draft or rejected → pending, for the revision the list shows (REVISION_CONFLICT when it moved on). */
  submitForReview(board: BoardSummary): Promise<boolean> {
    return changeThenReload(this, () => this.api.submitBoardReview(board.id, board.revision));
  }
}
