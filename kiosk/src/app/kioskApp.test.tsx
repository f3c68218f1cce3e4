// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@shared/errors/codes';
import type { KioskHeartbeat } from '@shared/schemas/boards';
import {
  boardDocument,
  boardRecord,
  DISPLAY_TOKEN,
  displaySession,
  failure,
  ok,
  startKiosk,
  stopKiosk,
  USER_TOKEN,
  type Harness,
} from '../testing/kioskHarness.test-util';
import { startHeartbeat } from '../wall/heartbeat';
import { kioskDebug } from './debug';

const board1 = boardRecord(1, 3, boardDocument('Overview', { main: { meterId: 42, x: 0 } }));

describe('kiosk app', () => {
  let harness: Harness | null = null;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    stopKiosk(harness);
    harness = null;
    vi.useRealTimers();
  });

  it('reloads for a new server version after the health check, and follows a changed pin from the heartbeat', async () => {
    harness = await startKiosk({
      path: '/dash/1',
      credentials: { kind: 'token', token: DISPLAY_TOKEN, from: 'access_token' },
      routes: (config) =>
        config.url === '/kiosk/session'
          ? ok(displaySession())
          : config.url === '/boards/1'
            ? ok(board1)
            : config.url === '/health'
              ? ok({ status: 'ok', version: 'v2' })
              : undefined,
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => harness!.app.applyAck({ version: 'v1', pinnedBoardId: null }));
    expect(harness.app.override).toBeNull();
    act(() => harness!.app.applyAck({ version: 'v1', pinnedBoardId: 2 }));
    expect(harness.app.override).toBe(2);
    expect(harness.reloads).toBe(0);
    act(() => harness!.app.applyAck({ version: 'v2', pinnedBoardId: 2 }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(harness.reloads).toBe(1);
    expect(harness.requests).toContain('GET /health');
  });

  it('sends a user whose session ended to the sign-in screen, not the revoked one', async () => {
    harness = await startKiosk({
      path: '/dash/1',
      credentials: { kind: 'token', token: USER_TOKEN, from: 'window.name' },
      routes: (config) =>
        config.url === '/kiosk/session'
          ? ok({ kind: 'user', username: 'ops', version: 'v1', serverTime: 0 })
          : config.url === '/boards/1'
            ? failure(ErrorCode.TOKEN_EXPIRED)
            : undefined,
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(harness.cookie.value).toBe(USER_TOKEN);
    expect(screen.getByTestId('sign-in-needed')).toBeTruthy();
    expect(harness.connection().closed).toBe(true);
  });

  it('keeps trying while the server is unreachable at boot, then comes up by itself', async () => {
    let up = false;
    harness = await startKiosk({
      path: '/dash/1',
      credentials: { kind: 'token', token: DISPLAY_TOKEN, from: 'access_token' },
      routes: (config) =>
        !up ? 'network-error' : config.url === '/kiosk/session' ? ok(displaySession()) : config.url === '/boards/1' ? ok(board1) : undefined,
    });
    expect(screen.getByTestId('kiosk-connecting').textContent).toBe('Connecting to the server…');
    up = true;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('board').getAttribute('data-revision')).toBe('3');
  });

  it('logs a user in through the link auto-login', async () => {
    harness = await startKiosk({
      path: '/dash/1',
      credentials: { kind: 'link', login: { type: 'sso', username: 'ops', password: 'pw', user: 'ops' } },
      routes: (config) =>
        config.url === '/auth/login'
          ? ok({ token: USER_TOKEN })
          : config.url === '/kiosk/session'
            ? ok({ kind: 'user', username: 'ops', version: 'v1', serverTime: 0 })
            : config.url === '/boards/1'
              ? ok(board1)
              : undefined,
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    // The board in the address is asked for together with the session, not after it (first live data sooner).
    expect(harness.requests.slice(0, 3)).toEqual(['POST /auth/login', 'GET /boards/1', 'GET /kiosk/session']);
    expect(harness.requests.filter((request) => request === 'GET /boards/1')).toHaveLength(1);
    expect(harness.cookie.value).toBe(USER_TOKEN);
    expect(screen.getByTestId('board')).toBeTruthy();
  });

  it('exposes read-only figures for the bench', async () => {
    harness = await startKiosk({
      path: '/dash/1',
      credentials: { kind: 'token', token: DISPLAY_TOKEN, from: 'access_token' },
      routes: (config) => (config.url === '/kiosk/session' ? ok(displaySession()) : config.url === '/boards/1' ? ok(board1) : undefined),
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    const debug = kioskDebug(harness.app);
    expect(debug.widgets()).toBe(1);
    expect(debug.channels()).toBe(3); // board, display:self, the meter; the alarm channels feed the app's AlarmStore beside it
    expect(debug.revision()).toBe(3);
    expect(debug.connected()).toBe(false);
    expect(Object.isFrozen(debug)).toBe(true);
  });
});

describe('heartbeat', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('beats at once and every 15 s until stopped', async () => {
    const beats: KioskHeartbeat[] = [];
    let board = 1;
    const stop = startHeartbeat({
      send: async (beat) => {
        beats.push(beat);
        return { version: 'v1', pinnedBoardId: null };
      },
      collect: () => ({ boardId: board, playlistId: null, width: 3840, height: 2160, version: 'v1', heapMb: null, uptimeSeconds: 0 }),
      onAck: () => undefined,
    });
    board = 2;
    await vi.advanceTimersByTimeAsync(30_000);
    stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(beats.map((beat) => beat.boardId)).toEqual([1, 2, 2]);
  });
});
