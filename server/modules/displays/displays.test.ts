import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket } from 'socket.io-client';
import { ErrorCode } from '@shared/errors';
import { DISPLAY_SELF_CHANNEL, type DisplayCommand } from '@shared/board/channels';
import { BOARD_CONFIG_SCREEN, DISPLAY_TOKEN_SHAPE, type DisplayCreated, type DisplayRecord } from '@shared/schemas/boards';
import type { Refusal } from '@shared/realtime/realtimeClient';
import { SUBSCRIBE, type SubscribeAck } from '@shared/realtime/protocol';
import { displaysKit, until, type DisplaysKit } from './displaysKit.test-util';

let k: DisplaysKit;
let lobby: number;
let hall: number;
let gone: number;
beforeAll(async () => {
  k = await displaysKit();
  lobby = await k.board('Lobby overview');
  hall = await k.board('Hall A alarms');
  gone = await k.board('Deleted later');
});
afterAll(() => k.close());

const heartbeat = { boardId: null, playlistId: null, width: 1920, height: 1080, version: 'dev', heapMb: 42, uptimeSeconds: 10 };

async function create(name: string, scope: unknown, token = k.adminToken, headers: Record<string, string> = {}): Promise<DisplayCreated> {
  const { status, body } = await k.call('POST', '/api/displays', token, { name, scope }, headers);
  if (status !== 200) throw new Error(`create failed: ${body.message}`);
  return body.data as DisplayCreated;
}
const list = async (): Promise<DisplayRecord[]> => (await k.call('GET', '/api/displays', k.adminToken)).body.data;
const listed = async (id: number): Promise<DisplayRecord> => (await list()).find((display) => display.id === id)!;

describe('creating a display token', () => {
  it('answers the record, the token once and the wall link; stores only the hash', async () => {
    const before = Date.now();
    const created = await create('Control room left', { kind: 'boards', boardIds: [hall, lobby, hall] }, k.adminToken, {
      host: 'energy.example:8443',
      'x-forwarded-proto': 'https',
    });
    expect(created.token).toMatch(DISPLAY_TOKEN_SHAPE);
    expect(created.link).toBe(`https://energy.example:8443/dash/${hall}?access_token=${created.token}`);
    expect(created.display).toMatchObject({
      name: 'Control room left',
      scope: { kind: 'boards', boardIds: [hall, lobby] },
      createdBy: 'admin',
      revokedAt: null,
      lastSeenAt: null,
      boardId: null,
      boardName: null,
      resolution: null,
      version: null,
      online: false,
      pinnedBoardId: null,
    });
    expect(created.display.createdAt).toBeGreaterThanOrEqual(before);
    const row = await k.t.app.storage.db.selectFrom('displays').selectAll().where('id', '=', created.display.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));
  });

  it('links a playlist display to the playlist', async () => {
    const playlistId = await k.playlist('Night rotation', [{ boardId: lobby, seconds: 30 }]);
    const created = await create('Lobby', { kind: 'playlist', playlistId });
    expect(created.link).toBe(`http://localhost:80/dash/playlist/${playlistId}?access_token=${created.token}`);
  });

  it('says which field is wrong', async () => {
    const fail = async (payload: unknown) => {
      const { status, body } = await k.call('POST', '/api/displays', k.adminToken, payload);
      return { status, code: body.code, message: body.message };
    };
    const bad = (message: string) => ({ status: 400, code: ErrorCode.VALIDATION_FAILED, message });
    expect(await fail({ name: ' ', scope: { kind: 'boards', boardIds: [lobby] } })).toEqual(bad('body.name: Please enter the display name'));
    expect(await fail({ name: 'x'.repeat(81), scope: { kind: 'boards', boardIds: [lobby] } })).toEqual(bad('body.name: At most 80 characters'));
    expect(await fail({ name: 'Wall', scope: { kind: 'boards', boardIds: [] } })).toEqual(bad('body.scope.boardIds: Choose at least one board'));
    expect(await fail({ name: 'Wall', scope: { kind: 'boards', boardIds: [lobby, 99999] } })).toEqual(bad('scope.boardIds.1: board 99999 does not exist'));
    expect(await fail({ name: 'Wall', scope: { kind: 'playlist', playlistId: 99999 } })).toEqual(bad('scope.playlistId: playlist 99999 does not exist'));
    expect(await k.t.app.storage.db.selectFrom('displays').select('id').where('name', '=', 'Wall').execute()).toEqual([]);
  });
});

describe('a display token', () => {
  it('opens its kiosk session with the boards that still exist', async () => {
    const created = await create('Hall wall', { kind: 'boards', boardIds: [gone, hall] });
    await k.t.app.storage.db.deleteFrom('boards').where('id', '=', gone).execute();
    const before = Date.now();
    const { status, body, headers } = await k.call('GET', '/api/kiosk/session', created.token);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      version: 'dev',
      serverTime: body.data.serverTime,
      kind: 'display',
      displayId: created.display.id,
      name: 'Hall wall',
      scope: { kind: 'boards', boardIds: [gone, hall] },
      boardIds: [hall],
      playlist: null,
      pinnedBoardId: null,
    });
    expect(body.data.serverTime).toBeGreaterThanOrEqual(before);
    expect(headers['x-new-token']).toBeUndefined();
  });

  it('gets its playlist with entries limited to existing boards', async () => {
    const playlistId = await k.playlist('Day rotation', [
      { boardId: hall, seconds: 20 },
      { boardId: gone, seconds: 10 },
      { boardId: lobby, seconds: 60 },
    ]);
    const created = await create('Entrance', { kind: 'playlist', playlistId });
    const { body } = await k.call('GET', '/api/kiosk/session', created.token);
    expect(body.data).toMatchObject({
      kind: 'display',
      scope: { kind: 'playlist', playlistId },
      boardIds: [hall, lobby],
      playlist: {
        id: playlistId,
        name: 'Day rotation',
        entries: [
          { boardId: hall, seconds: 20 },
          { boardId: lobby, seconds: 60 },
        ],
        updatedAt: 1000,
      },
    });
  });

  it('is read-only: every route without displays: true is FORBIDDEN', async () => {
    const { token } = await create('Read only', { kind: 'boards', boardIds: [lobby] });
    const forbidden = { code: ErrorCode.FORBIDDEN, data: null, message: 'You do not have permission to do this' };
    for (const [method, path, payload] of [
      ['GET', '/api/users/info', undefined],
      ['GET', '/api/displays', undefined],
      ['POST', '/api/displays', { name: 'Sneaky', scope: { kind: 'boards', boardIds: [lobby] } }],
      ['GET', '/api/alarm-records', undefined],
      ['POST', '/api/auth/logout', {}],
    ] as const) {
      const response = await k.call(method, path, token, payload);
      expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 403, body: forbidden });
    }
    // Still good afterwards (the logout attempt did nothing to it).
    expect((await k.call('GET', '/api/kiosk/session', token)).status).toBe(200);
  });

  it('is refused when unknown or malformed', async () => {
    for (const token of ['dsp_' + 'A'.repeat(43), 'dsp_short']) {
      const { status, body } = await k.call('GET', '/api/kiosk/session', token);
      expect({ status, code: body.code, message: body.message }).toEqual({
        status: 401,
        code: ErrorCode.TOKEN_INVALID,
        message: 'Invalid token, please log in again',
      });
    }
  });

  it('follows its owner: disabled → ACCOUNT_DISABLED, deleted → DISPLAY_REVOKED', async () => {
    // A sub-user of admin: its wall shows the admin's boards, which are in its tree.
    const owner = await k.userWith('wallkeeper', [BOARD_CONFIG_SCREEN], await k.adminId());
    const { token } = await create('Owned wall', { kind: 'boards', boardIds: [lobby] }, owner.token);
    expect((await k.call('GET', '/api/kiosk/session', token)).status).toBe(200);
    const { db } = k.t.app.storage;
    await db.updateTable('users').set({ status: 0 }).where('id', '=', owner.id).execute();
    const disabled = await k.call('GET', '/api/kiosk/session', token);
    expect({ status: disabled.status, code: disabled.body.code }).toEqual({ status: 403, code: ErrorCode.ACCOUNT_DISABLED });
    await db.deleteFrom('user_roles').where('user_id', '=', owner.id).execute();
    await db.deleteFrom('sessions').where('user_id', '=', owner.id).execute();
    await db.deleteFrom('users').where('id', '=', owner.id).execute();
    const orphan = await k.call('GET', '/api/kiosk/session', token);
    expect({ status: orphan.status, code: orphan.body.code, message: orphan.body.message }).toEqual({
      status: 401,
      code: ErrorCode.DISPLAY_REVOKED,
      message: 'This display has been revoked',
    });
  });
});

describe('heartbeats and the display list', () => {
  it('records what the wall reports and shows it online while a socket is connected', async () => {
    const created = await create('Video wall', { kind: 'boards', boardIds: [lobby, hall] });
    const before = Date.now();
    const ack = await k.call('POST', '/api/kiosk/heartbeat', created.token, {
      ...heartbeat,
      boardId: hall,
      width: 3840,
      height: 2160,
      version: 'a1b2c3d4e5f6',
    });
    expect(ack.body).toEqual({ code: 0, data: { version: 'dev', pinnedBoardId: null }, message: 'ok' });
    let record = await listed(created.display.id);
    expect(record).toMatchObject({ boardId: hall, boardName: 'Hall A alarms', resolution: '3840×2160', version: 'a1b2c3d4e5f6', online: false });
    expect(record.lastSeenAt).toBeGreaterThanOrEqual(before);

    const client = k.client(created.token);
    await until(() => client.connected);
    expect((await listed(created.display.id)).online).toBe(true);
    client.close();
    const deadline = Date.now() + 5000;
    while ((record = await listed(created.display.id)).online && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(record.online).toBe(false);
  });

  it('answers a signed-in user without recording anything', async () => {
    const ack = await k.call('POST', '/api/kiosk/heartbeat', k.adminToken, heartbeat);
    expect(ack.body.data).toEqual({ version: 'dev', pinnedBoardId: null });
    const session = await k.call('GET', '/api/kiosk/session', k.adminToken);
    expect(session.body.data).toEqual({ version: 'dev', serverTime: session.body.data.serverTime, kind: 'user', username: 'admin' });
  });

  it('refuses a heartbeat that is out of range', async () => {
    const { token } = await create('Tiny', { kind: 'boards', boardIds: [lobby] });
    const { status, body } = await k.call('POST', '/api/kiosk/heartbeat', token, { ...heartbeat, width: 0 });
    expect({ status, code: body.code, message: body.message }).toEqual({
      status: 400,
      code: ErrorCode.VALIDATION_FAILED,
      message: 'body.width: Too small: expected number to be >=1',
    });
  });

  it('lists newest first', async () => {
    const first = await create('Older', { kind: 'boards', boardIds: [lobby] });
    const second = await create('Newer', { kind: 'boards', boardIds: [lobby] });
    const ids = (await list()).map((display) => display.id);
    expect(ids.indexOf(second.display.id)).toBeLessThan(ids.indexOf(first.display.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('remote control over display:self', () => {
  it('pins, releases and reloads the wall', async () => {
    const created = await create('Switchable', { kind: 'boards', boardIds: [lobby, hall] });
    const id = created.display.id;
    const client = k.client(created.token);
    const received: DisplayCommand[] = [];
    client.subscribe<DisplayCommand>(DISPLAY_SELF_CHANNEL, (command) => received.push(command));
    await until(() => client.connected);
    await new Promise((resolve) => setTimeout(resolve, 100)); // subscribed: nothing pinned, no snapshot
    expect(received).toEqual([]);

    const shown = await k.call('POST', `/api/displays/${id}/show`, k.adminToken, { boardId: hall });
    expect(shown.body.data).toMatchObject({ id, pinnedBoardId: hall, online: true });
    await until(() => received.length === 1);
    expect(received).toEqual([{ kind: 'show', boardId: hall }]);
    expect((await k.call('POST', '/api/kiosk/heartbeat', created.token, heartbeat)).body.data).toEqual({ version: 'dev', pinnedBoardId: hall });
    expect((await k.call('GET', '/api/kiosk/session', created.token)).body.data.pinnedBoardId).toBe(hall);

    // A wall that (re)subscribes gets the pin as its snapshot.
    const late = k.client(created.token);
    const lateReceived: DisplayCommand[] = [];
    late.subscribe<DisplayCommand>(DISPLAY_SELF_CHANNEL, (command) => lateReceived.push(command));
    await until(() => lateReceived.length === 1);
    expect(lateReceived).toEqual([{ kind: 'show', boardId: hall }]);

    await k.call('POST', `/api/displays/${id}/show`, k.adminToken, { boardId: null });
    await k.call('POST', `/api/displays/${id}/reload`, k.adminToken);
    await until(() => received.length === 3);
    expect(received.slice(1)).toEqual([{ kind: 'release' }, { kind: 'reload' }]);
    expect((await listed(id)).pinnedBoardId).toBeNull();
  });

  it('refuses a board outside the display and an unknown display', async () => {
    const created = await create('Narrow', { kind: 'boards', boardIds: [lobby] });
    const outside = await k.call('POST', `/api/displays/${created.display.id}/show`, k.adminToken, { boardId: hall });
    expect({ status: outside.status, code: outside.body.code, message: outside.body.message }).toEqual({
      status: 400,
      code: ErrorCode.VALIDATION_FAILED,
      message: `boardId: board ${hall} is not among this display's boards`,
    });
    for (const path of ['/api/displays/99999/show', '/api/displays/99999/reload', '/api/displays/99999/revoke']) {
      const missing = await k.call('POST', path, k.adminToken, { boardId: null });
      expect({ status: missing.status, code: missing.body.code, message: missing.body.message }).toEqual({
        status: 404,
        code: ErrorCode.NOT_FOUND,
        message: 'Display 99999 was not found',
      });
    }
  });

  it('refuses display:self to a user token', async () => {
    const socket = connectSocket(k.url, { query: { token: k.adminToken }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      const ack = await new Promise<SubscribeAck>((resolve) => socket.emit(SUBSCRIBE, { channel: DISPLAY_SELF_CHANNEL }, resolve));
      expect(ack).toEqual({ ok: false, message: 'display:self is for display tokens only' });
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });
});

describe('revoking', () => {
  it('blanks a connected wall within 5 s and refuses the token afterwards', async () => {
    const created = await create('To revoke', { kind: 'boards', boardIds: [lobby] });
    const refusals: Refusal[] = [];
    const client = k.client(created.token, refusals);
    client.subscribe(DISPLAY_SELF_CHANNEL, () => undefined);
    await until(() => client.connected);

    const started = Date.now();
    const revoked = await k.call('POST', `/api/displays/${created.display.id}/revoke`, k.adminToken);
    await until(() => refusals.length > 0);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(5000);
    expect(refusals).toEqual([{ code: ErrorCode.DISPLAY_REVOKED, message: 'This display has been revoked' }]);
    expect(client.isClosed).toBe(true);
    expect(revoked.body.data.revokedAt).toBeGreaterThanOrEqual(started);
    expect(revoked.body.data.online).toBe(false);

    const next = await k.call('GET', '/api/kiosk/session', created.token);
    expect({ status: next.status, code: next.body.code, message: next.body.message }).toEqual({
      status: 401,
      code: ErrorCode.DISPLAY_REVOKED,
      message: 'This display has been revoked',
    });
    const again: Refusal[] = [];
    k.client(created.token, again);
    await until(() => again.length > 0);
    expect(again).toEqual([{ code: ErrorCode.DISPLAY_REVOKED, message: 'This display has been revoked' }]);
    // Revoking again keeps the first time.
    const twice = await k.call('POST', `/api/displays/${created.display.id}/revoke`, k.adminToken);
    expect(twice.body.data.revokedAt).toBe(revoked.body.data.revokedAt);
  });

  it('deleting revokes first, then the token is unknown', async () => {
    const created = await create('To delete', { kind: 'boards', boardIds: [lobby] });
    const refusals: Refusal[] = [];
    const client = k.client(created.token, refusals);
    await until(() => client.connected);
    const deleted = await k.call('DELETE', `/api/displays/${created.display.id}`, k.adminToken);
    expect(deleted.body).toEqual({ code: 0, data: null, message: 'ok' });
    await until(() => refusals.length > 0);
    expect(refusals).toEqual([{ code: ErrorCode.DISPLAY_REVOKED, message: 'This display has been revoked' }]);
    expect((await list()).some((display) => display.id === created.display.id)).toBe(false);
    const next = await k.call('GET', '/api/kiosk/session', created.token);
    expect({ status: next.status, code: next.body.code }).toEqual({ status: 401, code: ErrorCode.TOKEN_INVALID });
  });
});

describe('who manages displays', () => {
  it(`needs ${BOARD_CONFIG_SCREEN}`, async () => {
    // Both in the admin's tree, which owns the boards: only the screen tells them apart.
    const outsider = await k.userWith('operator', ['/alerts/devices'], await k.adminId());
    const created = await create('Managed', { kind: 'boards', boardIds: [lobby] });
    const id = created.display.id;
    for (const [method, path, payload] of [
      ['GET', '/api/displays', undefined],
      ['POST', '/api/displays', { name: 'Mine', scope: { kind: 'boards', boardIds: [lobby] } }],
      ['POST', `/api/displays/${id}/revoke`, undefined],
      ['POST', `/api/displays/${id}/show`, { boardId: null }],
      ['POST', `/api/displays/${id}/reload`, undefined],
      ['DELETE', `/api/displays/${id}`, undefined],
    ] as const) {
      const response = await k.call(method, path, outsider.token, payload);
      expect({ path, method, status: response.status, code: response.body.code }).toEqual({ path, method, status: 403, code: ErrorCode.FORBIDDEN });
    }
    expect((await listed(id)).revokedAt).toBeNull();
    // The kiosk calls are any signed-in user's.
    expect((await k.call('GET', '/api/kiosk/session', outsider.token)).body.data).toMatchObject({ kind: 'user', username: 'operator' });

    const manager = await k.userWith('screens', [BOARD_CONFIG_SCREEN], await k.adminId());
    expect((await k.call('GET', '/api/displays', manager.token)).status).toBe(200);
    const own = await create('Screens wall', { kind: 'boards', boardIds: [lobby] }, manager.token);
    expect(own.display.createdBy).toBe('screens');
  });
});
