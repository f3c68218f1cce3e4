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
  userWith(username: string, menus: string[]): Promise<string>;
  close(): Promise<void>;
}

export const EDITOR_MENUS = [BOARD_CONFIG_SCREEN];

/** The smallest valid board document, with optional extra elements. */
export function boardDocument(name: string, elements: Record<string, unknown> = {}, items: unknown[] = []) {
  return { schemaVersion: 1, meta: { name, description: `${name} wall` }, elements, layout: { kind: 'grid', spec: { items } } };
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
    async userWith(username, menus) {
      const password = 'Passw0rd!boards';
      const id = await insertSubUserRow(db, { username, password });
      const role = await db.insertInto('roles').values({ name: `role_${username}`, type: 1, description: '', is_default: 0, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
      const routers = menus.length ? await db.selectFrom('routers').select('id').where('fullpath', 'in', menus).execute() : [];
      if (routers.length !== menus.length) throw new Error(`unknown menu among ${menus.join(', ')}`);
      if (routers.length) await db.insertInto('role_routers').values(routers.map((router) => ({ role_id: role.id, router_id: router.id }))).execute();
      await db.insertInto('user_roles').values({ user_id: id, role_id: role.id }).execute();
      return loginAs(t.app, username, password);
    },
    close: () => t.close(),
  };
}
