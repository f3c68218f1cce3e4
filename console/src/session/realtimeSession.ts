import { reaction } from 'mobx';
import { bindAlarmStore } from '@shared/realtime/alarmBinders';
import { RealtimeClient, type RealtimeClientOptions } from '@shared/realtime/realtimeClient';
import type { RootStore } from '@shared/stores/rootStore';

/** Starts the console's realtime side for a root store; returns the disposer. */
export type RealtimeConnector = (rootStore: RootStore) => () => void;
export type RealtimeClientFactory = (options: RealtimeClientOptions) => Pick<RealtimeClient, 'subscribe' | 'setToken' | 'close'>;

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
    const client = create({ token, onRefused: () => (current = null) });
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
