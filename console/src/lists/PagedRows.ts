import type { RowId } from './PagedQuery';

/**
 * What ListTable and ListToolbar read from a list: PagedQuery has all of it; a controller that keeps its
 * rows current by other means (the alarm records' live merge) exposes its PagedQuery.
 */
export interface PagedRows<R> {
  readonly rows: R[];
  readonly total: number;
  readonly page: number;
  readonly size: number;
  readonly loading: boolean;
  readonly failed: boolean;
  readonly busy: boolean;
  readonly selected: RowId[];
  readonly keyword: string;
  select(ids: RowId[]): void;
  setPage(page: number, size: number): Promise<void>;
  search(keyword: string): Promise<void>;
  load(): Promise<void>;
}
