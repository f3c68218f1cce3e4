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

  constructor(
    private readonly api: Pick<BoardsApi, 'boards' | 'createBoard'> & Pick<BoardReviewsApi, 'submitBoardReview'>,
    readonly purpose: ListedPurpose,
  ) {
    makeAutoObservable<PurposeBoardsController, 'api'>(this, { api: false, purpose: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const boards = await this.api.boards({ purpose: this.purpose });
      runInAction(() => (this.boards = boards));
    } catch {
      // The api toast said why; the list keeps what it had.
    } finally {
      runInAction(() => (this.loading = false));
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
