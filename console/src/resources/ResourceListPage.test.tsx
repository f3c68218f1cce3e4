// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeAdapter } from '@shared/api/fakeAdapter.test-util';
import { tagResource, type ResourceRow } from '@shared/resources';
import { RootStore } from '@shared/stores/rootStore';
import { AppProviders } from '../AppProviders';
import { ResourceListPage } from './ResourceListPage';

const rows = [
  { id: 4, code: 'HOT', name: 'Hot line', color: '#FF0000' },
  { id: 5, code: 'COLD', name: 'Cold line', color: '#0000FF' },
];

beforeAll(() => {
  // antd's responsive table and selects ask for media queries, resizes and pseudo-element styles, which jsdom lacks.
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  window.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
});

/** The list alone, as a signed-out session: no add/edit/delete permission, so only the screen's own actions show. */
function renderList(rowActions?: (row: ResourceRow) => React.ReactNode) {
  const rootStore = new RootStore({
    language: 'en',
    persistence: { get: () => undefined, set: () => undefined, remove: () => undefined },
    adapter: fakeAdapter((config) => ({ body: { code: 0, data: config.url === '/tags' ? { total: rows.length, rows } : [], message: 'ok' } })),
  });
  return render(
    <AppProviders rootStore={rootStore}>
      <ResourceListPage definition={tagResource} {...(rowActions ? { rowActions } : {})} />
    </AppProviders>,
  );
}

describe('ResourceListPage rowActions', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it("renders the screen's actions for each row, with the row, even without edit or delete rights", async () => {
    renderList((row) => <button data-testid={`extra-${row.id}`}>{`Open ${String(row.code)}`}</button>);
    expect((await screen.findByTestId('extra-4')).textContent).toBe('Open HOT');
    expect(screen.getByTestId('extra-5').textContent).toBe('Open COLD');
    const table = screen.getByTestId('resource-table');
    expect(within(table).queryAllByText('Actions').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('resource-edit-4')).toBeNull();
    expect(screen.queryByTestId('resource-delete-4')).toBeNull();
  });

  it('offers export to whoever sees the list, import and add only with their buttons', async () => {
    renderList();
    await screen.findByText('Hot line');
    expect(screen.getByTestId('resource-export').textContent).toBe('Export');
    expect(screen.queryByTestId('resource-import')).toBeNull();
    expect(screen.queryByTestId('resource-add')).toBeNull();
  });

  it('has no actions column when there is nothing to do', async () => {
    renderList();
    await screen.findByText('Hot line');
    expect(within(screen.getByTestId('resource-table')).queryAllByText('Actions')).toEqual([]);
  });
});
