import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardRevision } from '@shared/board/channels';
import type { ChannelError } from '@shared/realtime/protocol';
import { RealtimeClient } from '@shared/realtime/realtimeClient';
import { boardDocument, boardsKit, type BoardsKit } from '../modules/boards/boardsKit.test-util';
import type { AuthContext } from '../auth/authService';
import { BoardEvents } from '../boards/boardEvents';
import { boardChannels } from './boardChannel';
import type { ActiveRoom, ChannelProvider, ChannelPublisher } from './channelProvider';

async function until(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('board:<id> provider', () => {
  /** A hub stand-in holding the rooms in `rooms` and recording what is published. */
  function fakeHub(provider: ChannelProvider, rooms: string[]) {
    const published: { room: string; data: BoardRevision }[] = [];
    const publisher: ChannelPublisher = {
      publish: (room, _channel, data) => published.push({ room, data: data as BoardRevision }),
      activeRooms: (): ActiveRoom[] => rooms.map((room) => ({ room, channel: room, scope: { userId: null } })),
      hasRoom: (room) => rooms.includes(room),
    };
    return { published, stop: provider.start(publisher) };
  }

  it('polls the watched boards in one query and publishes only changes, a deletion once as revision 0', async () => {
    const stored = new Map<number, BoardRevision>([
      [1, { id: 1, revision: 3, updatedAt: 100 }],
      [2, { id: 2, revision: 1, updatedAt: 50 }],
    ]);
    const queries: number[][] = [];
    const events = new BoardEvents();
    const provider = boardChannels({
      maySee: async () => true,
      revisions: async (ids) => {
        queries.push([...ids]);
        return ids.flatMap((id) => (stored.has(id) ? [stored.get(id)!] : []));
      },
      onSaved: (listener) => events.on('saved', listener),
      onDeleted: (listener) => events.on('deleted', listener),
      onError: (error) => {
        throw error;
      },
      pollMs: 20,
      now: () => 999,
    });
    const hub = fakeHub(provider, ['board:1', 'board:2']);
    const auth = {} as AuthContext;
    expect(await provider.snapshot({ channel: 'board:1', auth, afterId: undefined }, { userId: null })).toEqual({
      messages: [{ id: 1, revision: 3, updatedAt: 100 }],
    });
    expect(await provider.snapshot({ channel: 'board:2', auth, afterId: undefined }, { userId: null })).toEqual({
      messages: [{ id: 2, revision: 1, updatedAt: 50 }],
    });
    queries.length = 0;
    await pause(80);
    expect(hub.published).toEqual([]);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((ids) => ids.join() === '1,2')).toBe(true);

    stored.set(1, { id: 1, revision: 4, updatedAt: 200 });
    stored.delete(2);
    await until(() => hub.published.length >= 2, 'the polled change');
    await pause(80);
    expect(hub.published).toEqual([
      { room: 'board:1', data: { id: 1, revision: 4, updatedAt: 200 } },
      { room: 'board:2', data: { id: 2, revision: 0, updatedAt: 999 } },
    ]);

    // An in-process save is published at once and not again by the poll.
    hub.published.length = 0;
    stored.set(1, { id: 1, revision: 5, updatedAt: 300 });
    events.emit('saved', { id: 1, revision: 5, updatedAt: 300 });
    expect(hub.published).toEqual([{ room: 'board:1', data: { id: 1, revision: 5, updatedAt: 300 } }]);
    events.emit('saved', { id: 9, revision: 1, updatedAt: 1 });
    await pause(80);
    expect(hub.published).toHaveLength(1);
    hub.stop();
    expect(events.listenerCount('saved')).toBe(0);
  });

  it('refuses a board the caller may not see', async () => {
    const events = new BoardEvents();
    const provider = boardChannels({
      maySee: async (_auth, boardId) => boardId === 5,
      revisions: async () => [],
      onSaved: (listener) => events.on('saved', listener),
      onDeleted: (listener) => events.on('deleted', listener),
      onError: () => undefined,
    });
    const auth = {} as AuthContext;
    await expect(provider.join({ channel: 'board:5', auth, afterId: undefined })).resolves.toEqual({ room: 'board:5', scope: { userId: null } });
    await expect(provider.join({ channel: 'board:6', auth, afterId: undefined })).rejects.toThrow('Board 6 does not exist');
    expect(provider.matches('board:0')).toBe(false);
    expect(provider.matches('board:12')).toBe(true);
  });
});

describe('board:<id> over socket.io', () => {
  let k: BoardsKit;
  let url: string;
  const clients: RealtimeClient[] = [];
  beforeAll(async () => {
    k = await boardsKit({ listen: true });
    const address = k.t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await k.close();
  });

  const connect = (token: string) => {
    const client = new RealtimeClient({ url, token, socket: { transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 50 } });
    clients.push(client);
    return client;
  };
  const watch = (client: RealtimeClient, channel: string) => {
    const received: BoardRevision[] = [];
    const errors: ChannelError[] = [];
    client.subscribe<BoardRevision>(
      channel,
      (data) => received.push(data),
      (error) => errors.push(error),
    );
    return { received, errors };
  };

  it('sends the revision, each save at once, a save by another process within 2 s, and a deletion as revision 0', async () => {
    const created = (await k.call('POST', '/api/boards', { document: boardDocument('Wall board') })).body.data;
    const wall = watch(connect(k.adminToken), `board:${created.id}`);
    await until(() => wall.received.length === 1, 'the snapshot');
    expect(wall.received[0]).toEqual({ id: created.id, revision: 1, updatedAt: created.updatedAt });

    const savedAt = Date.now();
    const saved = (await k.call('PUT', `/api/boards/${created.id}`, { document: boardDocument('Wall board v2'), revision: 1 })).body.data;
    await until(() => wall.received.length === 2, 'the save');
    expect(Date.now() - savedAt).toBeLessThan(500);
    expect(wall.received[1]).toEqual({ id: created.id, revision: 2, updatedAt: saved.updatedAt });

    // Another server process saving: only the database changes, no event in this process.
    const elsewhere = Date.now();
    await k.t.app.storage.db.updateTable('boards').set({ revision: 3, updated_at: elsewhere }).where('id', '=', created.id).execute();
    await until(() => wall.received.length === 3, 'the polled save', 2_000);
    expect(wall.received[2]).toEqual({ id: created.id, revision: 3, updatedAt: elsewhere });

    await k.call('DELETE', `/api/boards/${created.id}`);
    await until(() => wall.received.length === 4, 'the deletion');
    expect(wall.received[3]).toMatchObject({ id: created.id, revision: 0 });
    await pause(1_300);
    expect(wall.received).toHaveLength(4);
  });

  it('refuses users who may not see boards, and boards that do not exist', async () => {
    const created = (await k.call('POST', '/api/boards', { document: boardDocument('Private board') })).body.data;
    const plain = watch(connect(await k.userWith('no_boards', [])), `board:${created.id}`);
    const missing = watch(connect(k.adminToken), 'board:987654');
    await until(() => plain.errors.length === 1 && missing.errors.length === 1, 'the refusals');
    expect(plain.errors[0]).toEqual({ channel: `board:${created.id}`, message: `Board ${created.id} does not exist` });
    expect(missing.errors[0]).toEqual({ channel: 'board:987654', message: 'Board 987654 does not exist' });
    expect(plain.received).toEqual([]);
  });
});
