import { randomUUID } from 'node:crypto';
import type { RedisClient, RedisLink } from './redisLink';

type Listener = (data: unknown) => void;

/**
 * In-process events that the other server processes must hear too (an alarm raised here, meters a commit touched).
 * `publish` reaches every OTHER process's `on` listeners; the caller already told its own.
 */
export interface ClusterEvents {
  publish(topic: string, data: unknown): void;
  on(topic: string, listener: Listener): () => void;
  close(): Promise<void>;
}

/** One process: nobody else to tell. */
export const localOnly: ClusterEvents = {
  publish: () => undefined,
  on: () => () => undefined,
  close: async () => undefined,
};

/** Entries kept in the stream (approximate trim): a reader away longer than this many events misses the oldest. */
const STREAM_MAX_LEN = 10_000;
const BLOCK_MS = 2_000;
const READ_COUNT = 200;

/**
 * ClusterEvents on a Redis stream (`<prefix>:cluster-events`), the way socket.io's streams adapter carries its
 * packets: XADD to publish, a blocking XREAD loop on a connection of its own to listen. Unlike pub/sub, what is
 * published while Redis restarts waits in the client's queue and what was added while a reader reconnected is read
 * from its last id, so nothing is lost in a restart.
 */
export function redisClusterEvents(redis: RedisLink, onError: (error: unknown) => void): ClusterEvents {
  const origin = randomUUID();
  const stream = redis.key('cluster-events');
  const listeners = new Map<string, Set<Listener>>();
  let reader: RedisClient | null = redis.duplicate();
  let lastId = '$';

  const deliver = (topic: string, raw: string) => {
    const set = listeners.get(topic);
    if (!set?.size) return;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch (error) {
      return onError(error);
    }
    for (const listener of set) {
      try {
        listener(data);
      } catch (error) {
        onError(error);
      }
    }
  };

  const poll = async () => {
    while (reader) {
      try {
        const answer = (await reader.xRead({ key: stream, id: lastId }, { BLOCK: BLOCK_MS, COUNT: READ_COUNT })) as
          { messages: { id: string; message: Record<string, string> }[] }[] | null;
        for (const entry of answer?.[0]?.messages ?? []) {
          lastId = entry.id;
          if (entry.message.origin !== origin) deliver(entry.message.topic ?? '', entry.message.data ?? 'null');
        }
      } catch {
        // The connection dropped (its 'error' is logged once by the link); wait a beat and read on from lastId.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };
  void poll();

  return {
    publish(topic, data) {
      redis.client
        .xAdd(stream, '*', { origin, topic, data: JSON.stringify(data) }, { TRIM: { strategy: 'MAXLEN', strategyModifier: '~', threshold: STREAM_MAX_LEN } })
        .catch(onError);
    },
    on(topic, listener) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    async close() {
      const closing = reader;
      reader = null;
      listeners.clear();
      if (closing?.isOpen) closing.destroy();
    },
  };
}
