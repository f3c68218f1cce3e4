import type { InjectOptions } from 'fastify';
import { BOARD_CONFIG_SCREEN } from '@shared/schemas/boards';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { insertSubUserRow } from '@tests/support/users';

/** A test app with no boards (samples removed), an admin token, and users with or without the board screen. */
export interface BoardsKit {
  t: TestApp;
  adminToken: string;
  call(method: InjectOptions['method'], url: string, payload?: unknown, token?: string): Promise<{ status: number; body: any }>;
  /** A sub-user whose own role grants exactly these menu paths; answers its token. */
  userWith(username: string, menus: string[], fatherId?: number | null): Promise<string>;
  /** The id of a user by name. */
  userId(username: string): Promise<number>;
  /** Creates a board through the API (as admin unless a token is given); answers its record. */
  create(document: unknown, token?: string): Promise<any>;
  /** Some meter of the demo organisation (equipment boards name one). */
  meterId(): Promise<number>;
  close(): Promise<void>;
}

export const EDITOR_MENUS = [BOARD_CONFIG_SCREEN];

/** The smallest valid board document, with optional extra elements. */
export function boardDocument(name: string, elements: Record<string, unknown> = {}, items: unknown[] = []) {
  return { schemaVersion: 1, meta: { name, description: `${name} wall` }, elements, layout: { kind: 'grid', spec: { items } } };
}

/** The smallest board with a purpose, code or equipment meter in its meta. */
export function boardWithMeta(name: string, meta: { purpose?: string; code?: string; equipmentMeterId?: number | null }) {
  const document = boardDocument(name);
  return { ...document, meta: { ...document.meta, ...meta } };
}

export async function boardsKit(options: { listen?: boolean } = {}): Promise<BoardsKit> {
  const t = await createTestApp();
  if (options.listen) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { db } = t.app.storage;
  await db.deleteFrom('boards').execute();
  const adminToken = await loginAs(t.app);
  return {
    t,
    adminToken,
    async call(method, url, payload, token = adminToken) {
      const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
      return { status: response.statusCode, body: response.json() };
    },
    async userWith(username, menus, fatherId = null) {
      const password = 'Passw0rd!boards';
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
      return loginAs(t.app, username, password);
    },
    async userId(username) {
      return (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    },
    async create(document, token = adminToken) {
      const response = await t.app.inject({ method: 'POST', url: '/api/boards', headers: bearer(token), payload: { document } as object });
      const body = response.json();
      if (body.code !== 0) throw new Error(`create failed: ${body.message}`);
      return body.data;
    },
    async meterId() {
      return (await db.selectFrom('meters').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    },
    close: () => t.close(),
  };
}
