// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { observable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { afterEach, describe, expect, it } from 'vitest';
import type { RootStore } from '@shared/stores/rootStore';
import { StoreProvider } from '../stores/StoreContext';
import { Permission, usePermission } from './Permission';

/** Just the part of the root store the component reads: granted full paths, as the server sent them. */
function fakeStore(granted: string[], isAdmin = false) {
  const state = observable({ granted, isAdmin });
  const permission = { hasButton: (menu: string, button: string) => state.isAdmin || state.granted.includes(`${menu}/${button}`) };
  return { state, rootStore: { permission } as unknown as RootStore };
}

const Buttons = observer(function Buttons() {
  const can = usePermission('/settings/roles');
  return <span data-testid="helper">{['add', 'edit', 'delete'].filter(can).join(',')}</span>;
});

function renderWith(rootStore: RootStore) {
  return render(
    <StoreProvider rootStore={rootStore}>
      <Permission menu="/settings/roles" button="add">
        <button data-testid="add">Add</button>
      </Permission>
      <Permission menu="/settings/roles" button="delete" fallback={<span data-testid="no-delete">—</span>}>
        <button data-testid="delete">Delete</button>
      </Permission>
      <Buttons />
    </StoreProvider>,
  );
}

describe('Permission', () => {
  afterEach(cleanup);

  it('shows a button only when <menu>/<button> is granted', () => {
    renderWith(fakeStore(['/settings/roles', '/settings/roles/add', '/settings/router/delete']).rootStore);
    expect(screen.getByTestId('add').textContent).toBe('Add');
    expect(screen.queryByTestId('delete')).toBeNull();
    expect(screen.getByTestId('no-delete').textContent).toBe('—');
    expect(screen.getByTestId('helper').textContent).toBe('add');
  });

  it('shows everything to an admin', () => {
    renderWith(fakeStore([], true).rootStore);
    expect(screen.getByTestId('add')).toBeTruthy();
    expect(screen.getByTestId('delete')).toBeTruthy();
    expect(screen.getByTestId('helper').textContent).toBe('add,edit,delete');
  });

  it('follows the granted entries when they change (a new session)', () => {
    const { state, rootStore } = fakeStore(['/settings/roles/add']);
    renderWith(rootStore);
    expect(screen.queryByTestId('delete')).toBeNull();
    act(() => runInAction(() => (state.granted = ['/settings/roles/delete'])));
    expect(screen.queryByTestId('add')).toBeNull();
    expect(screen.getByTestId('delete')).toBeTruthy();
  });
});
