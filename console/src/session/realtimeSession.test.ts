import { describe, expect, it } from 'vitest';
import { fakeAdapter } from '@shared/api/fakeAdapter.test-util';
import type { ChannelListener, RealtimeClientOptions } from '@shared/realtime/realtimeClient';
import { RootStore } from '@shared/stores/rootStore';
import { startRealtimeSession, type RealtimeClientFactory } from './realtimeSession';

/** Clients that record what happens to them; the test pushes channel data by hand. */
function fakeClients() {
  const made: { options: RealtimeClientOptions; tokens: string[]; channels: Map<string, ChannelListener>; closed: boolean }[] = [];
  const factory: RealtimeClientFactory = (options) => {
    const client = { options, tokens: [options.token], channels: new Map<string, ChannelListener>(), closed: false };
    made.push(client);
    return {
      subscribe: <T>(channel: string, onData: ChannelListener<T>) => {
        client.channels.set(channel, onData as ChannelListener);
        return () => client.channels.delete(channel);
      },
      setToken: (token: string) => client.tokens.push(token),
      close: () => (client.closed = true),
    };
  };
  return { made, factory };
}

function rootStore(token?: string) {
  let stored = token;
  return new RootStore({
    language: 'en',
    persistence: { get: () => stored, set: (value) => (stored = value), remove: () => (stored = undefined) },
    adapter: fakeAdapter(() => ({ body: { code: 0, data: null, message: 'ok' } })),
    cookies: { get: () => undefined, set: () => undefined },
    settingsStorage: { getItem: () => null, setItem: () => undefined },
  });
}

const counts = { total: 4, deviceCount: 1, errorCount: 1, troubleCount: 1, offlineCount: 1 };

describe('startRealtimeSession', () => {
  it('connects with the token, binds counts, the open list and new alarms, and closes and clears on logout', () => {
    const store = rootStore('t1');
    const { made, factory } = fakeClients();
    const stop = startRealtimeSession(store, factory);
    expect(made).toHaveLength(1);
    expect(made[0]!.options.token).toBe('t1');
    // WebSocket only: a socket is one connection to one process, so a load balancer needs no stickiness.
    expect(made[0]!.options.socket?.transports).toEqual(['websocket']);
    expect([...made[0]!.channels.keys()]).toEqual(['alarms:counts', 'alarms:open', 'alarms:new']);
    made[0]!.channels.get('alarms:counts')!(counts);
    expect(store.alarms.badgeFor('/alerts')).toBe(4);
    made[0]!.channels.get('alarms:open')!([{ id: 3, processingState: 2, raisedAt: 1 }]);
    expect(store.alarms.open.map((record) => record.id)).toEqual([3]);

    store.session.resetToken();
    expect(made[0]!.closed).toBe(true);
    expect(made[0]!.channels.size).toBe(0);
    expect(store.alarms.badgeFor('/alerts')).toBe(0);
    expect(store.alarms.open).toEqual([]);
    stop();
  });

  it('waits for a login when there is no token, hands a renewed token over, and stops with the disposer', () => {
    const store = rootStore();
    const { made, factory } = fakeClients();
    const stop = startRealtimeSession(store, factory);
    expect(made).toHaveLength(0);
    store.session.setToken('t1');
    store.session.setToken('t2'); // x-new-token renewal: same connection
    expect(made).toHaveLength(1);
    expect(made[0]!.tokens).toEqual(['t1', 't2']);
    stop();
    expect(made[0]!.closed).toBe(true);
  });

  it('stays closed after a refusal until the token changes', () => {
    const store = rootStore('stale');
    const { made, factory } = fakeClients();
    const stop = startRealtimeSession(store, factory);
    made[0]!.options.onRefused!({ code: 10004, message: 'You have been logged out, please log in again' });
    store.session.setToken('fresh');
    expect(made.map((client) => client.options.token)).toEqual(['stale', 'fresh']);
    stop();
  });
});
