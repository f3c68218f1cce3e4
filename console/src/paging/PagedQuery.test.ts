import { describe, expect, it } from 'vitest';
import type { Page } from '@shared/api/energyApi';
import { PagedQuery, type PageParams } from './PagedQuery';

type Filters = { status?: string; meterId?: number };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('PagedQuery', () => {
  it('sends the filters that are set plus the page, and resets to page 1 when a filter changes', async () => {
    const queries: (Filters & PageParams)[] = [];
    const list = new PagedQuery<Filters, number>(async (query) => {
      queries.push(query);
      return { total: 45, rows: [1, 2] };
    }, { status: 'pending', meterId: undefined });
    await list.load();
    await list.setPage(3, 20);
    await list.setFilter('meterId', 7);
    await list.setPage(2, 50);
    expect(queries).toEqual([
      { status: 'pending', page: 1, size: 20 },
      { status: 'pending', page: 3, size: 20 },
      { status: 'pending', meterId: 7, page: 1, size: 20 },
      // A new page size starts from the first page.
      { status: 'pending', meterId: 7, page: 1, size: 50 },
    ]);
    expect(list.total).toBe(45);
    expect(list.rows).toEqual([1, 2]);
  });

  it('drops a late answer to an older query', async () => {
    const answers = [deferred<Page<string>>(), deferred<Page<string>>()];
    let call = 0;
    const list = new PagedQuery<Filters, string>(() => answers[call++]!.promise, {});
    const first = list.load();
    const second = list.setFilter('status', 'accepted');
    answers[1]!.resolve({ total: 1, rows: ['accepted row'] });
    await second;
    answers[0]!.resolve({ total: 9, rows: ['stale row'] });
    await first;
    expect(list.rows).toEqual(['accepted row']);
    expect(list.total).toBe(1);
    expect(list.loading).toBe(false);
  });

  it('keeps the rows it had when the server refuses', async () => {
    let fail = false;
    const list = new PagedQuery<Filters, string>(async () => {
      if (fail) throw new Error('refused');
      return { total: 1, rows: ['kept'] };
    }, {});
    await list.load();
    fail = true;
    await list.load();
    expect(list.rows).toEqual(['kept']);
    expect(list.loading).toBe(false);
  });
});
