import { makeAutoObservable, runInAction } from 'mobx';
import { changeThenReload } from './changeThenReload';

/**
 * A list the server sends whole (shift teams, templates: a few dozen rows, no paging): the rows, loading,
 * `failed` and a busy flag for changes. Headless, like PagedQuery: ListToolbar takes it as is, ListTable
 * as `rows` and `loading`. A late answer to an older load is dropped; a refused load keeps the rows shown.
 */
export class WholeList<R> {
  rows: R[] = [];
  loading = false;
  failed = false;
  busy = false;
  private requestSeq = 0;

  constructor(private readonly fetchAll: () => Promise<R[]>) {
    makeAutoObservable<WholeList<R>, 'fetchAll' | 'requestSeq'>(this, { fetchAll: false, requestSeq: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    const seq = ++this.requestSeq;
    this.loading = true;
    try {
      const rows = await this.fetchAll();
      if (seq === this.requestSeq) runInAction(() => ((this.rows = rows), (this.failed = false)));
    } catch {
      // The api hook already showed the server's message; the list keeps what it had.
      if (seq === this.requestSeq) runInAction(() => (this.failed = true));
    } finally {
      if (seq === this.requestSeq) runInAction(() => (this.loading = false));
    }
  }

  /** Runs a change (delete…) with `busy` set, then reloads; false when the change failed (the toast said why). */
  change(run: () => Promise<unknown>): Promise<boolean> {
    return changeThenReload(this, run);
  }
}
