import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { ErrorCode, LOGOUT_CODES } from '../errors/codes';
import { ALARM_EVENTS_CHANNEL } from '../schemas/alarms';
import { CHANNEL_DATA, CHANNEL_ERROR, SUBSCRIBE, UNSUBSCRIBE, type ChannelData, type ChannelError, type SubscribeAck, type SubscribeRequest } from './protocol';

/** Channels whose items carry an increasing `id`: resubscribing passes the last one as afterId to get what was missed. */
const RESUMABLE_CHANNELS: ReadonlySet<string> = new Set([ALARM_EVENTS_CHANNEL]);
/** Refusals after which reconnecting cannot help: the session is gone. */
const SESSION_ENDED_CODES: ReadonlySet<number> = new Set([...LOGOUT_CODES, ErrorCode.TOKEN_MISSING, ErrorCode.ACCOUNT_DISABLED, ErrorCode.DISPLAY_REVOKED]);

export type ChannelListener<T = unknown> = (data: T) => void;

/** What stores and binders need of a realtime connection: shared, ref-counted channel subscriptions. */
export interface ChannelSource {
  subscribe<T>(channel: string, onData: ChannelListener<T>, onError?: (error: ChannelError) => void): () => void;
}

export interface Refusal {
  code?: number;
  message: string;
}

export interface RealtimeClientOptions {
  token: string;
  /** The server's origin; the page's own by default. */
  url?: string;
  /** The session ended (bad, expired or revoked token, logged out elsewhere): the client has closed. */
  onRefused?: (refusal: Refusal) => void;
  socket?: Partial<ManagerOptions & SocketOptions>;
  /** The socket connected (true) or dropped (false); walls show a banner and stale marks from this. */
  onConnectionChange?: (connected: boolean) => void;
  /** socket.io is about to try reconnecting (1, 2, 3 … since the last connection). */
  onReconnectAttempt?: (attempt: number) => void;
}

interface ChannelEntry {
  listeners: Set<ChannelListener<never>>;
  errorListeners: Set<(error: ChannelError) => void>;
  lastId?: number;
}

/**
 * One socket.io connection per session (token as the `token` query parameter, spec §7) and the
 * channels on it: the first subscriber of a channel subscribes on the server, the last one to leave
 * unsubscribes, every channel is subscribed again after a reconnect.
 */
export class RealtimeClient implements ChannelSource {
  private readonly socket: Socket;
  private readonly channels = new Map<string, ChannelEntry>();
  private closed = false;

  constructor(private readonly options: RealtimeClientOptions) {
    const socketOptions = { ...options.socket, query: { token: options.token } };
    this.socket = options.url ? io(options.url, socketOptions) : io(socketOptions);
    this.socket.on('connect', () => {
      for (const channel of this.channels.keys()) this.sendSubscribe(channel);
      options.onConnectionChange?.(true);
    });
    if (options.onReconnectAttempt) this.socket.io.on('reconnect_attempt', this.reportAttempt);
    this.socket.on('connect_error', (error: Error & { data?: Refusal }) => {
      if (error.data && typeof error.data.code === 'number' && SESSION_ENDED_CODES.has(error.data.code)) this.refuse(error.data);
    });
    this.socket.on('disconnect', (reason) => {
      options.onConnectionChange?.(false);
      // Only a logout or revocation makes the server close a socket (disconnectSession).
      if (reason === 'io server disconnect') this.refuse({ code: ErrorCode.TOKEN_REVOKED, message: 'The session ended' });
    });
    this.socket.on(CHANNEL_DATA, (message: ChannelData) => this.deliver(message));
    this.socket.on(CHANNEL_ERROR, (error: ChannelError) => {
      if (error.code !== undefined && SESSION_ENDED_CODES.has(error.code)) return this.refuse(error);
      for (const listener of this.channels.get(error.channel)?.errorListeners ?? []) listener(error);
    });
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  subscribe<T>(channel: string, onData: ChannelListener<T>, onError?: (error: ChannelError) => void): () => void {
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = { listeners: new Set(), errorListeners: new Set() };
      this.channels.set(channel, entry);
      if (this.socket.connected) this.sendSubscribe(channel);
    }
    const listener = onData as ChannelListener<never>;
    entry.listeners.add(listener);
    if (onError) entry.errorListeners.add(onError);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      entry.listeners.delete(listener);
      if (onError) entry.errorListeners.delete(onError);
      if (entry.listeners.size > 0 || this.channels.get(channel) !== entry) return;
      this.channels.delete(channel);
      if (this.socket.connected) this.socket.emit(UNSUBSCRIBE, { channel });
    };
  }

  /** A renewed token (x-new-token) is used from the next reconnect on. */
  setToken(token: string): void {
    this.socket.io.opts.query = { ...(this.socket.io.opts.query as Record<string, string>), token };
  }

  close(): void {
    this.closed = true;
    this.channels.clear();
    // The manager may be shared and cached by socket.io: leave no listener of ours on it.
    this.socket.io.off('reconnect_attempt', this.reportAttempt);
    this.socket.removeAllListeners();
    this.socket.close();
  }

  private readonly reportAttempt = (attempt: number): void => {
    this.options.onReconnectAttempt?.(attempt);
  };

  private sendSubscribe(channel: string): void {
    const entry = this.channels.get(channel);
    const request: SubscribeRequest = entry?.lastId === undefined ? { channel } : { channel, afterId: entry.lastId };
    this.socket.emit(SUBSCRIBE, request, (ack: SubscribeAck) => {
      // The cursor is the newest id the server had: later items are caught up even if none arrive before a disconnect.
      const current = this.channels.get(channel);
      if (ack.ok && ack.cursor !== undefined && current && RESUMABLE_CHANNELS.has(channel)) current.lastId = Math.max(current.lastId ?? 0, ack.cursor);
    });
  }

  private deliver({ channel, data }: ChannelData): void {
    const entry = this.channels.get(channel);
    if (!entry) return;
    if (RESUMABLE_CHANNELS.has(channel)) {
      const id = (data as { id?: unknown } | null)?.id;
      if (typeof id === 'number') entry.lastId = Math.max(entry.lastId ?? 0, id);
    }
    for (const listener of entry.listeners) (listener as ChannelListener)(data);
  }

  private refuse(refusal: Refusal): void {
    if (this.closed) return;
    this.close();
    this.options.onRefused?.({ message: refusal.message, ...(refusal.code === undefined ? {} : { code: refusal.code }) });
  }
}
