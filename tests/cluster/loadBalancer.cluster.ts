import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { CHANNEL_DATA, SUBSCRIBE, type SubscribeAck } from '@shared/realtime/protocol';
import { meterLatestChannel } from '@shared/schemas/alarms';
import { ErrorCode } from '@shared/errors';
import { startCluster, type Cluster } from '../support/cluster';
import { E2E_ADMIN_PASSWORD } from '../support/serverProcess';
import { startLoadBalancer, type LoadBalancer } from '../support/loadBalancer';
import { activeInterfaceKey, bearerHeader, callApi } from '../e2e/helpers/api';
import { meterId } from '../e2e/helpers/kiosk';

/**
 * Three server processes (one PostgreSQL database, one Redis) behind HAProxy started from the shipped config
 * (deploy/haproxy.cfg.template): everything a client does goes through the balancer's one address.
 */
let cluster: Cluster;
let lb: LoadBalancer;
let token: string;
let interfaceKey: string;
const sockets: Socket[] = [];

/** Polls until `found` answers something, or fails after `ms`. */
async function within<T>(ms: number, what: string, found: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await found();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A login through the balancer from a chosen loopback source address, with an optional X-Forwarded-For of its own. */
function loginFrom(localAddress: string, username: string, password: string, forwardedFor?: string): Promise<number> {
  const body = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const req = request(
      `${lb.url}/api/auth/login`,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve((JSON.parse(text) as { code: number }).code));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

interface Watcher {
  socket: Socket;
  /** kw of every meter:<id>:latest message, in arrival order. */
  kw: number[];
  disconnects: number;
}

/** A socket through the balancer that subscribes on every (re)connection, as the console's and the kiosk's clients do. */
async function watch(channel: string): Promise<Watcher> {
  // The kiosk's reconnection (kiosk/src/app/kioskApp.ts SOCKET_BACKOFF): WebSocket only, 1 s doubling to 30 s, ±50 %.
  const socket = io(lb.url, {
    transports: ['websocket'],
    query: { token },
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 30_000,
    randomizationFactor: 0.5,
  });
  sockets.push(socket);
  const watcher: Watcher = { socket, kw: [], disconnects: 0 };
  socket.on(CHANNEL_DATA, (message: { channel: string; data: { values: Record<string, number> } }) => {
    if (message.channel === channel && typeof message.data.values.kw === 'number') watcher.kw.push(message.data.values.kw);
  });
  socket.on('disconnect', () => (watcher.disconnects += 1));
  const subscribed = new Promise<void>((resolve, reject) => {
    socket.on('connect', () => {
      socket.emit(SUBSCRIBE, { channel }, (ack: SubscribeAck) => (ack.ok ? resolve() : reject(new Error(`subscribe refused: ${ack.message}`))));
    });
  });
  await subscribed;
  return watcher;
}

async function sendKw(meter: string, kw: number): Promise<void> {
  const sent = await callApi<{ accepted: number }>(
    lb.url,
    'POST',
    '/api/ingest/readings',
    { readings: [{ meter, ts: Date.now(), values: { kw } }] },
    { 'x-interface-key': interfaceKey },
  );
  expect(sent.data?.accepted).toBe(1);
}

beforeAll(async () => {
  // TRUST_PROXY = the balancer's address, as deploy/energy.env.example says.
  cluster = await startCluster({ processes: 3, redis: true, env: { TRUST_PROXY: '127.0.0.1' } });
  lb = await startLoadBalancer(cluster.servers.map((server) => `127.0.0.1:${server.port}`));
  const login = await callApi<{ token: string }>(lb.url, 'POST', '/api/auth/login', { username: 'admin', password: E2E_ADMIN_PASSWORD });
  if (login.code !== 0) throw new Error(`login through the balancer failed: ${login.message}`);
  token = login.data.token;
  interfaceKey = await activeInterfaceKey(lb.url, token, 'load balancer cluster');
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await lb?.stop();
  await cluster?.stop();
});

describe('HAProxy from deploy/ in front of three processes', () => {
  it('spreads API calls over the three processes, each answering with the token issued through the balancer', async () => {
    const before = await lb.servers();
    for (let i = 0; i < 30; i += 1) {
      const info = await callApi<{ username: string }>(lb.url, 'GET', '/api/users/info', undefined, bearerHeader(token));
      expect(info.data?.username ?? info).toBe('admin');
    }
    const after = await lb.servers();
    const served = after.map((server, i) => server.total - before[i]!.total);
    expect(served.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(30);
    // Each process took a share (leastconn on idle servers takes them in turn: about 10 each).
    for (const n of served) expect(n).toBeGreaterThanOrEqual(5);
  });

  it('passes the client address in X-Forwarded-For: the login throttle counts per client, and a client-sent header is dropped', async () => {
    const user = `lb-guess-${cluster.tag}`;
    const codes: number[] = [];
    // Five wrong passwords from 127.0.0.2, the last one claiming to come from elsewhere.
    for (let attempt = 0; attempt < 5; attempt += 1)
      codes.push(await loginFrom('127.0.0.2', user, `wrong-${attempt}`, attempt === 4 ? '203.0.113.9' : undefined));
    // The sixth from 127.0.0.2 is refused, even when it claims another address; 127.0.0.3 is its own client.
    codes.push(await loginFrom('127.0.0.2', user, 'wrong-5', '198.51.100.7'));
    codes.push(await loginFrom('127.0.0.3', user, 'wrong-6'));
    expect(codes).toEqual([...Array(5).fill(ErrorCode.LOGIN_FAILED), ErrorCode.TOO_MANY_ATTEMPTS, ErrorCode.LOGIN_FAILED]);
  });

  it('holds no sticky state: a WebSocket handshake through the balancer is answered 101 and sets no cookie', async () => {
    // The upgrade as socket.io-client sends it (transport=websocket from the start, as every client of the product).
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      const req = request(`${lb.url}/socket.io/?EIO=4&transport=websocket&token=${encodeURIComponent(token)}`, {
        headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
      });
      req.once('upgrade', (response, socket) => {
        socket.destroy();
        resolve({ status: String(response.statusCode), ...response.headers });
      });
      req.once('response', (response) => reject(new Error(`no upgrade: ${response.statusCode}`)));
      req.once('error', reject);
      req.end();
    });
    expect(headers.status).toBe('101');
    expect(headers['set-cookie']).toBeUndefined();
  });

  it('sockets through the balancer get live values; kill -9 of a process: marked down, its sockets reconnect and get values again within 10 s', async () => {
    const id = await meterId(lb.url, token, 'M011');
    const channel = meterLatestChannel(id);
    const watchers: Watcher[] = [];
    for (let i = 0; i < 6; i += 1) watchers.push(await watch(channel));
    // leastconn: two sockets on each process.
    const bySocketServer = await lb.servers('energy_socketio');
    expect(bySocketServer.map((server) => server.current)).toEqual([2, 2, 2]);

    await sendKw('M011', 101);
    await within(10_000, 'the value 101 on every socket', () => (watchers.every((w) => w.kw.includes(101)) ? true : undefined));

    const victim = cluster.servers[0]!;
    const killedAt = Date.now();
    victim.process.kill('SIGKILL');
    // A value every 500 ms through the balancer, with nobody touching the sockets. A request in flight to the
    // killed process (or on a kept-alive connection the balancer closed with it) fails once; the feed sends the
    // next value as a gateway would.
    let kw = 1_000;
    let sending = true;
    let failedSends = 0;
    const feed = (async () => {
      while (sending) {
        kw += 1;
        await sendKw('M011', kw).catch(() => (failedSends += 1));
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();
    try {
      await within(10_000, 'a value sent after the kill on every socket', () =>
        watchers.every((w) => w.kw.some((value) => value > 1_000)) ? true : undefined,
      );
      const backWithin = Date.now() - killedAt;
      const down = await within(10_000, 's1 marked DOWN', async () =>
        (await lb.servers()).find((server) => server.name === 's1' && server.status.startsWith('DOWN')),
      );
      expect(down.name).toBe('s1');
      // The two sockets of the killed process were cut and came back on the others; the other four never dropped.
      expect(watchers.map((w) => w.disconnects).sort()).toEqual([0, 0, 0, 0, 1, 1]);
      expect((await lb.servers('energy_socketio')).map((server) => server.current)).toEqual([0, 3, 3]);
      expect(backWithin).toBeLessThanOrEqual(10_000);
      expect(failedSends).toBeLessThanOrEqual(2);
    } finally {
      sending = false;
      await feed;
    }
  });
});
