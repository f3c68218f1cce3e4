import { makeAutoObservable, runInAction } from 'mobx';
import type { Page } from '@shared/api/energyApi';

export interface PageParams {
  page: number;
  size: number;
}

/**
 * One server-paged list with filters (quarantine, rejected readings, alarm logbook, threshold rules, push records). Headless: the tab renders it and
 * calls its actions. A late answer to an older query is dropped, so fast paging never shows the wrong page.
 */
export class PagedQuery<F extends object, R> {
  rows: R[] = [];
  total = 0;
  page = 1;
  size = 20;
  filters: F;
  loading = false;
  private requestSeq = 0;

  constructor(
    private readonly fetchPage: (query: F & PageParams) => Promise<Page<R>>,
    initialFilters: F,
  ) {
    this.filters = initialFilters;
    makeAutoObservable<PagedQuery<F, R>, 'fetchPage' | 'requestSeq'>(this, { fetchPage: false, requestSeq: false }, { autoBind: true });
  }

  /** Filters without the empty ones, plus the page. */
  get query(): F & PageParams {
    const set = Object.fromEntries(Object.entries(this.filters).filter(([, value]) => value !== undefined && value !== null && value !== ''));
    return { ...(set as F), page: this.page, size: this.size };
  }

  async load(): Promise<void> {
    const seq = ++this.requestSeq;
    this.loading = true;
    try {
      const result = await this.fetchPage(this.query);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.rows = result.rows;
        this.total = result.total;
      });
    } catch {
      // The api hook already showed the server's message; the list keeps what it had.
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
    this.filters = { ...this.filters, [name]: value };
    this.page = 1;
    return this.load();
  }
}
