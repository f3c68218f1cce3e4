// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlarmActionEntry } from '@shared/schemas/alarms';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../../testing/renderConsole.test-util';
import { stats } from '../stats/alarmStats.test-util';

// jsdom has no canvas: the chart shows its series as text, so what would be drawn is still checked.
vi.mock('../../../charts/EChart', () => ({
  EChart: ({ option, ariaLabel }: { option: { series?: { name?: string; data: unknown[] }[] }; ariaLabel?: string }) => (
    <div data-testid="echart" aria-label={ariaLabel}>
      {(option.series ?? []).map((series, i) => (
        <span key={i}>{`${series.name ?? ''}=${JSON.stringify(series.data)};`}</span>
      ))}
    </div>
  ),
}));

const FIRST_PAINT = { timeout: 15_000 };
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
const AT = new Date(2026, 10, 20, 9, 30, 0).getTime();
const entry = (id: number, patch: Partial<AlarmActionEntry>): AlarmActionEntry => ({
  id,
  recordId: 5,
  action: 'raised',
  actor: null,
  note: null,
  at: AT,
  kind: 'device',
  severity: 'high',
  subjectName: 'M011 Line 1 press',
  message: 'kw 612.5 over 500 for 0 s',
  ...patch,
});

describe('/alarm-management/message', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('shows who did what to which alarm and when, with the note; the system for raises', async () => {
    const rows = [entry(2, { action: 'processed', actor: 'olga', note: 'Press restarted', at: AT + 60_000 }), entry(1, {})];
    renderConsole({
      path: '/alarm-management/message',
      token: 'jwt',
      server: (route) => (route === 'GET /alarm-actions' ? envelope({ total: 2, rows }) : envelope(admin)),
    });
    const processed = await screen.findByTestId('alarm-log-row-2', {}, FIRST_PAINT);
    expect(within(processed).getByText('Processed')).toBeTruthy();
    expect(within(processed).getByText('olga')).toBeTruthy();
    expect(within(processed).getByText('Press restarted')).toBeTruthy();
    expect(within(processed).getByText('2026-11-20 09:31:00')).toBeTruthy();
    expect(within(processed).getByText('#5')).toBeTruthy();
    const raised = screen.getByTestId('alarm-log-row-1');
    expect(within(raised).getByText('Raised')).toBeTruthy();
    expect(within(raised).getByText('System')).toBeTruthy();
    expect(within(raised).getByText('kw 612.5 over 500 for 0 s')).toBeTruthy();
  });
});

describe('/others/alarm', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('shows totals by kind, the stacked days, the severity split, top subjects and mean handling times', async () => {
    renderConsole({ path: '/others/alarm', token: 'jwt', server: (route) => (route === 'GET /alarm-records/stats' ? envelope(stats) : envelope(admin)) });
    const total = await screen.findByTestId('alarm-stats-total', {}, FIRST_PAINT);
    await within(total).findByText('9');
    const figure = (testId: string) => screen.getByTestId(testId).querySelector('.ant-statistic-content-value')?.textContent;
    expect(figure('alarm-stats-kind-device')).toBe('5');
    expect(figure('alarm-stats-kind-offline')).toBe('2');
    expect(figure('alarm-stats-open')).toBe('4');
    expect(figure('alarm-stats-mean-acknowledge')).toBe('4 min 10 s');
    expect(figure('alarm-stats-mean-process')).toBe('None handled yet');
    const [byDay, bySeverity] = screen.getAllByTestId('echart');
    expect(byDay?.getAttribute('aria-label')).toBe('Alarms per day');
    expect(byDay?.textContent).toBe('Threshold=[3,2];Data error=[1,0];Gateway fault=[0,1];Offline=[1,1];Low balance=[0,0];');
    expect(bySeverity?.textContent).toContain('=[{"name":"Low","value":1');
    const top = screen.getByTestId('alarm-stats-top');
    expect(within(top).getByText('M011 Line 1 press')).toBeTruthy();
    expect(within(top).getByText('Meter')).toBeTruthy();
    expect(within(top).getByText('5')).toBeTruthy();
  });
});
