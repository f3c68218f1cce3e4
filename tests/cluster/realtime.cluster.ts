import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { CHANNEL_DATA, CHANNEL_ERROR, SUBSCRIBE, type ChannelError, type SubscribeAck } from '@shared/realtime/protocol';
import { ALARM_COUNTS_CHANNEL, ALARM_EVENTS_CHANNEL, meterLatestChannel, type AlarmRecord, type AlarmTotalCount } from '@shared/schemas/alarms';
import { boardChannel, DISPLAY_SELF_CHANNEL, type BoardRevision } from '@shared/board/channels';
import type { BoardRecord, DisplayCreated } from '@shared/schemas/boards';
import { ErrorCode } from '@shared/errors';
import { startCluster, type Cluster } from '../support/cluster';
import { E2E_ADMIN_PASSWORD, freePort, startServer, type RunningServer } from '../support/serverProcess';
import { activeInterfaceKey, apiData, bearerHeader, callApi } from '../e2e/helpers/api';
import { createBoard, createDisplay, liveBoard, meterId } from '../e2e/helpers/kiosk';

/**
 * Two processes on one database and one Redis: what a socket connected to process A sees when the event happens
 * through process B (alarms, counts, latest values, board saves, a display revoked, a session logged out).
 */
let cluster: Cluster;
let a: RunningServer;
let b: RunningServer;
let adminToken: string;
let interfaceKey: string;
const sockets: Socket[] = [];

async function login(server: RunningServer): Promise<string> {
  const answer = await callApi<{ token: string }>(server.url, 'POST', '/api/auth/login', { username: 'admin', password: E2E_ADMIN_PASSWORD });
  if (answer.code !== 0) throw new Error(`login failed: ${answer.message}`);
  return answer.data.token;
}

interface Watched {
  socket: Socket;
  /** Every channel:data message so far, per channel. */
  data: Map<string, unknown[]>;
  errors: ChannelError[];
  closed: Promise<string>;
}

async function connect(server: RunningServer, token: string): Promise<Watched> {
  const socket = io(server.url, { transports: ['websocket'], query: { token }, reconnection: false, forceNew: true });
  sockets.push(socket);
  const data = new Map<string, unknown[]>();
  const errors: ChannelError[] = [];
  socket.on(CHANNEL_DATA, (message: { channel: string; data: unknown }) => data.set(message.channel, [...(data.get(message.channel) ?? []), message.data]));
  socket.on(CHANNEL_ERROR, (error: ChannelError) => errors.push(error));
  const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, data, errors, closed };
}

async function subscribe(watched: Watched, channel: string): Promise<Extract<SubscribeAck, { ok: true }>> {
  const ack = (await watched.socket.timeout(10_000).emitWithAck(SUBSCRIBE, { channel })) as SubscribeAck;
  if (!ack.ok) throw new Error(`subscribe ${channel} refused: ${ack.message}`);
  return ack;
}

/** Polls until `found` answers something, or fails after `ms`. */
async function within<T>(ms: number, what: string, found: () => T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: nothing within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function sendKw(server: RunningServer, meter: string, kw: number): Promise<void> {
  const sent = await callApi<{ accepted: number }>(
    server.url,
    'POST',
    '/api/ingest/readings',
    { readings: [{ meter, ts: Date.now(), values: { kw } }] },
    { 'x-interface-key': interfaceKey },
  );
  expect(sent.data?.accepted).toBe(1);
}

beforeAll(async () => {
  // One signing secret, as a deployment behind a load balancer has: a token from one process is good on the other.
  cluster = await startCluster({ processes: 2, together: false, redis: true, env: { JWT_SECRET: 'cluster-realtime-secret-long-enough-for-hs256' } });
  [a, b] = cluster.servers as [RunningServer, RunningServer];
  adminToken = await login(a);
  interfaceKey = await activeInterfaceKey(a.url, adminToken, 'realtime cluster');
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await cluster?.stop();
});

describe('events raised through one process reach sockets on the other', () => {
  it('an alarm raised by a reading ingested through B reaches alarms:new and alarms:counts on A', async () => {
    const rule = await apiData<{ id: number }>(b.url, adminToken, 'POST', '/api/alarm-rules', {
      name: 'M011 over 500 kW (cluster)',
      scope: 'meter',
      scopeId: await meterId(b.url, adminToken, 'M011'),
      metric: 'kw',
      over: 500,
      severity: 'high',
    });
    const console = await connect(a, adminToken);
    const { cursor } = await subscribe(console, ALARM_EVENTS_CHANNEL);
    await subscribe(console, ALARM_COUNTS_CHANNEL);
    const countsBefore = (console.data.get(ALARM_COUNTS_CHANNEL) as AlarmTotalCount[]).length;

    await sendKw(b, 'M011', 900);

    const raised = await within(15_000, 'alarms:new on A', () =>
      (console.data.get(ALARM_EVENTS_CHANNEL) as AlarmRecord[] | undefined)?.find((record) => record.id > (cursor ?? 0) && record.ruleId === rule.id),
    );
    expect(raised.subject.code).toBe('M011');
    const counts = await within(15_000, 'alarms:counts on A', () => (console.data.get(ALARM_COUNTS_CHANNEL) ?? []).slice(countsBefore)[0] as AlarmTotalCount);
    expect(counts.total).toBeGreaterThanOrEqual(1);
    console.socket.disconnect();
  });

  it('a reading ingested through B updates meter:<id>:latest on A', async () => {
    const id = await meterId(a.url, adminToken, 'M012');
    const viewer = await connect(a, adminToken);
    await subscribe(viewer, meterLatestChannel(id));
    await sendKw(b, 'M012', 123.4);
    const latest = await within(15_000, 'meter latest on A', () =>
      (viewer.data.get(meterLatestChannel(id)) as { values: Record<string, number> }[] | undefined)?.find((message) => message.values.kw === 123.4),
    );
    expect(latest.values.kw).toBe(123.4);
    viewer.socket.disconnect();
  });

  it('a board saved through B reaches a wall socket on A', async () => {
    const board: BoardRecord = await createBoard(b.url, adminToken, liveBoard('Cluster wall', [await meterId(b.url, adminToken, 'M011')]));
    const created: DisplayCreated = await createDisplay(b.url, adminToken, 'Cluster wall display', { kind: 'boards', boardIds: [board.id] });
    const wall = await connect(a, created.token);
    await subscribe(wall, boardChannel(board.id));
    const [first] = wall.data.get(boardChannel(board.id)) as BoardRevision[];
    expect(first!.revision).toBe(board.revision);

    const saved = await apiData<BoardRecord>(b.url, adminToken, 'PUT', `/api/boards/${board.id}`, {
      document: liveBoard('Cluster wall, saved again', [await meterId(b.url, adminToken, 'M012')]),
      revision: board.revision,
    });
    const seen = await within(10_000, 'board save on A', () =>
      (wall.data.get(boardChannel(board.id)) as BoardRevision[]).find((revision) => revision.revision === saved.revision),
    );
    expect(seen.id).toBe(board.id);
    wall.socket.disconnect();
  });
});

describe('revocations through one process close sockets on the other', () => {
  it('a display revoked through B: its wall on A gets DISPLAY_REVOKED and is closed within 5 s', async () => {
    const board = await createBoard(a.url, adminToken, liveBoard('Revoked wall', [await meterId(a.url, adminToken, 'M011')]));
    const created = await createDisplay(a.url, adminToken, 'Revoked display', { kind: 'boards', boardIds: [board.id] });
    const wall = await connect(a, created.token);
    await subscribe(wall, DISPLAY_SELF_CHANNEL);

    expect((await callApi(b.url, 'POST', `/api/displays/${created.display.id}/revoke`, undefined, bearerHeader(adminToken))).code).toBe(0);

    const reason = await Promise.race([wall.closed, new Promise<string>((resolve) => setTimeout(() => resolve('still open after 5 s'), 5_000))]);
    expect(reason).toBe('io server disconnect');
    expect(wall.errors).toContainEqual(expect.objectContaining({ channel: DISPLAY_SELF_CHANNEL, code: ErrorCode.DISPLAY_REVOKED }));
  });

  it('a session logged out through B: its console socket on A is closed', async () => {
    const token = await login(b);
    const console = await connect(a, token);
    await subscribe(console, ALARM_COUNTS_CHANNEL);

    expect((await callApi(b.url, 'POST', '/api/auth/logout', undefined, bearerHeader(token))).code).toBe(0);

    const reason = await Promise.race([console.closed, new Promise<string>((resolve) => setTimeout(() => resolve('still open after 5 s'), 5_000))]);
    expect(reason).toBe('io server disconnect');
  });
});

describe('what several processes must agree on', () => {
  it('the login throttle counts attempts through A and B as one: the sixth wrong password for a pair is refused', async () => {
    const codes: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const server = attempt % 2 === 0 ? a : b;
      codes.push((await callApi(server.url, 'POST', '/api/auth/login', { username: 'cluster-guess', password: `wrong-${attempt}` })).code);
    }
    expect(codes).toEqual([...Array(5).fill(ErrorCode.LOGIN_FAILED), ErrorCode.TOO_MANY_ATTEMPTS]);
  });
});

describe('Redis away', () => {
  it('a process whose Redis cannot be reached starts, says so in one line, serves its own sockets and stops cleanly', async () => {
    const server = await startServer({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, REDIS_KEY_PREFIX: cluster.tag, SEED_DEMO: 'off' });
    try {
      const token = await login(server);
      const board = await createBoard(server.url, token, liveBoard('Redis away', []));
      const watcher = await connect(server, token);
      await subscribe(watcher, boardChannel(board.id));
      const saved = await apiData<BoardRecord>(server.url, token, 'PUT', `/api/boards/${board.id}`, {
        document: liveBoard('Redis away, saved', []),
        revision: board.revision,
      });
      await within(5_000, 'board save on its own process', () =>
        (watcher.data.get(boardChannel(board.id)) as BoardRevision[]).find((revision) => revision.revision === saved.revision),
      );
      // Several reconnect attempts have failed by now: still one line.
      expect(server.output().match(/Redis at redis:\/\/127\.0\.0\.1:\d+ is unreachable/g)).toHaveLength(1);
      watcher.socket.disconnect();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
