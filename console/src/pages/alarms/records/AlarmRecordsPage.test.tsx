// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@shared/format';
import type { AlarmRecord } from '@shared/schemas/alarms';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../../testing/renderConsole.test-util';
import { alarmRecord, T0 } from './alarmRecord.test-util';

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

const acknowledged = alarmRecord(4, { processingState: 2, acknowledgedBy: 'olga', acknowledgedAt: T0 + 300_000, repeatCount: 3, note: 'on my way' });

function alarmServer(rows: AlarmRecord[], sent: string[] = []) {
  return (route: string, body: unknown) => {
    if (route === 'GET /users/info') return envelope(admin);
    if (route.startsWith('POST /alarm-records/')) sent.push(`${route} ${JSON.stringify(body)}`);
    if (route === 'GET /alarm-records') return envelope({ total: rows.length, rows });
    if (route === 'POST /alarm-records/acknowledge') return envelope({ changed: [], skipped: [{ id: 5, reason: 'changed by someone else meanwhile' }] });
    if (route === 'POST /alarm-records/process') {
      const ids = (body as { ids: number[] }).ids;
      return envelope({ changed: ids.filter((id) => id !== 4), skipped: ids.includes(4) ? [{ id: 4, reason: 'already processed' }] : [] });
    }
    return { status: 404, ...envelope(null, 40400, 'Not found') };
  };
}

describe('/alerts/devices', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('lists the open device alarms with who acknowledged them; a new one stands out', async () => {
    renderConsole({ path: '/alerts/devices', token: 'jwt', server: alarmServer([alarmRecord(5), acknowledged]) });
    const fresh = await screen.findByTestId('alarm-row-5', {}, FIRST_PAINT);
    expect(fresh.className).toContain('unacknowledged');
    expect(within(fresh).getByTestId('alarm-state-tag').textContent).toBe('New');
    expect(within(fresh).getByText('High')).toBeTruthy();
    expect(within(fresh).getByText('M011')).toBeTruthy();
    expect(within(fresh).getByText('Ongoing')).toBeTruthy();
    expect(within(fresh).getByTestId('alarm-acknowledge-5')).toBeTruthy();
    const taken = screen.getByTestId('alarm-row-4');
    expect(taken.className).not.toContain('unacknowledged');
    expect(within(taken).getByTestId('alarm-state-tag').textContent).toBe('Acknowledged');
    expect(within(taken).getByText('olga').parentElement?.textContent).toBe(`Acknowledged olga${formatDateTime(T0 + 300_000)}`);
    expect(within(taken).getByText('on my way')).toBeTruthy();
    expect(within(taken).getByText('3')).toBeTruthy();
    // Acknowledged already: only Process is offered.
    expect(within(taken).queryByTestId('alarm-acknowledge-4')).toBeNull();
    expect(within(taken).getByTestId('alarm-process-4')).toBeTruthy();
    expect(screen.getByText('2 in all')).toBeTruthy();
  });

  it('shows a record raised live without a reload, and drops one processed elsewhere', async () => {
    const { rootStore } = renderConsole({ path: '/alerts/devices', token: 'jwt', server: alarmServer([alarmRecord(5)]) });
    await screen.findByTestId('alarm-row-5', {}, FIRST_PAINT);
    act(() => rootStore.alarms.receiveAlarm(alarmRecord(9, { message: 'kw 730 over 500 for 0 s', value: 730, severity: 'critical' })));
    const live = await screen.findByTestId('alarm-row-9');
    expect(screen.getByText('2 in all')).toBeTruthy();
    // A threshold alarm is worded from its figures in the reader's language.
    expect(within(live).getByText('Active power 730 kW, above the limit of 500 kW')).toBeTruthy();
    expect(within(live).getByText('Critical')).toBeTruthy();
    expect(live.className).toContain('unacknowledged');
    // Another kind stays off this screen.
    act(() => rootStore.alarms.receiveAlarm(alarmRecord(10, { kind: 'offline' })));
    expect(screen.queryByTestId('alarm-row-10')).toBeNull();
    act(() => rootStore.alarms.receiveAlarm(alarmRecord(5, { processingState: 3, processedBy: 'olga', processedAt: T0 })));
    await waitFor(() => expect(screen.queryByTestId('alarm-row-5')).toBeNull());
    expect(screen.getByText('1 in all')).toBeTruthy();
  });

  it('acknowledges a row and says why it was left as it was', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/alerts/devices', token: 'jwt', server: alarmServer([alarmRecord(5)], sent) });
    fireEvent.click(await screen.findByTestId('alarm-acknowledge-5', {}, FIRST_PAINT));
    const skipped = await screen.findByTestId('alarm-skipped-5');
    expect(skipped.textContent).toBe('#5: changed by someone else meanwhile');
    expect(screen.getByTestId('alarm-outcome-changed').textContent).toBe('Nothing was changed');
    expect(sent).toEqual(['POST /alarm-records/acknowledge {"ids":[5]}']);
  });

  it('processes a row with a note from the dialog', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/alerts/devices', token: 'jwt', server: alarmServer([alarmRecord(5)], sent) });
    fireEvent.click(await screen.findByTestId('alarm-process-5', {}, FIRST_PAINT));
    fireEvent.change(await screen.findByTestId('alarm-action-note'), { target: { value: 'Press restarted, load normal' } });
    fireEvent.click(screen.getByTestId('alarm-action-ok'));
    expect((await screen.findByTestId('alarm-outcome-changed')).textContent).toBe('Processed 1: #5');
    expect(sent).toEqual(['POST /alarm-records/process {"ids":[5],"note":"Press restarted, load normal"}']);
    await waitFor(() => expect(screen.queryByTestId('alarm-action-note')).toBeNull());
  });
});

describe('/alerts/batch', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('processes the ticked alarms of any kind with one note and lists what was skipped', async () => {
    const sent: string[] = [];
    const offline = alarmRecord(6, { kind: 'offline', subject: { type: 'meter', id: 12, code: 'M012', name: 'Boiler' }, message: 'no data for 2 intervals' });
    renderConsole({ path: '/alerts/batch', token: 'jwt', server: alarmServer([offline, alarmRecord(5), acknowledged], sent) });
    const row = await screen.findByTestId('alarm-row-6', {}, FIRST_PAINT);
    expect(within(row).getByText('Offline')).toBeTruthy();
    expect((screen.getByTestId('alarm-batch-process') as HTMLButtonElement).disabled).toBe(true);
    for (const id of [6, 4]) fireEvent.click(within(screen.getByTestId(`alarm-row-${id}`)).getByRole('checkbox'));
    expect(screen.getByTestId('alarm-batch-selected').textContent).toBe('2 selected');
    fireEvent.click(screen.getByTestId('alarm-batch-process'));
    expect((await screen.findByTestId('alarm-action-subject')).textContent).toBe('2 alarms: #6, #4');
    fireEvent.change(screen.getByTestId('alarm-action-note'), { target: { value: 'Site walk 14:00' } });
    fireEvent.click(screen.getByTestId('alarm-action-ok'));
    expect((await screen.findByTestId('alarm-outcome-changed')).textContent).toBe('Processed 1: #6');
    expect(screen.getByTestId('alarm-skipped-4').textContent).toBe('#4: already processed');
    expect(sent).toEqual(['POST /alarm-records/process {"ids":[6,4],"note":"Site walk 14:00"}']);
  });
});
