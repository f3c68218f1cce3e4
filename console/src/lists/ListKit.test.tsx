// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import type { RootStore } from '@shared/stores/rootStore';
import { StoreProvider } from '../stores/StoreContext';
import { installBrowserGaps } from '../testing/renderConsole.test-util';
import { ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { PagedQuery } from './PagedQuery';
import { RowActions } from './RowActions';

interface Meter {
  id: number;
  code: string;
}

const MENU = '/base/device';

/** The part of the root store the kit reads: the granted full paths. */
const storeGranting = (granted: string[]) =>
  ({ permission: { hasButton: (menu: string, button: string) => granted.includes(`${menu}/${button}`) }, session: { isAdmin: false } }) as unknown as RootStore;

function renderKit(list: PagedQuery<{ keyword?: string }, Meter>, granted: string[], removed: number[][] = []) {
  const i18n = createI18n('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <StoreProvider rootStore={storeGranting(granted)}>
        <ListToolbar
          list={list}
          gate={{ menu: MENU }}
          testId="meters"
          searchPlaceholder="Code or name"
          onAdd={() => undefined}
          onBatchDelete={() => void removed.push([...list.selected])}
        />
        <ListTable<Meter>
          list={list}
          rowKey="id"
          testId="meters-table"
          selectable
          rowAttributes={(meter) => ({ 'data-testid': `meter-row-${meter.id}` })}
          columns={[
            { key: 'code', dataIndex: 'code', title: 'Code' },
            {
              key: 'actions',
              title: 'Actions',
              render: (_, meter) => (
                <RowActions gate={{ menu: MENU }} actions={[{ button: 'edit', label: 'Edit', onClick: () => undefined, testId: `meter-edit-${meter.id}` }]} />
              ),
            },
          ]}
        />
      </StoreProvider>
    </I18nextProvider>,
  );
}

describe('list kit views', () => {
  beforeAll(installBrowserGaps);
  afterEach(cleanup);

  it('offers add, batch delete and row edits only with their permissions', async () => {
    const list = new PagedQuery<{ keyword?: string }, Meter>(async () => ({ total: 1, rows: [{ id: 7, code: 'M007' }] }), {});
    await list.load();
    renderKit(list, [`${MENU}/add`]);
    expect(screen.getByTestId('meters-add').textContent).toBe('Add');
    expect(screen.queryByTestId('meters-batch-delete')).toBeNull();
    expect(screen.queryByTestId('meter-edit-7')).toBeNull();
    cleanup();
    renderKit(list, [`${MENU}/delete`, `${MENU}/edit`]);
    expect(screen.queryByTestId('meters-add')).toBeNull();
    expect(screen.getByTestId('meters-batch-delete').textContent).toBe('Delete selected');
    expect(screen.getByTestId('meter-edit-7').textContent).toBe('Edit');
  });

  it('deletes the ticked rows after the confirm, and shows the total', async () => {
    const list = new PagedQuery<{ keyword?: string }, Meter>(
      async () => ({
        total: 2,
        rows: [
          { id: 7, code: 'M007' },
          { id: 9, code: 'M009' },
        ],
      }),
      {},
    );
    await list.load();
    const removed: number[][] = [];
    renderKit(list, [`${MENU}/delete`], removed);
    expect((screen.getByTestId('meters-batch-delete') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(screen.getByTestId('meter-row-9')).getByRole('checkbox'));
    expect(list.selected).toEqual([9]);
    fireEvent.click(screen.getByTestId('meters-batch-delete'));
    expect((await screen.findByText('Delete the selected entry?')).textContent).toBe('Delete the selected entry?');
    fireEvent.click(screen.getByTestId('meters-batch-delete-confirm'));
    expect(removed).toEqual([[9]]);
    expect(screen.getByText('2 in total')).toBeTruthy();
  });

  it('says the list could not be loaded and loads again on retry', async () => {
    let fail = true;
    const list = new PagedQuery<{ keyword?: string }, Meter>(async () => {
      if (fail) throw new Error('refused');
      return { total: 1, rows: [{ id: 7, code: 'M007' }] };
    }, {});
    await list.load();
    renderKit(list, []);
    const failed = screen.getByTestId('meters-table-failed');
    expect(within(failed).getByText('The list could not be loaded.')).toBeTruthy();
    fail = false;
    await act(async () => fireEvent.click(within(failed).getByRole('button', { name: 'Try again' })));
    expect(await screen.findByTestId('meter-row-7')).toBeTruthy();
    expect(screen.queryByTestId('meters-table-failed')).toBeNull();
  });

  it('searches with the typed keyword', async () => {
    const queries: object[] = [];
    const list = new PagedQuery<{ keyword?: string }, Meter>(async (query) => {
      queries.push(query);
      return { total: 0, rows: [] };
    }, {});
    renderKit(list, []);
    const input = screen.getByTestId('meters-search').querySelector('input') ?? (screen.getByTestId('meters-search') as HTMLInputElement);
    fireEvent.change(input, { target: { value: ' M00 ' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    expect(queries).toEqual([{ keyword: 'M00', page: 1, size: 20 }]);
  });
});
