import { reaction } from 'mobx';
import { createContext, useContext, useEffect, useState } from 'react';
import { RealtimeClient, type ChannelSource, type RealtimeClientOptions } from '@shared/realtime/realtimeClient';
import { TelemetryStore } from '@boards/runtime/telemetryStore';
import { useStores } from '../stores/StoreContext';

/** What the page needs of a realtime connection (RealtimeClient in the browser, a fake in tests). */
export interface LiveConnection extends ChannelSource {
  close(): void;
  setToken(token: string): void;
}
export type LiveConnector = (options: RealtimeClientOptions) => LiveConnection;

/** Like the kiosk: WebSocket at once, reconnecting from 1 s up to 30 s. */
const SOCKET_OPTIONS: RealtimeClientOptions['socket'] = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 30_000,
  randomizationFactor: 0.5,
  transports: ['websocket'],
};

const openRealtimeClient: LiveConnector = (options) => new RealtimeClient(options);

/** Tests provide a fake connector here; the console uses a real socket.io client. */
export const LiveConnectorContext = createContext<LiveConnector>(openRealtimeClient);

/**
 * The board editor's live preview and the sprite screens: a telemetry store over its own realtime connection, opened with the session token for the lifetime of
 * the component (closed on unmount, so a closed tab leaves no socket behind). A renewed token is used from
 * the next reconnect; a logout (no token) closes it. Null until opened, or without a session.
 */
export function useLiveTelemetry(): TelemetryStore | null {
  const { session, alarms } = useStores();
  const connect = useContext(LiveConnectorContext);
  const [telemetry, setTelemetry] = useState<TelemetryStore | null>(null);

  useEffect(() => {
    const token = session.token;
    if (!token) return undefined;
    const holder: { store: TelemetryStore | null } = { store: null };
    const connection = connect({
      token,
      socket: SOCKET_OPTIONS,
      onConnectionChange: (connected) => holder.store?.setConnected(connected),
      onReconnectAttempt: (attempt) => holder.store?.noteReconnectAttempt(attempt),
    });
    // Alarm widgets in a preview read the console's own AlarmStore (kept bound by the realtime session): the
    // same open list and counts as the menu badge.
    const store = new TelemetryStore({ source: connection, alarms });
    holder.store = store;
    const stopFollowingToken = reaction(
      () => session.token,
      (renewed) => {
        if (renewed) connection.setToken(renewed);
        else connection.close();
      },
    );
    setTelemetry(store);
    return () => {
      stopFollowingToken();
      store.dispose();
      connection.close();
      setTelemetry(null);
    };
  }, [session, alarms, connect]);

  return telemetry;
}
