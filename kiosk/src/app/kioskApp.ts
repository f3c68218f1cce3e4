import type { AxiosAdapter, AxiosInstance } from 'axios';
import { action, makeObservable, observable } from 'mobx';
import { createApiClient, createAuthApi, isApiError, type ApiError } from '@shared/api';
import { createKioskApi, type KioskApi } from '@shared/api/kioskApi';
import { DISPLAY_SELF_CHANNEL, type DisplayCommand } from '@shared/board/channels';
import { ErrorCode, LOGOUT_CODES } from '@shared/errors/codes';
import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import { bindAlarmCounts, bindOpenAlarms } from '@shared/realtime/alarmBinders';
import { RealtimeClient, type ChannelSource, type RealtimeClientOptions, type Refusal } from '@shared/realtime/realtimeClient';
import type { BoardRecord, KioskHeartbeatAck, KioskSession } from '@shared/schemas/boards';
import { AlarmStore } from '@shared/stores/alarmStore';
import { TelemetryStore, type FrameScheduler } from '@boards/runtime/telemetryStore';
import type { KioskTokens } from '../session/kioskTokens';
import type { StartupCredentials } from '../session/startupToken';
import { startHeartbeat, screenFacts } from '../wall/heartbeat';
import { PlannedReload } from '../wall/plannedReload';

export type KioskPhase = 'starting' | 'unreachable' | 'signin' | 'revoked' | 'ready';

/** What the app needs of a realtime connection (RealtimeClient in the browser, a fake in tests). */
export interface RealtimeConnection extends ChannelSource {
  close(): void;
  setToken(token: string): void;
}

export interface KioskAppOptions {
  tokens: KioskTokens;
  adapter?: AxiosAdapter;
  connect?: (options: RealtimeClientOptions) => RealtimeConnection;
  scheduleFrame?: FrameScheduler;
  now?: () => number;
  reload?: () => void;
  /** Back-off while GET /api/kiosk/session cannot reach the server (doubles up to 30 s). */
  sessionRetryMs?: number;
  heartbeat?: boolean;
  /** The board in the address at boot (/dash/:id): fetched alongside the session instead of after it. */
  initialBoardId?: number;
}

/**
 * socket.io reconnection: 1 s, doubling to 30 s, ±50 % so a hall of walls does not reconnect in step.
 * WebSocket straight away (no long-polling first): a reconnect costs one handshake, not a polling round and
 * an upgrade, and a wall does not pile up a request log over weeks.
 */
export const SOCKET_BACKOFF: Partial<ManagerOptions & SocketOptions> = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 30_000,
  randomizationFactor: 0.5,
  transports: ['websocket'],
};

/** Codes that mean "this display token is dead": the wall blanks and forgets it. */
const DISPLAY_DEAD_CODES: ReadonlySet<number> = new Set([ErrorCode.DISPLAY_REVOKED, ErrorCode.TOKEN_REVOKED, ErrorCode.TOKEN_INVALID, ErrorCode.TOKEN_MISSING]);
const USER_ENDED_CODES: ReadonlySet<number> = new Set([...LOGOUT_CODES, ErrorCode.TOKEN_MISSING, ErrorCode.ACCOUNT_DISABLED]);

class HaltedError extends Error {}

/**
 * The wall's root store: sign-in, the kiosk session, one realtime connection and telemetry store, what
 * is on screen (for the heartbeat and the console's remote switch) and planned reloads. Everything it
 * starts is stopped by dispose(); a revoked display stops everything and makes no further request.
 */
export class KioskApp {
  phase: KioskPhase = 'starting';
  session: KioskSession | null = null;
  /** A board the console pinned or commanded (display:self, heartbeat ack); null = follow the address. */
  override: number | null = null;
  /** What is on screen now (heartbeat, window.__kiosk). */
  shownBoardId: number | null = null;
  shownRevision = 0;
  shownPlaylistId: number | null = null;

  readonly http: AxiosInstance;
  readonly api: KioskApi;
  telemetry: TelemetryStore | null = null;
  readonly plannedReload: PlannedReload;
  /**
   * The wall's alarms: the same shared store the console keeps (counts and open list of the caller's
   * tree), bound for the app's life so a playlist moving between boards never drops the list.
   */
  readonly alarms: AlarmStore;

  private connection: RealtimeConnection | null = null;
  /** The live store, set before the session answers; `telemetry` (observable) is published with the session. */
  private telemetryStore: TelemetryStore | null = null;
  private readonly disposers: (() => void)[] = [];
  private halted = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private lastAckPin: number | null = null;
  private readonly now: () => number;
  private readonly startedAt: number;
  private verifying = false;
  /** The boot-time board request, handed to the first BoardStore that asks for that board. */
  private prefetched: { id: number; record: Promise<BoardRecord> } | null = null;

  constructor(private readonly options: KioskAppOptions) {
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    this.alarms = new AlarmStore({ now: this.now });
    this.http = createApiClient({
      tokens: options.tokens,
      onError: (error) => this.onApiError(error),
      ...(options.adapter ? { adapter: options.adapter } : {}),
    });
    // After a revocation not one more request leaves the wall.
    this.http.interceptors.request.use((config) => {
      if (this.halted) throw new HaltedError('The display was revoked');
      return config;
    });
    const api = createKioskApi(this.http);
    this.api = { ...api, board: (id) => this.takePrefetched(id) ?? api.board(id) };
    this.plannedReload = new PlannedReload({ health: () => this.api.health(), reload: options.reload ?? (() => window.location.reload()) });
    makeObservable(this, {
      phase: observable,
      session: observable.ref,
      override: observable,
      shownBoardId: observable,
      shownRevision: observable,
      shownPlaylistId: observable,
      telemetry: observable.ref,
      revoke: action,
      signOut: action,
      showing: action,
      showingPlaylist: action,
      applyCommand: action,
      applyAck: action,
    });
  }

  get isDisplay(): boolean {
    return this.session?.kind === 'display';
  }

  async start(credentials: StartupCredentials): Promise<void> {
    const { tokens } = this.options;
    if (credentials.kind === 'link') {
      try {
        const result = await createAuthApi(this.http).linkLogin(credentials.login);
        tokens.adopt(result.token);
      } catch {
        return this.setPhase('signin');
      }
    } else if (credentials.kind === 'token') {
      tokens.adopt(credentials.token);
    } else if (!tokens.restore()) {
      return this.setPhase('signin');
    }
    if (!tokens.get()) return this.setPhase('signin');
    // First live data fast: the socket, the board and the session are requested at once, not one after the other.
    this.openLive();
    const boardId = this.options.initialBoardId;
    if (boardId !== undefined) {
      const record = this.api.board(boardId);
      this.prefetched = { id: boardId, record };
      // A failed early request is not handed on: the BoardStore then asks (and retries) itself.
      record.catch(() => {
        if (this.prefetched?.record === record) this.prefetched = null;
      });
    }
    await this.loadSession(this.options.sessionRetryMs ?? 2000);
  }

  /** The board a display shows for an address: the console's pin first, then the address if in scope, else its first board. */
  boardFor(requestedId: number): number | null {
    const session = this.session;
    if (session?.kind !== 'display') return requestedId;
    if (this.override !== null) return this.override;
    if (session.boardIds.includes(requestedId)) return requestedId;
    return session.boardIds[0] ?? null;
  }

  /** x-new-token on a user session: the socket uses it from its next reconnect. */
  renewToken(token: string): void {
    this.connection?.setToken(token);
  }

  showing(boardId: number | null, revision: number): void {
    this.shownBoardId = boardId;
    this.shownRevision = revision;
  }

  showingPlaylist(playlistId: number | null): void {
    this.shownPlaylistId = playlistId;
  }

  revoke(): void {
    if (this.phase === 'revoked') return;
    this.halted = true;
    this.options.tokens.forgetDisplay();
    this.phase = 'revoked';
    this.stopLive();
    this.plannedReload.dispose();
  }

  signOut(): void {
    if (this.phase === 'revoked' || this.phase === 'signin') return;
    this.phase = 'signin';
    this.stopLive();
  }

  applyCommand(command: DisplayCommand): void {
    if (command.kind === 'show') this.override = command.boardId;
    else if (command.kind === 'release') this.override = null;
    else this.plannedReload.request('console');
  }

  applyAck(ack: KioskHeartbeatAck): void {
    if (this.session && ack.version !== this.session.version) this.plannedReload.request('version');
    // Only a change of the pin counts: a "release" command must not be undone by an older ack.
    if (this.isDisplay && ack.pinnedBoardId !== this.lastAckPin) {
      this.override = ack.pinnedBoardId;
      this.lastAckPin = ack.pinnedBoardId;
    }
  }

  dispose(): void {
    this.halted = true;
    this.stopLive();
    this.plannedReload.dispose();
  }

  private setPhase(phase: KioskPhase): void {
    action(() => {
      this.phase = phase;
    })();
  }

  private async loadSession(retryMs: number): Promise<void> {
    try {
      const session = await this.api.session();
      if (this.halted || this.phase === 'signin' || this.phase === 'revoked') return;
      this.begin(session);
    } catch (error) {
      if (this.halted || this.phase === 'signin' || this.phase === 'revoked') return;
      if (isApiError(error) && error.status !== undefined && error.status < 500 && error.code !== -1) return this.setPhase('signin');
      // The server is not answering: keep trying, a wall must come up by itself when it does.
      if (this.phase === 'starting') this.setPhase('unreachable');
      this.retryTimer = setTimeout(() => void this.loadSession(Math.min(retryMs * 2, 30_000)), retryMs);
    }
  }

  private takePrefetched(id: number): Promise<BoardRecord> | undefined {
    const prefetched = this.prefetched;
    if (prefetched?.id !== id) return undefined;
    this.prefetched = null;
    return prefetched.record;
  }

  /** One realtime connection and its telemetry store for the app's life (closed by stopLive). */
  private openLive(): TelemetryStore {
    if (this.telemetryStore) return this.telemetryStore;
    const telemetryHolder: { store: TelemetryStore | null } = { store: null };
    const connect = this.options.connect ?? ((options: RealtimeClientOptions) => new RealtimeClient(options));
    const connection = connect({
      token: this.options.tokens.get() ?? '',
      socket: SOCKET_BACKOFF,
      onRefused: (refusal) => this.onRefused(refusal),
      onConnectionChange: (connected) => telemetryHolder.store?.setConnected(connected),
      onReconnectAttempt: (attempt) => telemetryHolder.store?.noteReconnectAttempt(attempt),
    });
    const telemetry = new TelemetryStore({
      source: connection,
      now: this.now,
      alarms: this.alarms,
      ...(this.options.scheduleFrame ? { scheduleFrame: this.options.scheduleFrame } : {}),
    });
    telemetryHolder.store = telemetry;
    this.connection = connection;
    this.telemetryStore = telemetry;
    // The alarms stay bound for the app's life: a playlist moving between boards must not drop the list and
    // resubscribe (a ticker on the next board would sound again for the same waiting alarms).
    this.disposers.push(bindAlarmCounts(connection, this.alarms), bindOpenAlarms(connection, this.alarms));
    return telemetry;
  }

  private begin(session: KioskSession): void {
    const telemetry = this.openLive();
    action(() => {
      this.session = session;
      this.telemetry = telemetry;
      if (session.kind === 'display') {
        this.override = session.pinnedBoardId;
        this.lastAckPin = session.pinnedBoardId;
      }
      this.phase = 'ready';
    })();
    if (session.kind === 'display') this.disposers.push(telemetry.listen<DisplayCommand>(DISPLAY_SELF_CHANNEL, (command) => this.applyCommand(command)));
    if (this.options.heartbeat !== false) {
      this.disposers.push(
        startHeartbeat({
          send: (beat) => this.api.heartbeat(beat),
          collect: () => ({
            boardId: this.shownBoardId,
            playlistId: this.shownPlaylistId,
            version: session.version,
            ...screenFacts(this.startedAt, this.now()),
          }),
          onAck: (ack) => this.applyAck(ack),
        }),
      );
    }
  }

  /** The socket says the session ended: ask the API to be sure (a server restart must never blank a wall). */
  private onRefused(refusal: Refusal): void {
    if (this.halted) return;
    if (refusal.code === ErrorCode.DISPLAY_REVOKED) return this.revoke();
    if (this.verifying) return;
    this.verifying = true;
    const check = (delay: number) => {
      this.api.session().then(
        // The session is fine after all: the socket is closed for good, so start afresh once the server answers.
        () => this.plannedReload.request('socket-refused'),
        (error: unknown) => {
          if (this.halted || this.phase !== 'ready') return;
          if (isApiError(error) && error.code !== -1 && error.status !== undefined && error.status < 500) return this.signOut();
          this.retryTimer = setTimeout(() => check(Math.min(delay * 2, 30_000)), delay);
        },
      );
    };
    check(2000);
  }

  private onApiError(error: ApiError): void {
    if (error instanceof HaltedError || this.halted) return;
    const kind = this.options.tokens.kind;
    if (error.code === ErrorCode.DISPLAY_REVOKED || (kind === 'display' && DISPLAY_DEAD_CODES.has(error.code))) return this.revoke();
    if (kind === 'user' && USER_ENDED_CODES.has(error.code)) this.signOut();
  }

  private stopLive(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    for (const dispose of this.disposers.splice(0)) dispose();
    this.telemetryStore?.dispose();
    this.telemetryStore = null;
    this.alarms.reset();
    this.connection?.close();
    this.connection = null;
  }
}
