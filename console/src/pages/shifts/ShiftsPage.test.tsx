// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarDay, ShiftEnergyRow, ShiftTemplate } from '@shared/schemas/shifts';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

// jsdom has no canvas: the chart shows its series (one per shift) instead.
vi.mock('../../charts/EChart', () => ({
  EChart: ({ option }: { option: { series: { name: string; data: number[] }[] } }) => (
    <ol data-testid="echart">
      {option.series.map((series) => (
        <li key={series.name}>{`${series.name}: ${series.data.join(', ')}`}</li>
      ))}
    </ol>
  ),
}));

const FIRST_PAINT = { timeout: 15_000 };
const user = (admin: boolean): UserInfo => ({
  _id: admin ? 1 : 5,
  username: admin ? 'admin' : 'planner',
  trueName: admin ? 'Ada Admin' : 'Pat Planner',
  email: 'a@b.c',
  avatar: '',
  introduction: '',
  father: admin ? 0 : 1,
  roles: [{ _id: admin ? 1 : 2, name: admin ? 'admin' : 'planner' }],
  status: true,
  type: admin ? 0 : 1,
});

const YEAR = new Date().getFullYear();
/** Every day of this year; 1 October a holiday. */
function yearDays(): CalendarDay[] {
  const days: CalendarDay[] = [];
  for (let date = new Date(Date.UTC(YEAR, 0, 1)); date.getUTCFullYear() === YEAR; date.setUTCDate(date.getUTCDate() + 1)) {
    const day = date.toISOString().slice(0, 10);
    const weekday = date.getUTCDay();
    const defaultType = weekday === 0 || weekday === 6 ? 'weekend' : 'workday';
    days.push(
      day.endsWith('-10-01')
        ? { day, dayType: 'holiday', name: 'National Day', defaultType, stored: true }
        : { day, dayType: defaultType, name: '', defaultType, stored: false },
    );
  }
  return days;
}

const templates: ShiftTemplate[] = [
  { id: 1, name: 'Day', start: '08:00', end: '16:00', sort: 1, crossesMidnight: false, minutes: 480 },
  { id: 2, name: 'Night', start: '22:00', end: '06:00', sort: 2, crossesMidnight: true, minutes: 480 },
];
const energyRows: ShiftEnergyRow[] = [
  {
    day: '2026-03-02',
    shiftId: 1,
    shiftName: 'Day',
    teamId: 7,
    teamName: 'Team A',
    start: '08:00',
    end: '16:00',
    from: 1,
    to: 2,
    energy: 32,
    estimated: false,
    costMinor: 2400,
  },
  {
    day: '2026-03-02',
    shiftId: 2,
    shiftName: 'Night',
    teamId: 8,
    teamName: 'Team C',
    start: '22:00',
    end: '06:00',
    from: 3,
    to: 4,
    energy: 56,
    estimated: true,
    costMinor: null,
  },
];

function shiftServer(admin: boolean, sent: string[] = []) {
  return (route: string, body: unknown) => {
    if (route === 'GET /users/info') return envelope(user(admin));
    if (route === 'GET /calendar-days') return envelope(yearDays());
    if (route.startsWith('PUT /calendar-days/')) {
      sent.push(`${route} ${JSON.stringify(body)}`);
      return envelope({ day: route.slice(-10), dayType: 'holiday', name: 'Golden Week', defaultType: 'workday', stored: true, recomputeJobId: 3 });
    }
    if (route === 'GET /shift-templates') return envelope(templates);
    if (route === 'GET /shift-teams') return envelope([{ id: 7, name: 'Team A', sort: 0 }]);
    if (route === 'GET /departments/tree') return envelope([{ id: 1, name: 'Plant', code: 'P', parentId: null, level: 1, sort: 0, meterCount: 1 }]);
    if (route === 'GET /shift-energy') return envelope(energyRows);
    return { status: 404, ...envelope(null, 40400, 'Not found') };
  };
}

describe('/devices/shift', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('shows the year with the holiday coloured, and lets an administrator set a day', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/devices/shift', token: 'jwt', server: shiftServer(true, sent) });
    const holiday = await screen.findByTestId(`calendar-day-${YEAR}-10-01`, {}, FIRST_PAINT);
    expect(holiday.getAttribute('data-look')).toBe('holiday');
    expect(screen.getByTestId('calendar-summary').textContent).toBe('1 public holidays, 0 special days, 0 adjusted workdays');
    fireEvent.click(holiday);
    const name = await screen.findByTestId('calendar-day-name');
    fireEvent.change(name, { target: { value: 'Golden Week' } });
    fireEvent.click(screen.getByTestId('calendar-day-save'));
    await waitFor(() => expect(sent).toEqual([`PUT /calendar-days/${YEAR}-10-01 {"dayType":"holiday","name":"Golden Week"}`]));
  });

  it('is read-only for someone who is not an administrator', async () => {
    renderConsole({ path: '/devices/shift', token: 'jwt', server: shiftServer(false), routers: ['/devices', '/devices/shift'] });
    const day = await screen.findByTestId(`calendar-day-${YEAR}-10-01`, {}, FIRST_PAINT);
    expect((day as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('calendar-import')).toBeNull();
    expect(screen.getByText('The calendar is shared by every user tree: only an administrator changes it.')).toBeTruthy();
  });

  it('lists shift templates with the night shift crossing midnight, and energy per shift with estimates marked', async () => {
    renderConsole({ path: '/devices/shift', token: 'jwt', server: shiftServer(true) });
    await screen.findByTestId('shifts-calendar', {}, FIRST_PAINT);
    fireEvent.click(screen.getByRole('tab', { name: 'Shifts' }));
    const templatesTab = await screen.findByTestId('shifts-templates');
    await waitFor(() => expect(within(templatesTab).getByText('Night')).toBeTruthy());
    expect(within(templatesTab).getAllByText('Crosses midnight')).toHaveLength(1);

    fireEvent.click(screen.getByRole('tab', { name: 'Shift energy' }));
    const table = await screen.findByTestId('shift-energy-table');
    await waitFor(() => expect(within(table).getByText('Team C')).toBeTruthy());
    expect(table.textContent).toContain('22:00 – 06:00 (next day)');
    expect(table.textContent).toContain('24.00');
    expect(table.textContent).toContain('Not priced');
    expect(within(table).getAllByTestId('shift-energy-estimated')).toHaveLength(1);
    expect(table.textContent).toContain('88.00');
    expect(screen.getByTestId('echart').textContent).toBe('Day: 32Night: 56');
  });
});
