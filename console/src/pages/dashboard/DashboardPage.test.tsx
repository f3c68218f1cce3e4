// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EnergySummary } from '@shared/schemas/energy';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

// jsdom has no canvas: the chart wrapper is replaced by a list of its bars, so the option is still checked.
vi.mock('../../charts/EChart', () => ({
  EChart: ({ option }: { option: { xAxis: { data: string[] }; series: { data: number[] }[] } }) => (
    <ol data-testid="echart">
      {option.xAxis.data.map((label, index) => (
        <li key={label}>{`${label}=${option.series[0]?.data[index]}`}</li>
      ))}
    </ol>
  ),
}));

const admin: UserInfo = {
  _id: 1,
  username: 'admin',
  trueName: 'Ada Admin',
  email: 'a@b.c',
  avatar: '',
  introduction: '',
  father: 0,
  roles: [{ _id: 1, name: 'admin' }],
  status: true,
  type: 0,
};

// The first render loads the console and its lazy screens: slow in jsdom on a busy machine.
const FIRST_PAINT = { timeout: 15_000 };
const HOUR = 3_600_000;
const dayStart = Date.UTC(2026, 0, 15, 0); // midnight in UTC, the zone of this summary

const summary: EnergySummary = {
  totals: [
    { energyType: 'water', unit: 'm³', today: 12.5, yesterday: 10, yesterdaySoFar: 10, month: 300, lastMonth: 0, lastMonthSoFar: 0 },
    { energyType: 'electricity', unit: 'kWh', today: 1234.5, yesterday: 1000, yesterdaySoFar: 1000, month: 20000, lastMonth: 25000, lastMonthSoFar: 25000 },
  ],
  todayByHour: [
    { hourStart: dayStart, energy: 100 },
    { hourStart: dayStart + HOUR, energy: 250.5 },
  ],
  topDepartments: [
    { id: 4, name: 'Production Hall A', energy: 800 },
    { id: 9, name: 'Office Building', energy: 200 },
  ],
  meters: { total: 30, online: 27, offline: 3 },
  gateways: { total: 2, online: 1 },
  pendingQuarantine: 4,
  rejectedLastDay: 11,
  timeZone: 'UTC',
  lastReadingAt: Date.now() - 5 * 60_000,
};

function renderHome(answer: () => ReturnType<typeof envelope>, routers?: readonly string[]) {
  return renderConsole({
    path: '/dashboard',
    token: 'jwt',
    ...(routers ? { routers } : {}),
    server: (route) => (route === 'GET /energy/summary' ? answer() : envelope(admin)),
  });
}

describe('DashboardPage', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('shows the totals per energy type with the change against the period before', async () => {
    renderHome(() => envelope(summary));
    const electricity = await screen.findByTestId('home-energy-electricity', {}, FIRST_PAINT);
    expect(within(electricity).getByTestId('home-electricity-today').textContent).toBe('Today1,234.5kWh');
    expect(within(electricity).getByTestId('home-electricity-today-previous').textContent).toBe('Yesterday 1,000\u00a0kWh');
    expect(within(electricity).getByTestId('home-electricity-today-change').textContent?.trim()).toBe('+23.5 %');
    expect(within(electricity).getByTestId('home-electricity-month-change').textContent?.trim()).toBe('-20 %');
    expect(screen.getByTestId('home-water-month-change').textContent).toBe('nothing to compare');
    // Electricity leads even when the server lists it later.
    const cards = screen.getAllByTestId(/^home-energy-/).map((card) => card.dataset.testid);
    expect(cards).toEqual(['home-energy-electricity', 'home-energy-water']);
  });

  it("draws today's hours in the summary's time zone and ranks the departments", async () => {
    renderHome(() => envelope(summary));
    const chart = await screen.findByTestId('echart', {}, FIRST_PAINT);
    expect([...chart.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['00:00=100', '01:00=250.5']);
    const first = screen.getByTestId('home-top-department-4');
    expect(first.textContent).toBe('1Production Hall A800 kWh');
    expect(first.querySelector('a')?.getAttribute('href')).toBe('/others/electricBalance?departmentId=4');
  });

  it('shows meters, gateways, checks, rejections, the last reading and the time zone', async () => {
    renderHome(() => envelope(summary));
    expect((await screen.findByTestId('home-meters-online', {}, FIRST_PAINT)).textContent).toBe('Meters online27of 30');
    expect(screen.getByTestId('home-meters-offline').textContent).toBe('Meters offline3');
    expect(screen.getByTestId('home-gateways-online').textContent).toBe('Gateways online1of 2');
    expect(screen.getByTestId('home-pending-quarantine').textContent).toBe('Readings to check4Review');
    expect(screen.getByTestId('home-review-quarantine').getAttribute('href')).toBe('/base/check');
    expect(screen.getByTestId('home-rejected-last-day').textContent).toBe('Readings rejected (24 h)11');
    expect(screen.getByTestId('home-last-reading').textContent?.trim()).toBe('Last reading 5 min ago');
    expect(screen.getByTestId('home-time-zone').textContent?.trim()).toBe('Days and months counted in UTC');
    // The alarm counters stay on the home page.
    expect(screen.getByTestId('alarm-count-total')).toBeTruthy();
  });

  it('links nowhere the role cannot open', async () => {
    renderHome(() => envelope(summary), ['/dashboard']);
    const first = await screen.findByTestId('home-top-department-4', {}, FIRST_PAINT);
    expect(first.querySelector('a')).toBeNull();
    expect(screen.queryByTestId('home-review-quarantine')).toBeNull();
    expect(screen.getByTestId('home-pending-quarantine').textContent).toBe('Readings to check4');
  });

  it('says so when the figures cannot be had, and keeps the alarms', async () => {
    renderHome(() => ({ status: 500, ...envelope(null, 50000, 'Internal server error') }));
    expect((await screen.findByTestId('home-unavailable', {}, FIRST_PAINT)).textContent).toBe('The energy figures are not available right now.');
    expect(screen.getByTestId('alarm-count-total')).toBeTruthy();
  });
});
