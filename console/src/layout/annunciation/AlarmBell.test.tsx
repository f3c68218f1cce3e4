// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alarmRecord } from '@shared/annunciation/alarmRecord.test-util';
import { FakeAudioContext } from '@shared/annunciation/audioContext.test-util';
import { MUTE_STORAGE_KEY } from '@shared/annunciation/muteSetting';
import type { FakeReply } from '@shared/api/fakeAdapter.test-util';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

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
const ALERTS = ['/alerts', '/alerts/devices', '/alerts/error'];

/** Every AudioContext the page made; they start suspended unless a test says otherwise. */
let contexts: FakeAudioContext[] = [];
let initialAudioState: AudioContextState = 'running';

function renderBell(options: { routers?: readonly string[]; server?: (route: string, body: unknown) => FakeReply | undefined } = {}) {
  const bodies: { route: string; body: unknown }[] = [];
  const view = renderConsole({
    path: '/dashboard',
    token: 'jwt',
    routers: options.routers ?? ALERTS,
    server: (route, body) => {
      bodies.push({ route, body });
      if (route === 'GET /users/info') return envelope(operator);
      return options.server?.(route, body) ?? (route === 'GET /alarm-records' ? envelope({ total: 0, rows: [] }) : envelope(null));
    },
  });
  return { ...view, bodies };
}

// The first paint of the whole console can take seconds in jsdom on a busy machine.
const FIRST_PAINT = { timeout: 15_000 };
const bell = () => screen.findByTestId('alarm-bell', {}, FIRST_PAINT);
const tonesPlayed = () => contexts.flatMap((context) => context.started).length;

describe('AlarmBell', { timeout: 30_000 }, () => {
  beforeEach(() => {
    contexts = [];
    initialAudioState = 'running';
    vi.stubGlobal(
      'AudioContext',
      class extends FakeAudioContext {
        constructor() {
          super(initialAudioState);
          contexts.push(this);
        }
      },
    );
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('is hidden for a user with none of the alerts screens', async () => {
    renderBell({ routers: ['/settings', '/settings/user'] });
    await screen.findByTestId('settings-button', {}, FIRST_PAINT);
    expect(screen.queryByTestId('alarm-bell')).toBeNull();
  });

  it('flashes with the unacknowledged count while the store has any, and stops once acknowledged', async () => {
    const { rootStore } = renderBell({ routers: ['/others', '/others/alarm'] });
    const button = await bell();
    expect(button.getAttribute('data-flashing')).toBe('false');
    act(() => {
      rootStore.alarms.receiveAlarm(alarmRecord(1));
      rootStore.alarms.receiveAlarm(alarmRecord(2, { severity: 'critical' }));
    });
    expect(button.getAttribute('data-flashing')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Unacknowledged alarms: 2');
    expect(screen.getByTestId('navbar').querySelector('.ant-badge-count')?.getAttribute('title')).toBe('2');
    act(() => rootStore.alarms.receiveAlarm(alarmRecord(1, { processingState: 2, acknowledgedBy: 'operator1' })));
    expect(button.getAttribute('data-flashing')).toBe('true');
    act(() => rootStore.alarms.receiveAlarm(alarmRecord(2, { processingState: 2, acknowledgedBy: 'operator1' })));
    expect(button.getAttribute('data-flashing')).toBe('false');
  });

  it('sounds for an alarm arriving live, not for those present before, and not while muted', async () => {
    const { rootStore } = renderBell();
    act(() => rootStore.alarms.receiveAlarm(alarmRecord(1, { severity: 'critical' }))); // before the bell: a snapshot
    await bell();
    expect(tonesPlayed()).toBe(0);
    act(() => rootStore.alarms.receiveAlarm(alarmRecord(2, { severity: 'medium' })));
    // The worst waiting alarm sets the tone: two 988 Hz pulses.
    expect(contexts[0]!.started.map((pulse) => pulse.hz)).toEqual([988, 988]);

    fireEvent.click(await bell());
    fireEvent.click(await screen.findByTestId('alarm-mute'));
    expect(localStorage.getItem(MUTE_STORAGE_KEY)).toBe('1');
    expect(screen.getByTestId('alarm-mute').getAttribute('aria-pressed')).toBe('true');
    act(() => rootStore.alarms.receiveAlarm(alarmRecord(3, { severity: 'high' })));
    expect(tonesPlayed()).toBe(2);
  });

  it('asks for a click when the browser blocks audio, and the click enables it', async () => {
    initialAudioState = 'suspended';
    const { rootStore } = renderBell();
    await bell();
    expect(screen.queryByTestId('alarm-sound-hint')).toBeNull();
    act(() => rootStore.alarms.receiveAlarm(alarmRecord(4)));
    const hint = await screen.findByTestId('alarm-sound-hint');
    expect(hint.textContent).toBe('Click to enable sound');
    expect(tonesPlayed()).toBe(0);
    contexts[0]!.gesture = true;
    fireEvent.click(hint);
    await waitFor(() => expect(screen.queryByTestId('alarm-sound-hint')).toBeNull());
    expect(contexts[0]!.state).toBe('running');
  });

  it('acknowledges one or all through the API and shows the reasons the server skipped', async () => {
    const acknowledged: unknown[] = [];
    const { rootStore } = renderBell({
      server: (route, body) => {
        if (route !== 'POST /alarm-records/acknowledge') return undefined;
        acknowledged.push(body);
        return acknowledged.length === 1
          ? envelope({ changed: [1], skipped: [{ id: 2, reason: 'already processed' }] })
          : envelope({ changed: [3], skipped: [] });
      },
    });
    act(() => {
      rootStore.alarms.receiveAlarm(alarmRecord(1));
      rootStore.alarms.receiveAlarm(alarmRecord(2, { subject: { type: 'meter', id: 2, code: 'M002', name: 'Boiler water' } }));
      rootStore.alarms.receiveAlarm(alarmRecord(3, { kind: 'offline' }));
    });
    fireEvent.click(await bell());
    const row = await screen.findByTestId('alarm-item-2');
    expect(row.textContent).toContain('Boiler water (M002)');
    expect(row.textContent).toContain('kw 612.5 over 500 for 0 s');
    expect(screen.getByTestId('alarm-severity-2').textContent).toBe('Medium');
    expect(screen.getByTestId('alarm-details-1').getAttribute('href')).toBe('/alerts/devices');
    // The offline list is not among this user's screens: no link to it.
    expect(screen.queryByTestId('alarm-details-3')).toBeNull();

    fireEvent.click(screen.getByTestId('alarm-ack-all'));
    await waitFor(() => expect(screen.getByTestId('alarm-skipped').textContent).toBe('Not acknowledged#2 Boiler water: already processed'));
    expect(acknowledged).toEqual([{ ids: [3, 2, 1] }]);

    fireEvent.click(screen.getByTestId('alarm-ack-3'));
    await waitFor(() => expect(acknowledged).toEqual([{ ids: [3, 2, 1] }, { ids: [3] }]));
    await waitFor(() => expect(screen.queryByTestId('alarm-skipped')).toBeNull());
  });

  it('lists the older unacknowledged alarms when opened: they flash but do not sound', async () => {
    const older = alarmRecord(9, { severity: 'critical', message: 'kw 700 over 500 for 60 s' });
    const { rootStore, bodies } = renderBell({ server: (route) => (route === 'GET /alarm-records' ? envelope({ total: 1, rows: [older] }) : undefined) });
    const button = await bell();
    // Nothing is fetched until the list is opened.
    expect(bodies.filter((entry) => entry.route === 'GET /alarm-records')).toEqual([]);
    fireEvent.click(button);
    await screen.findByTestId('alarm-item-9');
    expect(rootStore.alarms.unacknowledged.map((record) => record.id)).toEqual([9]);
    expect(button.getAttribute('data-flashing')).toBe('true');
    expect(tonesPlayed()).toBe(0);
  });
});
