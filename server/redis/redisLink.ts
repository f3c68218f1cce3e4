import { createClient } from 'redis';

/** The part of the server's logger this folder writes to. */
export interface RedisLog {
  info(message: string): void;
  warn(message: string): void;
}

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisLink {
  /** Commands (and the socket.io adapter's publishes); queued while Redis is away, sent when it is back. */
  client: RedisClient;
  /** `<REDIS_KEY_PREFIX>:<name>`: every key and channel of this deployment, so deployments can share one Redis. */
  key(name: string): string;
  /** Where it points, without a password (for log lines). */
  where: string;
  /** A second connection of the same kind (a blocking read must not hold the command connection); closed with the link. */
  duplicate(): RedisClient;
  close(): Promise<void>;
}

export const DEFAULT_REDIS_KEY_PREFIX = 'energy';
/** Reconnect back-off: 100 ms more per attempt, at most 3 s between attempts, for as long as it takes. */
const retryDelay = (attempt: number): number => Math.min(100 * (attempt + 1), 3_000);

/** redis://user:secret@host:6379/0 → redis://host:6379/0 */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(unparsable REDIS_URL)';
  }
}

/**
 * The deployment's Redis when REDIS_URL is set (null otherwise: one process, nothing shared). The connection is made
 * in the background and retried for ever: a Redis that is down at start or goes away later never stops the process.
 * One line is logged when it becomes unreachable and one when it is back, not one per retry.
 */
export function redisFromEnv(env: NodeJS.ProcessEnv, log: RedisLog): RedisLink | null {
  const url = env.REDIS_URL?.trim();
  if (!url) return null;
  const prefix = env.REDIS_KEY_PREFIX?.trim() || DEFAULT_REDIS_KEY_PREFIX;
  const where = redactRedisUrl(url);
  const clients: RedisClient[] = [];
  let down = false;
  const watch = (client: RedisClient, main: boolean): RedisClient => {
    // node-redis emits 'error' on every failed attempt; without a listener the process would crash.
    client.on('error', (error: Error & { code?: string }) => {
      if (!main || down) return;
      down = true;
      log.warn(
        `Redis at ${where} is unreachable (${error.code ?? error.message}): events from other processes wait and this process keeps serving its own sockets; retrying`,
      );
    });
    client.on('ready', () => {
      if (!main || !down) return;
      down = false;
      log.info(`Redis at ${where} is reachable again`);
    });
    clients.push(client);
    return client;
  };
  const client = watch(createClient({ url, socket: { reconnectStrategy: retryDelay, connectTimeout: 5_000 } }), true);
  // connect() keeps retrying rather than rejecting; the catch only guards against a malformed URL.
  client.connect().catch((error: Error) => log.warn(`Redis at ${where} cannot be used: ${error.message}`));
  return {
    client,
    key: (name) => `${prefix}:${name}`,
    where,
    duplicate() {
      const copy = watch(client.duplicate(), false);
      copy.connect().catch(() => undefined);
      return copy;
    },
    async close() {
      // destroy, not close: a Redis that is away would keep a polite close waiting for ever.
      for (const each of clients.splice(0)) if (each.isOpen) each.destroy();
    },
  };
}
