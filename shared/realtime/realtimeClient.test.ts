import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Server, type Socket } from 'socket.io';
import { ErrorCode } from '../errors/codes';
import { RealtimeClient, type Refusal } from './realtimeClient';
import type { SubscribeAck, SubscribeRequest } from './protocol';

/**
 * A bare socket.io server standing in for the hub: it accepts the token "good", records what the
 * client subscribes to, and answers alarms:new with cursor 40.
 */
let http: HttpServer;
let io: Server;
let url: string;
let requests: string[];
let sockets: Socket[];
const clients: RealtimeClient[] = [];

beforeEach(async () => {
  requests = [];
  sockets = [];
  http = createServer();
  io = new Server(http);
  io.use((socket, next) => {
    if (socket.handshake.query.token === 'good') return next();
    const refusal = new Error('Invalid token, please log in again') as Error & { data: unknown };
    refusal.data = { code: ErrorCode.TOKEN_INVALID, message: 'Invalid token, please log in again' };
    next(refusal);
  });
  io.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('subscribe', (request: SubscribeRequest, ack: (answer: SubscribeAck) => void) => {
      requests.push(`subscribe ${request.channel}${request.afterId === undefined ? '' : ` after ${request.afterId}`}`);
      ack(request.channel === 'alarms:new' ? { ok: true, cursor: 40 } : { ok: true });
    });
    socket.on('unsubscribe', (request: { channel: string }) => requests.push(`unsubscribe ${request.channel}`));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await new Promise<void>((resolve) => io.close(() => resolve()));
});

function client(token = 'good', onRefused?: (refusal: Refusal) => void): RealtimeClient {
  const created = new RealtimeClient({
    url,
    token,
    ...(onRefused ? { onRefused } : {}),
    socket: { transports: ['websocket'], reconnectionDelay: 20, reconnectionDelayMax: 50 },
  });
  clients.push(created);
  return created;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('RealtimeClient', () => {
  it('closes and reports the code when the server refuses the token', async () => {
    const refusals: Refusal[] = [];
    const refused = client('stale', (refusal) => refusals.push(refusal));
    await until(() => refusals.length > 0, 'the refusal');
    expect(refusals).toEqual([{ code: ErrorCode.TOKEN_INVALID, message: 'Invalid token, please log in again' }]);
    expect(refused.isClosed).toBe(true);
  });

  it('subscribes a channel once however many subscribers share it, and unsubscribes after the last', async () => {
    const realtime = client();
    const first: unknown[] = [];
    const second: unknown[] = [];
    const stopFirst = realtime.subscribe('alarms:counts', (data) => first.push(data));
    const stopSecond = realtime.subscribe('alarms:counts', (data) => second.push(data));
    await until(() => requests.length === 1, 'the subscribe');
    sockets[0]!.emit('channel:data', { channel: 'alarms:counts', data: { total: 3 } });
    sockets[0]!.emit('channel:data', { channel: 'meter:1:latest', data: { ts: 1 } });
    await until(() => second.length === 1, 'the data');
    expect(first).toEqual([{ total: 3 }]);
    stopFirst();
    stopFirst(); // a disposer runs once
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual(['subscribe alarms:counts']);
    stopSecond();
    await until(() => requests.length === 2, 'the unsubscribe');
    expect(requests).toEqual(['subscribe alarms:counts', 'unsubscribe alarms:counts']);
  });

  it('resubscribes after a reconnect, passing the last alarm id it saw', async () => {
    const realtime = client();
    const records: { id: number }[] = [];
    realtime.subscribe<{ id: number }>('alarms:new', (record) => records.push(record));
    realtime.subscribe('alarms:counts', () => undefined);
    await until(() => requests.length === 2, 'both subscribes');
    // The connection drops before any alarm arrived: the ack's cursor (40) is where to resume.
    sockets[0]!.conn.close();
    await until(() => requests.length === 4, 'the resubscribes');
    expect(requests.slice(2).sort()).toEqual(['subscribe alarms:counts', 'subscribe alarms:new after 40']);

    sockets[1]!.emit('channel:data', { channel: 'alarms:new', data: { id: 41 } });
    sockets[1]!.emit('channel:data', { channel: 'alarms:new', data: { id: 43 } });
    await until(() => records.length === 2, 'two alarms');
    sockets[1]!.conn.close();
    await until(() => requests.length === 6, 'the second resubscribes');
    expect(requests.slice(4).sort()).toEqual(['subscribe alarms:counts', 'subscribe alarms:new after 43']);
    expect(realtime.isClosed).toBe(false);
  });

  it('closes when the server ends the session (logout elsewhere)', async () => {
    const refusals: Refusal[] = [];
    const realtime = client('good', (refusal) => refusals.push(refusal));
    await until(() => realtime.connected, 'the connection');
    sockets[0]!.disconnect(true);
    await until(() => refusals.length === 1, 'the refusal');
    expect(refusals[0]!.code).toBe(ErrorCode.TOKEN_REVOKED);
    expect(realtime.isClosed).toBe(true);
  });

  it('uses a renewed token when it reconnects', async () => {
    const refusals: Refusal[] = [];
    const realtime = client('good', (refusal) => refusals.push(refusal));
    await until(() => realtime.connected, 'the connection');
    // The server only knows "good": a reconnect with the renewed token is refused, which shows it was sent.
    realtime.setToken('renewed');
    sockets[0]!.conn.close();
    await until(() => refusals.length === 1, 'the refusal of the renewed token');
    expect(refusals[0]!.code).toBe(ErrorCode.TOKEN_INVALID);
  });
});
