import type { InjectOptions } from 'fastify';
import { RealtimeClient, type Refusal } from '@shared/realtime/realtimeClient';
import { createTestApp, loginAs, bearer, type TestApp } from '@tests/support/testApp';
import { insertSubUserRow } from '@tests/support/users';

/** A listening test app (sockets need a port) with boards and playlists put straight into their tables. */
export interface DisplaysKit {
  t: TestApp;
  url: string;
  adminToken: string;
  call(
    method: InjectOptions['method'],
    path: string,
    token: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** Straight into the table, owned by `owner` (the built-in admin, user 1, unless given). */
  board(name: string, owner?: number): Promise<number>;
  playlist(name: string, entries: { boardId: number; seconds: number }[], owner?: number): Promise<number>;
  /**
   * A sub-user whose own role grants exactly these menu paths; answers its id and token. With no `fatherId` it has
   * no father and is a tree of its own; under the built-in admin (`adminId()`) it works on the admin's tree.
   */
  userWith(username: string, menus: string[], fatherId?: number | null): Promise<{ id: number; token: string }>;
  /** The built-in admin's id: the owner of the boards and playlists `board` and `playlist` make by default. */
  adminId(): Promise<number>;
  client(token: string, refusals?: Refusal[]): RealtimeClient;
  close(): Promise<void>;
}

export async function displaysKit(): Promise<DisplaysKit> {
  // The wall link is built from X-Forwarded-Proto/-Host: these tests stand behind a proxy (TRUST_PROXY).
  const t = await createTestApp({ trustProxy: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  const adminToken = await loginAs(t.app);
  const { db } = t.app.storage;
  const clients: RealtimeClient[] = [];
  return {
    t,
    url,
    adminToken,
    async call(method, path, token, payload, headers = {}) {
      const response = await t.app.inject({
        method,
        url: path,
        headers: { ...bearer(token), ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { status: response.statusCode, body: response.json(), headers: response.headers };
    },
    async board(name, owner = 1) {
      const now = Date.now();
      const row = await db
        .insertInto('boards')
        .values({
          name,
          description: '',
          document: '{}',
          revision: 1,
          sample_key: null,
          created_at: now,
          updated_at: now,
          updated_by: 'admin',
          owner_user_id: owner,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async playlist(name, entries, owner = 1) {
      const row = await db
        .insertInto('playlists')
        .values({ name, entries: JSON.stringify(entries), updated_at: 1000, owner_user_id: owner })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async userWith(username, menus, fatherId = null) {
      const password = 'Passw0rd!display';
      const id = await insertSubUserRow(db, { username, password, fatherId });
      const role = await db
        .insertInto('roles')
        .values({ name: `role_${username}`, type: 1, description: '', is_default: 0, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const routers = menus.length ? await db.selectFrom('routers').select('id').where('fullpath', 'in', menus).execute() : [];
      if (routers.length !== menus.length) throw new Error(`unknown menu among ${menus.join(', ')}`);
      if (routers.length)
        await db
          .insertInto('role_routers')
          .values(routers.map((router) => ({ role_id: role.id, router_id: router.id })))
          .execute();
      await db.insertInto('user_roles').values({ user_id: id, role_id: role.id }).execute();
      return { id, token: await loginAs(t.app, username, password) };
    },
    async adminId() {
      return (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    },
    client(token, refusals = []) {
      const client = new RealtimeClient({
        url,
        token,
        onRefused: (refusal) => refusals.push(refusal),
        socket: { transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 50 },
      });
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) client.close();
      await t.close();
    },
  };
}

/** Resolves once `check` holds, polling every 10 ms; fails after `ms`. */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
