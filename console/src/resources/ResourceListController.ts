import { makeAutoObservable, runInAction } from 'mobx';
import type { ResourceApi, ResourceRow } from '@shared/resources';

/**
 * The state of one resource list: page, size, keyword, filters and the rows the server returned.
 * Headless (no antd): the view renders it and calls its actions. A late answer to an older query is
 * dropped, so fast paging never shows the wrong page.
 */
export class ResourceListController {
  rows: ResourceRow[] = [];
  total = 0;
  page = 1;
  size = 20;
  keyword = '';
  filters: Record<string, unknown> = {};
  loading = false;
  selected: number[] = [];
  private requestSeq = 0;

  constructor(
    private readonly api: ResourceApi,
    /** Filters the screen fixes (e.g. the department chosen in the tree); not shown, always sent. */
    private readonly fixedFilters: Record<string, unknown> = {},
  ) {
    makeAutoObservable<ResourceListController, 'api' | 'fixedFilters' | 'requestSeq'>(this, { api: false, fixedFilters: false, requestSeq: false }, { autoBind: true });
  }

  get query(): Record<string, unknown> {
    const filters = Object.fromEntries(Object.entries(this.filters).filter(([, value]) => value !== undefined && value !== null && value !== ''));
    return { page: this.page, size: this.size, ...(this.keyword.trim() ? { keyword: this.keyword.trim() } : {}), ...filters, ...this.fixedFilters };
  }

  async load(): Promise<void> {
    const seq = ++this.requestSeq;
    this.loading = true;
    try {
      const result = await this.api.list(this.query);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.rows = result.rows;
        this.total = result.total;
        this.selected = this.selected.filter((id) => result.rows.some((row) => row.id === id));
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

  setKeyword(keyword: string): void {
    this.keyword = keyword;
  }

  /** Runs the keyword search (and the filters) from the first page. */
  search(): Promise<void> {
    this.page = 1;
    return this.load();
  }

  setFilter(name: string, value: unknown): Promise<void> {
    this.filters = { ...this.filters, [name]: value };
    return this.search();
  }

  select(ids: number[]): void {
    this.selected = ids;
  }

  /** Deletes rows; after the last row of a page goes, the previous page is shown. Resolves false on failure. */
  async remove(ids: readonly number[]): Promise<boolean> {
    try {
      await this.api.remove(ids);
    } catch {
      return false;
    }
    runInAction(() => {
      if (this.page > 1 && ids.length >= this.rows.length) this.page -= 1;
      this.selected = this.selected.filter((id) => !ids.includes(id));
    });
    await this.load();
    return true;
  }
}
