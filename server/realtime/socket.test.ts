import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { ErrorCode } from '@shared/errors';
import { createTestApp, loginAs, bearer, type TestApp } from '@tests/support/testApp';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  url = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

function open(query: Record<string, string>): Socket {
  const socket = connect(url, { query, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

const outcome = (socket: Socket) =>
  new Promise<{ connected: true } | { connected: false; data: { code: number; message: string } }>((resolve) => {
    socket.on('connect', () => resolve({ connected: true }));
    socket.on('connect_error', (error) => resolve({ connected: false, data: (error as Error & { data: { code: number; message: string } }).data }));
  });

describe('socket.io authentication', () => {
  it('accepts a connection with a valid token as query', async () => {
    expect(await outcome(open({ token: await loginAs(t.app) }))).toEqual({ connected: true });
  });

  it('refuses a missing or bad token with the HTTP codes', async () => {
    expect(await outcome(open({}))).toEqual({ connected: false, data: { code: ErrorCode.TOKEN_MISSING, message: 'Please log in first' } });
    const bad = await outcome(open({ token: 'garbage' }));
    expect(bad).toEqual({ connected: false, data: { code: ErrorCode.TOKEN_INVALID, message: 'Invalid token, please log in again' } });
  });

  it('closes the sockets of a session that logs out', async () => {
    const token = await loginAs(t.app);
    const socket = open({ token });
    expect(await outcome(socket)).toEqual({ connected: true });
    const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(await closed).toBe('io server disconnect');
    expect(await outcome(open({ token }))).toMatchObject({ connected: false, data: { code: ErrorCode.TOKEN_REVOKED } });
  });
});
