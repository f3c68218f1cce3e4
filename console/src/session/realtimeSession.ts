import { reaction } from 'mobx';
import { bindAlarmStore } from '@shared/realtime/alarmBinders';
import { RealtimeClient, type RealtimeClientOptions } from '@shared/realtime/realtimeClient';
import type { RootStore } from '@shared/stores/rootStore';

/** Starts the console's realtime side for a root store; returns the disposer. */
export type RealtimeConnector = (rootStore: RootStore) => () => void;
export type RealtimeClientFactory = (options: RealtimeClientOptions) => Pick<RealtimeClient, 'subscribe' | 'setToken' | 'close'>;

/**
 * Like the kiosk and the live previews: the WebSocket transport at once (no long-polling first, so no stickiness is
 * needed behind a load balancer: the whole socket is one TCP connection to one process), reconnecting from 1 s up to
 * 30 s, ±50 % so the consoles of a site do not reconnect in step after a server restart.
 */
export const SESSION_SOCKET: RealtimeClientOptions['socket'] = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 30_000,
  randomizationFactor: 0.5,
  transports: ['websocket'],
};

const createClient: RealtimeClientFactory = (options) => new RealtimeClient(options);

/**
 * While a token exists the console holds one realtime connection and keeps the alarm store on it
 * (menu badges, home counters, the open list, recent alarms). A renewed token is used from the next reconnect on;
 * logout closes the connection and clears the alarms. A refused connection stays closed until the token changes.
 */
export function startRealtimeSession(rootStore: RootStore, create: RealtimeClientFactory = createClient): () => void {
  const { session, alarms } = rootStore;
  let current: { token: string; close: () => void; setToken: (token: string) => void } | null = null;

  const close = () => {
    current?.close();
    current = null;
  };
  const open = (token: string) => {
    const client = create({ token, socket: SESSION_SOCKET, onRefused: () => (current = null) });
    const unbind = bindAlarmStore(client, alarms);
    current = {
      token,
      setToken: (renewed) => client.setToken(renewed),
      close: () => {
        unbind();
        client.close();
      },
    };
  };

  const stop = reaction(
    () => session.token,
    (token, previous) => {
      if (!token) {
        close();
        alarms.reset();
      } else if (current && previous) current.setToken(token);
      else open(token);
    },
    { fireImmediately: true },
  );
  return () => {
    stop();
    close();
  };
}
