// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alarmRecord } from '@shared/annunciation/alarmRecord.test-util';
import { ErrorCode } from '@shared/errors/codes';
import { DISPLAY_TOKEN_KEY } from './session/kioskTokens';
import {
  boardDocument,
  boardRecord,
  DISPLAY_TOKEN,
  displaySession,
  failure,
  NOT_FOUND,
  ok,
  startKiosk,
  stopKiosk,
  USER_TOKEN,
  type Harness,
  type Route,
} from './testing/kioskHarness.test-util';

const board1 = boardRecord(1, 1, boardDocument('Energy overview', { main: { meterId: 42, x: 0 } }));
const board2 = boardRecord(2, 4, boardDocument('Alarm wall', { second: { meterId: 43, x: 0 } }));

/** The fake server: the session, boards 1 and 2, anything else unknown. */
function server(overrides: { session?: Route; boards?: Record<number, () => ReturnType<Route>> } = {}): Route {
  const boards: Record<number, () => ReturnType<Route>> = { 1: () => ok(board1), 2: () => ok(board2), ...overrides.boards };
  return (config) => {
    if (config.url === '/kiosk/session') return overrides.session ? overrides.session(config) : ok(displaySession());
    const board = /^\/boards\/(\d+)$/.exec(config.url ?? '');
    if (board) return boards[Number(board[1])]?.() ?? NOT_FOUND;
    if (config.url === '/health') return ok({ status: 'ok', version: 'v2' });
    return undefined;
  };
}

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const frame = (harness: Harness) => act(() => harness.frames.run());

describe('kiosk routes', () => {
  let harness: Harness | null = null;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 2, 3, 8, 15, 0));
  });
  afterEach(() => {
    stopKiosk(harness);
    harness = null;
    vi.useRealTimers();
  });

  it('shows "nothing here" at an unknown address, translated', async () => {
    harness = await startKiosk({ path: '/somewhere', credentials: { kind: 'none' }, routes: server(), language: 'zh' });
    expect(screen.getByTestId('nothing-here').textContent).toContain('此地址没有可显示的内容。');
  });

  it('asks for sign-in without a token, linking back to this address', async () => {
    harness = await startKiosk({ path: '/dash/4?lap=60', credentials: { kind: 'none' }, routes: server() });
    expect(screen.getByTestId('sign-in-needed').textContent).toContain('Sign-in needed');
    expect(screen.getByTestId('sign-in-link').getAttribute('href')).toBe('/login?redirect=%2Fdash%2F4%3Flap%3D60');
    expect(harness.requests).toEqual([]);
  });

  it('boots a board with a display token and shows live values', async () => {
    harness = await startKiosk({ path: '/dash/1', credentials: { kind: 'token', token: DISPLAY_TOKEN, from: 'access_token' }, routes: server() });
    await flush();
    expect(harness.storage.get(DISPLAY_TOKEN_KEY)).toBe(DISPLAY_TOKEN);
    expect(harness.cookie.value).toBeUndefined();
    expect(harness.connection().token).toBe(DISPLAY_TOKEN);
    const board = screen.getByTestId('board');
    expect(board.getAttribute('data-board-id')).toBe('1');
    expect(board.getAttribute('data-revision')).toBe('1');
    act(() => harness!.app.telemetry!.setConnected(true));
    expect(harness.connection().channels).toEqual(['alarms:counts', 'alarms:open', 'board:1', 'display:self', 'meter:42:latest']);
    // The wall's one AlarmStore answers the widgets' alarms:open: an acknowledged alarm of the snapshot is open.
    act(() => harness!.connection().push('alarms:open', [alarmRecord(5, { processingState: 2 })]));
    expect(harness.app.telemetry!.read<unknown[]>('alarms:open')?.value).toBe(harness.app.alarms.open);
    expect(harness.app.alarms.open.map((record) => record.processingState)).toEqual([2]);
    act(() => harness!.connection().push('meter:42:latest', { meterId: 42, ts: Date.now(), values: { p: 311.5 } }));
    frame(harness);
    expect(screen.getByTestId('figure').textContent).toBe('311.5');
    expect(screen.getByTestId('widget-main').getAttribute('data-state')).toBe('live');
    expect(harness.requests).toEqual(['GET /boards/1', 'GET /kiosk/session']);
  });

  it('shows a display its first board when the address names one outside its scope', async () => {
    harness = await startKiosk({ path: '/dash/9', credentials: { kind: 'token', token: DISPLAY_TOKEN, from: 'access_token' }, routes: server() });
    await flush();
    expect(screen.getByTestId('board').getAttribute('data-board-id')).toBe('1');
  });

  it('swaps the board in place when its revision rises, and says so when it is deleted', async () => {
    let current = board1;
    harness = await startKiosk({
      path: '/dash/1',
      credentials: { kind: 'token', token: DISPLAY_TOKEN, from: 'access_token' },
      routes: server({ boards: { 1: () => ok(current) } }),
    });
    await flush();
    const root = screen.getByTestId('board');
    current = boardRecord(1, 2, boardDocument('Energy overview', { main: { meterId: 42, x: 0 }, extra: { meterId: 44, x: 4 } }));
    act(() => harness!.connection().push('board:1', { id: 1, revision: 1, updatedAt: 0 }));
    await flush();
    expect(harness.requests.filter((request) => request === 'GET /boards/1')).toHaveLength(1);
    act(() => harness!.connection().push('board:1', { id: 1, revision: 2, updatedAt: 0 }));
    await flush();
    expect(screen.getByTestId('board')).toBe(root);
    expect(root.getAttribute('data-revision')).toBe('2');
    expect(screen.getByTestId('widget-extra')).toBeTruthy();
    expect(harness.app.shownRevision).toBe(2);
    act(() => harness!.connection().push('board:1', { id: 1, revision: 0, updatedAt: 0 }));
    expect(screen.getByTestId('board-missing').textContent).toBe('This board was deleted.');
  });

  it('tells a signed-in user a board of its tree is not shared with it, and whom to ask, apart from a board that does not exist', async () => {
    const notShared = {
      status: 403,
      body: { code: ErrorCode.FORBIDDEN, data: { boardId: 5, askUser: { username: 'admin', name: 'Administrator' } }, message: 'x' },
    };
    const userServer: Route = (config) =>
      config.url === '/kiosk/session'
        ? ok({ kind: 'user', username: 'demo', version: 'v1', serverTime: 0 })
        : config.url === '/boards/5'
          ? notShared
          : config.url === '/boards/6'
            ? NOT_FOUND
            : undefined;
    harness = await startKiosk({ path: '/dash/5', credentials: { kind: 'token', token: USER_TOKEN, from: 'window.name' }, routes: userServer, language: 'es' });
    await flush();
    expect(screen.getByTestId('board-not-shared').textContent).toBe(
      'El tablero 5 no está compartido con usted.Pida a Administrator (admin), que administra su árbol de usuarios, que se lo comparta.',
    );
    // No retry loop: the answer changes only when someone shares the board.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(harness.requests.filter((request) => request === 'GET /boards/5')).toHaveLength(1);
    stopKiosk(harness);
    harness = await startKiosk({ path: '/dash/6', credentials: { kind: 'token', token: USER_TOKEN, from: 'window.name' }, routes: userServer });
    await flush();
    expect(screen.getByTestId('board-missing').textContent).toBe('Board 6 was not found.');
    expect(screen.queryByTestId('board-not-shared')).toBeNull();
  });

  it('shows the connection banner once the socket has been down for more than 2 s, keeping stale values', async () => {
    harness = await startKiosk({ path: '/dash/1', credentials: { kind: 'token', token: DISPLAY_TOKEN, from: 'access_token' }, routes: server() });
    await flush();
    const connection = harness.connection();
    act(() => connection.options.onConnectionChange?.(true));
    act(() => connection.push('meter:42:latest', { meterId: 42, ts: Date.now(), values: { p: 7 } }));
    frame(harness);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    act(() => {
      connection.options.onConnectionChange?.(false);
      connection.options.onReconnectAttempt?.(1);
      connection.options.onReconnectAttempt?.(2);
    });
    expect(screen.getByTestId('widget-main').getAttribute('data-state')).toBe('stale');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('connection-banner').textContent).toBe('Connection lost — showing data from 08:15:00, reconnecting… (attempt 2)');
    expect(screen.getByTestId('figure').textContent).toBe('7');
    expect(screen.getByTestId('widget-stale').textContent).toBe('Last update 08:15:00');
    act(() => connection.options.onConnectionChange?.(true));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    expect(screen.getByTestId('widget-main').getAttribute('data-state')).toBe('live');
  });

  it('blanks a revoked display at boot, forgets its token and asks nothing after the boot requests', async () => {
    const storage = new Map([[DISPLAY_TOKEN_KEY, DISPLAY_TOKEN]]);
    harness = await startKiosk({
      path: '/dash/1',
      credentials: { kind: 'none' },
      storage,
      routes: server({ session: () => failure(ErrorCode.DISPLAY_REVOKED) }),
    });
    await flush();
    expect(screen.getByTestId('display-revoked').textContent).toContain('This display has been revoked');
    expect(storage.has(DISPLAY_TOKEN_KEY)).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(harness.requests).toEqual(['GET /boards/1', 'GET /kiosk/session']);
  });

  it('blanks a display revoked while it shows a board (socket refusal)', async () => {
    harness = await startKiosk({ path: '/dash/1', credentials: { kind: 'token', token: DISPLAY_TOKEN, from: 'access_token' }, routes: server() });
    await flush();
    expect(screen.getByTestId('board')).toBeTruthy();
    act(() => harness!.connection().options.onRefused?.({ code: ErrorCode.DISPLAY_REVOKED, message: 'This display has been revoked' }));
    expect(screen.getByTestId('display-revoked')).toBeTruthy();
    expect(screen.queryByTestId('board')).toBeNull();
    expect(harness.connection().closed).toBe(true);
    expect(harness.storage.has(DISPLAY_TOKEN_KEY)).toBe(false);
  });

  it('checks a server-side disconnect with the API before blanking the wall', async () => {
    let revoked = false;
    harness = await startKiosk({
      path: '/dash/1',
      credentials: { kind: 'token', token: DISPLAY_TOKEN, from: 'access_token' },
      routes: server({ session: () => (revoked ? failure(ErrorCode.DISPLAY_REVOKED) : ok(displaySession())) }),
    });
    await flush();
    revoked = true;
    act(() => harness!.connection().options.onRefused?.({ code: ErrorCode.TOKEN_REVOKED, message: 'The session ended' }));
    await flush();
    expect(screen.getByTestId('display-revoked')).toBeTruthy();
  });

  it('follows the console: pinned board, show and release commands', async () => {
    harness = await startKiosk({
      path: '/dash/1',
      credentials: { kind: 'token', token: DISPLAY_TOKEN, from: 'access_token' },
      routes: server({ session: () => ok(displaySession({ pinnedBoardId: 2 })) }),
    });
    await flush();
    expect(screen.getByTestId('board').getAttribute('data-board-id')).toBe('2');
    act(() => harness!.connection().push('display:self', { kind: 'release' }));
    await flush();
    expect(screen.getByTestId('board').getAttribute('data-board-id')).toBe('1');
    act(() => harness!.connection().push('display:self', { kind: 'show', boardId: 2 }));
    await flush();
    expect(screen.getByTestId('board').getAttribute('data-board-id')).toBe('2');
  });

  it("reloads on the console's command only once the server answers its health check", async () => {
    let healthy = false;
    const base = server();
    harness = await startKiosk({
      path: '/dash/1',
      credentials: { kind: 'token', token: DISPLAY_TOKEN, from: 'access_token' },
      routes: (config) => (config.url === '/health' && !healthy ? 'network-error' : base(config)),
    });
    await flush();
    act(() => harness!.connection().push('display:self', { kind: 'reload' }));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(harness.reloads).toBe(0);
    healthy = true;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(harness.reloads).toBe(1);
  });

  it("rotates a display's playlist at each entry's seconds, skipping a board that fails", async () => {
    const playlist = {
      id: 5,
      name: 'Lobby',
      updatedAt: 0,
      entries: [
        { boardId: 1, seconds: 10 },
        { boardId: 404, seconds: 5 },
        { boardId: 2, seconds: 5 },
      ],
    };
    harness = await startKiosk({
      path: '/dash/playlist/5',
      credentials: { kind: 'token', token: DISPLAY_TOKEN, from: 'access_token' },
      routes: server({ session: () => ok(displaySession({ scope: { kind: 'playlist', playlistId: 5 }, boardIds: [1, 2], playlist })) }),
    });
    await flush();
    expect(screen.getByTestId('board').getAttribute('data-board-id')).toBe('1');
    expect(harness.app.shownPlaylistId).toBe(5);
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(screen.getByTestId('board').getAttribute('data-board-id')).toBe('1');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('board').getAttribute('data-board-id')).toBe('2');
    expect(screen.getByTestId('playlist').getAttribute('data-entry')).toBe('2');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByTestId('board').getAttribute('data-board-id')).toBe('1');
  });
});
