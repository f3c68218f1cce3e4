import { makeAutoObservable, runInAction } from 'mobx';
import type { DisplaysApi } from '@shared/api/displaysApi';
import type { BoardSummary } from '@shared/schemas/boards';
import { changeThenReload } from '../../paging/changeThenReload';

/** The boards tab, and the board names every other tab shows (scopes, playlist entries, pinned boards). */
export class BoardsController {
  boards: BoardSummary[] = [];
  loading = false;
  busy = false;

  constructor(private readonly api: Pick<DisplaysApi, 'boards' | 'deleteBoard'>) {
    makeAutoObservable<BoardsController, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const boards = await this.api.boards();
      runInAction(() => (this.boards = boards));
    } catch {
      // The api toast said why; the list keeps what it had.
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  get options(): { value: number; label: string }[] {
    return this.boards.map((board) => ({ value: board.id, label: board.name }));
  }

  nameOf(id: number): string | undefined {
    return this.boards.find((board) => board.id === id)?.name;
  }

  remove(id: number): Promise<boolean> {
    return changeThenReload(this, () => this.api.deleteBoard(id));
  }
}
