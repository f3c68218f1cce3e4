// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

// The chart is echarts on a canvas, which jsdom does not draw: the panel's part is to place it.
vi.mock('../../charts/EChart', () => ({
  EChart: ({ ariaLabel }: { ariaLabel?: string }) => <div data-testid="echart" aria-label={ariaLabel} />,
}));

const FIRST_PAINT = { timeout: 15_000 };
const admin = {
  _id: 1,
  username: 'admin',
  trueName: 'Admin',
  email: 'admin@energy.local',
  avatar: '',
  introduction: '',
  father: null,
  roles: [{ _id: 1, name: 'admin' }],
  status: true,
  type: 0,
} as UserInfo;

const H = 3_600_000;
const start = Date.parse('2026-03-01T16:00:00Z');
const press = {
  id: 7,
  code: 'L1-PRESS',
  name: 'Line 1 press',
  lineId: 3,
  meterIds: [11],
  ratedPowerKw: 200,
  runThresholdKw: 120,
  offThresholdKw: 25,
  note: '',
};
const figures = {
  hours: { running: 8, idle: 4, off: 11, noData: 1 },
  energy: { running: 384, idle: 80, off: 34, noData: 4, total: 502 },
  energyPerRunningHour: 62.75,
  idleShare: 80 / 502,
  standardOutput: 200,
  energyPerUnit: 2.51,
};
const head = { ...press, lineName: 'Line 1' };
const day = {
  device: head,
  day: '2026-03-02',
  dayStart: start,
  dayEnd: start + 24 * H,
  ...figures,
  timeline: [
    { from: start, to: start + 6 * H, state: 'off', energy: 24, averageKw: 4 },
    { from: start + 6 * H, to: start + 8 * H, state: 'idle', energy: 40, averageKw: 20 },
    { from: start + 8 * H, to: start + 16 * H, state: 'running', energy: 384, averageKw: 48 },
  ],
};

describe('/energy-efficiency-management/production-device', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  const server = (route: string) => {
    if (route === 'GET /users/info') return envelope(admin);
    if (route === 'GET /production-devices') return envelope({ total: 1, rows: [press] });
    if (route === 'GET /product-lines/options') return envelope([{ id: 3, name: 'L1 Line 1' }]);
    if (route === 'GET /meters/options') return envelope([{ id: 11, name: 'M011 Line 1 press' }]);
    if (route === 'GET /production-devices/7/day') return envelope(day);
    if (route === 'GET /production-devices/7/days') return envelope({ device: head, days: [{ day: '2026-03-02', ...figures }] });
    return undefined;
  };

  it('lists devices and shows a device’s states, figures and timeline', async () => {
    renderConsole({
      path: '/energy-efficiency-management/production-device',
      token: 'jwt',
      server: server as (route: string, body: unknown) => ReturnType<typeof envelope>,
    });
    const row = await screen.findByTestId('resource-row-7', {}, FIRST_PAINT);
    expect(within(row).getByText('L1-PRESS')).toBeTruthy();
    await within(row).findByText('M011 Line 1 press');
    expect(screen.getByTestId('device-pick').textContent).toContain('Choose a device');

    fireEvent.click(screen.getByTestId('device-show-7'));
    const panel = await screen.findByTestId('device-panel');
    expect(panel.textContent).toContain('Running from 120 kW, off up to 25 kW, rated 200 kW');
    await waitFor(() => expect(screen.getByTestId('device-running-hours').textContent).toBe('8.00 h'));
    expect(screen.getByTestId('device-idle-energy').textContent).toBe('80.0 kWh');
    expect(screen.getByTestId('device-energy').textContent).toBe('502.0 kWh');
    expect(screen.getByTestId('device-per-running-hour').textContent).toBe('62.75 kWh/h');
    expect(screen.getByTestId('device-per-unit').textContent).toBe('2.510 kWh/unit');
    expect(screen.getByTestId('device-output').textContent).toBe('200.0 std. units');
    // 06:00–08:00 of the day sits at 25 % over 8.33 %.
    const idle = within(screen.getByTestId('device-timeline'))
      .getAllByLabelText(/Idle/)
      .find((segment) => segment.getAttribute('data-state') === 'idle')!;
    expect(idle.getAttribute('aria-label')).toBe('Idle 06:00–08:00, 20.0 kW on average');
    expect(idle.style.left).toBe('25%');
    expect(within(panel).getByTestId('echart').getAttribute('aria-label')).toBe('Idle energy, last 30 days');
  });
});
