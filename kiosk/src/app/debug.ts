import type { Socket } from 'socket.io-client';
import { mountedWidgetCount } from '@boards/host/hostContext';
import { CHANNEL_DATA, SUBSCRIBE, type ChannelData } from '@shared/realtime/protocol';
import type { KioskApp } from './kioskApp';

/** Figures for the bench and the browser tests (window.__kiosk), and two hooks only bench/kioskWall.ts uses. */
export interface KioskDebug {
  widgets(): number;
  channels(): number;
  revision(): number;
  connected(): boolean;
  /**
   * Bench: hands a delta to the live socket's `channel:data` listeners, the path a delta off the network
   * takes after socket.io's parser (RealtimeClient → TelemetryStore → the frame flush). False without a socket.
   */
  inject(channel: string, data: unknown): boolean;
  /**
   * Bench: drops the socket and opens it again at once (a real handshake, no back-off wait); resolves with
   * the milliseconds it took once the server acknowledged every channel the client subscribed again.
   */
  reconnect(): Promise<number>;
}

/** Give up on a reconnect that has not resubscribed by then. */
const RECONNECT_TIMEOUT_MS = 10_000;

/** The socket.io socket under the app's RealtimeClient (private there: read only by these bench hooks). */
function liveSocket(app: KioskApp): Socket | null {
  const connection: unknown = Reflect.get(app, 'connection');
  const socket: unknown = typeof connection === 'object' && connection !== null ? Reflect.get(connection, 'socket') : undefined;
  return typeof socket === 'object' && socket !== null && typeof (socket as Socket).listeners === 'function' ? (socket as Socket) : null;
}

type Emit = (event: string, ...args: unknown[]) => unknown;

function reconnect(app: KioskApp): Promise<number> {
  const socket = liveSocket(app);
  if (!socket) return Promise.reject(new Error('No live socket'));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const original = socket.emit as unknown as Emit;
    let pending = 0;
    let connected = false;
    const finish = (error?: Error) => {
      clearTimeout(timer);
      (socket as unknown as { emit: Emit }).emit = original;
      socket.off('connect', onConnect);
      if (error) reject(error);
      else resolve(performance.now() - started);
    };
    const timer = setTimeout(() => finish(new Error(`Not resubscribed within ${RECONNECT_TIMEOUT_MS} ms`)), RECONNECT_TIMEOUT_MS);
    // Counts the subscriptions RealtimeClient sends on 'connect' and their acknowledgements (sent after the snapshots).
    (socket as unknown as { emit: Emit }).emit = (event, ...args) => {
      const ack = args[args.length - 1];
      if (event === SUBSCRIBE && typeof ack === 'function') {
        pending += 1;
        args[args.length - 1] = (...reply: unknown[]) => {
          (ack as (...reply: unknown[]) => void)(...reply);
          pending -= 1;
          if (connected && pending === 0) finish();
        };
      }
      return original.call(socket, event, ...args);
    };
    // Registered after RealtimeClient's own 'connect' listener, so it runs once the subscriptions are sent.
    const onConnect = () => {
      connected = true;
      if (pending === 0) finish();
    };
    socket.on('connect', onConnect);
    socket.disconnect();
    socket.connect();
  });
}

export function kioskDebug(app: KioskApp): KioskDebug {
  return Object.freeze({
    widgets: () => mountedWidgetCount(),
    channels: () => app.telemetry?.channelCount ?? 0,
    revision: () => app.shownRevision,
    connected: () => app.telemetry?.connection.connected ?? false,
    inject: (channel: string, data: unknown) => {
      const socket = liveSocket(app);
      if (!socket) return false;
      const message: ChannelData = { channel, data };
      for (const listener of socket.listeners(CHANNEL_DATA)) (listener as (message: ChannelData) => void)(message);
      return true;
    },
    reconnect: () => reconnect(app),
  });
}

export function exposeDebug(app: KioskApp): void {
  Object.defineProperty(window, '__kiosk', { value: kioskDebug(app), configurable: true, enumerable: false, writable: false });
}
