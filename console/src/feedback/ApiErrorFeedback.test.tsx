// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderConsole } from '../testing/renderConsole.test-util';

describe('api error feedback', () => {
  afterEach(cleanup);

  it('offers to log in again after a revoked token, once, in the chosen language', async () => {
    const reload = vi.fn();
    const { rootStore, storedToken } = renderConsole({
      path: '/login',
      language: 'zh',
      reload,
      server: () => ({ status: 401, ...envelope(null, 10004, 'You have been logged out, please log in again') }),
    });
    await Promise.allSettled([rootStore.http.get('/alarm-records'), rootStore.http.get('/roles')]);

    expect((await screen.findAllByText('确定登出')).length).toBeGreaterThan(0);
    // Two failed calls, one box.
    expect(document.querySelectorAll('.ant-modal')).toHaveLength(1);
    expect(screen.getByText('你已被登出，可以取消继续留在该页面，或者重新登录')).toBeTruthy();
    rootStore.session.setToken('stale');
    fireEvent.click(screen.getByText('重新登录'));
    expect(reload).toHaveBeenCalledOnce();
    expect(storedToken()).toBeUndefined();
  });

  it('shows the server message as an error toast', async () => {
    const { rootStore } = renderConsole({
      path: '/login',
      server: () => ({ status: 404, ...envelope(null, 20001, 'Kanban id error, Kanban not found!') }),
    });
    await rootStore.http.get('/boards/9').catch(() => undefined);
    expect(await screen.findByText('Kanban id error, Kanban not found!')).toBeTruthy();
  });
});
