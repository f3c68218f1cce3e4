import { describe, expect, it } from 'vitest';
import type { Page } from '@shared/api/energyApi';
import { later } from '../testing/later.test-util';
import { PagedQuery, type PageParams } from './PagedQuery';

type Filters = { status?: string; meterId?: number };

describe('PagedQuery', () => {
  it('sends the filters that are set plus the page, and resets to page 1 when a filter changes', async () => {
    const queries: (Filters & PageParams)[] = [];
    const list = new PagedQuery<Filters, number>(
      async (query) => {
        queries.push(query);
        return { total: 45, rows: [1, 2] };
      },
      { status: 'pending', meterId: undefined },
    );
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
    const answers = [later<Page<string>>(), later<Page<string>>()];
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

  it('takes an answer without a row list as refused, keeping the rows it had', async () => {
    let answer: unknown = { total: 1, rows: ['kept'] };
    const list = new PagedQuery<Filters, string>(async () => answer as Page<string>, {});
    await list.load();
    answer = {};
    await list.load();
    expect(list.rows).toEqual(['kept']);
    expect(list.failed).toBe(true);
  });
});

describe('PagedQuery state for the list kit', () => {
  it('sets failed when a load is refused and clears it with the next answer', async () => {
    let fail = true;
    const list = new PagedQuery<Filters, { id: number }>(async () => {
      if (fail) throw new Error('refused');
      return { total: 1, rows: [{ id: 4 }] };
    }, {});
    await list.load();
    expect(list.failed).toBe(true);
    fail = false;
    await list.load();
    expect(list.failed).toBe(false);
    expect(list.rows).toEqual([{ id: 4 }]);
  });

  it('searches with the trimmed keyword from page 1 and drops an empty one', async () => {
    const queries: object[] = [];
    const list = new PagedQuery<{ keyword?: string }, number>(async (query) => {
      queries.push(query);
      return { total: 0, rows: [] };
    }, {});
    await list.setPage(2, 20);
    await list.search('  boiler ');
    expect(list.keyword).toBe('boiler');
    await list.search('   ');
    expect(queries).toEqual([
      { page: 2, size: 20 },
      { keyword: 'boiler', page: 1, size: 20 },
      { page: 1, size: 20 },
    ]);
  });

  it('keeps only ticked rows that are still shown after a reload, named by the row id it was given', async () => {
    let rows = [{ _id: 1 }, { _id: 2 }, { _id: 3 }];
    const list = new PagedQuery<Filters, { _id: number }>(
      async () => ({ total: rows.length, rows }),
      {},
      (row) => row._id,
    );
    await list.load();
    list.select([1, 3]);
    rows = [{ _id: 1 }, { _id: 2 }];
    await list.load();
    expect(list.selected).toEqual([1]);
  });

  it('runs a change with busy set, reloads after it, and reports a refused change without reloading', async () => {
    let loads = 0;
    const list = new PagedQuery<Filters, number>(async () => {
      loads += 1;
      return { total: 0, rows: [] };
    }, {});
    const busyDuring: boolean[] = [];
    expect(await list.change(async () => busyDuring.push(list.busy))).toBe(true);
    expect(busyDuring).toEqual([true]);
    expect(loads).toBe(1);
    expect(await list.change(() => Promise.reject(new Error('refused')))).toBe(false);
    expect(loads).toBe(1);
    expect(list.busy).toBe(false);
  });
});
