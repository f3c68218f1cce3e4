import { makeAutoObservable, runInAction } from 'mobx';
import type { Page } from '@shared/api/energyApi';
import { changeThenReload } from './changeThenReload';

export interface PageParams {
  page: number;
  size: number;
}

/** Row ids as the server gives them; the table's selection is kept in the same terms. */
export type RowId = number;

/**
 * One server-paged list with filters, a keyword, the ticked rows and a busy flag for changes: the state
 * behind every list screen (ListToolbar and ListTable render it). Headless. A late answer to an older
 * query is dropped, so fast paging never shows the wrong page; a refused load keeps the rows on screen
 * (the api hook already said why) and sets `failed` until the next answer.
 */
export class PagedQuery<F extends object, R> {
  rows: R[] = [];
  total = 0;
  page = 1;
  size = 20;
  filters: F;
  loading = false;
  /** The last load was refused or did not reach the server. */
  failed = false;
  /** A change (delete, enable…) is running; see change(). */
  busy = false;
  /** Ticked rows, for batch actions; only rows on the page shown stay ticked. */
  selected: RowId[] = [];
  private requestSeq = 0;

  constructor(
    private readonly fetchPage: (query: F & PageParams) => Promise<Page<R>>,
    initialFilters: F,
    /** How a row is named in `selected`; rows without an `id` field pass their own. */
    private readonly rowId: (row: R) => RowId = (row) => (row as { id: RowId }).id,
  ) {
    this.filters = initialFilters;
    makeAutoObservable<PagedQuery<F, R>, 'fetchPage' | 'requestSeq' | 'rowId'>(this, { fetchPage: false, requestSeq: false, rowId: false }, { autoBind: true });
  }

  /** Filters without the empty ones, plus the page. */
  get query(): F & PageParams {
    const set = Object.fromEntries(Object.entries(this.filters).filter(([, value]) => value !== undefined && value !== null && value !== ''));
    return { ...(set as F), page: this.page, size: this.size };
  }

  /** The `keyword` filter, for the toolbar's search box. */
  get keyword(): string {
    return (this.filters as { keyword?: string }).keyword ?? '';
  }

  async load(): Promise<void> {
    const seq = ++this.requestSeq;
    this.loading = true;
    try {
      const result = await this.fetchPage(this.query);
      if (seq !== this.requestSeq) return;
      // An answer without a row list (a proxy's page, an older server) counts as refused: the rows on screen stay.
      if (!Array.isArray(result?.rows)) throw new TypeError('page answer without rows');
      runInAction(() => {
        this.rows = result.rows;
        this.total = result.total;
        this.failed = false;
        const shown = new Set(result.rows.map(this.rowId));
        this.selected = this.selected.filter((id) => shown.has(id));
      });
    } catch {
      // The api hook already showed the server's message; the list keeps what it had.
      if (seq === this.requestSeq) runInAction(() => (this.failed = true));
    } finally {
      if (seq === this.requestSeq) runInAction(() => (this.loading = false));
    }
  }

  setPage(page: number, size: number): Promise<void> {
    this.page = size === this.size ? page : 1;
    this.size = size;
    return this.load();
  }

  /** A changed filter starts again from the first page. */
  setFilter<K extends keyof F>(name: K, value: F[K]): Promise<void> {
    return this.setFilters({ [name]: value } as unknown as Partial<F>);
  }

  /** Several filters at once (a time range), one load. */
  setFilters(changed: Partial<F>): Promise<void> {
    this.filters = { ...this.filters, ...changed };
    this.page = 1;
    return this.load();
  }

  /** The toolbar's search: a trimmed keyword, or none. */
  search(keyword: string): Promise<void> {
    return this.setFilters({ keyword: keyword.trim() || undefined } as unknown as Partial<F>);
  }

  select(ids: RowId[]): void {
    this.selected = ids;
  }

  /**
   * Runs a change (delete, enable…) with `busy` set, then reloads. Resolves false when the change failed:
   * the api client's toast already said why, and the list keeps what it showed.
   */
  change(run: () => Promise<unknown>): Promise<boolean> {
    return changeThenReload(this, run);
  }
}
