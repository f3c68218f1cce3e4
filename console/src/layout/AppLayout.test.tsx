// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../testing/renderConsole.test-util';

const operator: UserInfo = {
  _id: 7,
  username: 'operator1',
  trueName: 'Olga Operator',
  email: 'olga@example.com',
  avatar: '',
  introduction: '',
  father: 1,
  roles: [{ _id: 3, name: 'operator' }],
  status: true,
  type: 1,
};

function renderLayout(path: string, routers?: readonly string[]) {
  return renderConsole({ path, token: 'jwt', server: () => envelope(operator), ...(routers ? { routers } : {}) });
}

describe('AppLayout', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('builds the sidebar from the permitted entries, without the hidden ones', async () => {
    renderLayout('/dashboard', ['/alerts', '/alerts/devices', '/alerts/error']);
    await screen.findByTestId('menu-/alerts');
    expect(screen.getByTestId('menu-/dashboard').getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByTestId('menu-/settings')).toBeNull();
    expect(screen.queryByTestId('menu-/404')).toBeNull();
    expect(screen.queryByTestId('chart-icon')).toBeNull();
  });

  it('shows open-alarm badges on the alerts entries that have a count', async () => {
    const { rootStore } = renderLayout('/alerts/devices', ['/alerts', '/alerts/devices', '/alerts/error']);
    await screen.findByTestId('menu-/alerts/devices');
    expect(screen.queryByTestId('menu-badge-/alerts')).toBeNull();
    act(() => rootStore.alarms.setCounts({ total: 5, deviceCount: 3, errorCount: 0, troubleCount: 2, offlineCount: 0 }));
    expect(screen.getByTestId('menu-badge-/alerts').textContent).toBe('5');
    expect(screen.getByTestId('menu-badge-/alerts/devices').textContent).toBe('3');
    expect(screen.queryByTestId('menu-badge-/alerts/error')).toBeNull();
  });

  it('shows the open-alarm counters on the dashboard', async () => {
    const { rootStore } = renderLayout('/dashboard');
    await screen.findByTestId('alarm-count-total');
    act(() => rootStore.alarms.setCounts({ total: 5, deviceCount: 3, errorCount: 0, troubleCount: 2, offlineCount: 0 }));
    await waitFor(() => expect(screen.getByTestId('alarm-count-total').textContent).toContain('5'));
    expect(screen.getByTestId('alarm-count-troubleCount').textContent).toContain('2');
  });

  it('puts the dashboard, the group and the entry in the breadcrumb', async () => {
    renderLayout('/alerts/devices', ['/alerts', '/alerts/devices']);
    await waitFor(() => expect(screen.getByTestId('breadcrumb').textContent).toBe('Dashboard/Alerts/Devices'));
  });

  it('shows the chart icon when the routes include settings/boardConfig', async () => {
    renderLayout('/dashboard', ['/settings', '/settings/boardConfig']);
    expect(await screen.findByTestId('chart-icon')).toBeTruthy();
  });

  it('drops the tags bar when the tagsView switch goes off', async () => {
    renderLayout('/dashboard');
    await screen.findByTestId('tags-bar-slot');
    fireEvent.click(screen.getByTestId('settings-button'));
    fireEvent.click(await screen.findByTestId('setting-tagsView'));
    await waitFor(() => expect(screen.queryByTestId('tags-bar-slot')).toBeNull());
  });
});
