import { createServer, connect, type Server, type Socket } from 'node:net';

export interface ProxyTarget {
  host: string;
  port: number;
}

/**
 * A TCP proxy on a loopback port in front of one target (a process's PostgreSQL, Redis or broker connection) or
 * several (round robin, the next one tried when one refuses: a stand-in for a TCP load balancer). `hold()` is a
 * network that went dark: nothing is read or forwarded either way and new connections wait unanswered; `resume()`
 * lets everything flow again, `cut()` resets every connection (the far side of a partition timed out).
 */
export interface BlackholeProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  readonly holding: boolean;
  /** Connections open through the proxy now. */
  readonly connections: number;
  hold(): void;
  resume(): void;
  cut(): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream?: Socket;
}

export async function startBlackholeProxy(targets: ProxyTarget | (() => ProxyTarget[])): Promise<BlackholeProxy> {
  const candidates = typeof targets === 'function' ? targets : () => [targets];
  const pairs = new Set<Pair>();
  /** Connections that arrived while holding: answered (connected upstream) on resume. */
  const waiting: Pair[] = [];
  let holding = false;
  let next = 0;

  const drop = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  };

  /** Connects upstream, trying each candidate once in round-robin order. */
  const open = (pair: Pair, tried = 0): void => {
    const list = candidates();
    if (list.length === 0 || tried >= list.length) return drop(pair);
    const target = list[next++ % list.length]!;
    const upstream = connect({ host: target.host, port: target.port });
    upstream.on('error', () => {
      if (pair.upstream === upstream) return drop(pair);
      // Refused before it connected: the next target (a balancer retries elsewhere).
      upstream.destroy();
      open(pair, tried + 1);
    });
    upstream.once('connect', () => {
      pair.upstream = upstream;
      upstream.setNoDelay(true);
      if (pair.client.destroyed) return drop(pair);
      pair.client.pipe(upstream);
      upstream.pipe(pair.client);
      upstream.on('close', () => drop(pair));
      if (holding) freeze(pair);
    });
  };

  const freeze = (pair: Pair) => {
    pair.client.pause();
    pair.upstream?.pause();
    // pipe() resumes a paused source when its destination drains: take the pipes apart while holding.
    if (pair.upstream) {
      pair.client.unpipe(pair.upstream);
      pair.upstream.unpipe(pair.client);
    }
  };
  const thaw = (pair: Pair) => {
    if (pair.upstream) {
      pair.client.pipe(pair.upstream);
      pair.upstream.pipe(pair.client);
    }
    pair.client.resume();
    pair.upstream?.resume();
  };

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    client.setNoDelay(true);
    const pair: Pair = { client };
    pairs.add(pair);
    client.on('error', () => drop(pair));
    client.on('close', () => drop(pair));
    if (holding) waiting.push(pair);
    else open(pair);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    get holding() {
      return holding;
    },
    get connections() {
      return pairs.size;
    },
    hold() {
      holding = true;
      for (const pair of pairs) freeze(pair);
    },
    resume() {
      holding = false;
      for (const pair of pairs) if (pair.upstream) thaw(pair);
      for (const pair of waiting.splice(0)) if (!pair.client.destroyed) open(pair);
    },
    cut() {
      for (const pair of [...pairs]) {
        pair.client.resetAndDestroy();
        pair.upstream?.resetAndDestroy();
        pairs.delete(pair);
      }
      waiting.length = 0;
      holding = false;
    },
    async close() {
      for (const pair of [...pairs]) drop(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
