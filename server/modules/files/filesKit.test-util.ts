import type { InjectOptions } from 'fastify';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { insertSubUserRow } from '@tests/support/users';

export interface Reply {
  status: number;
  headers: Record<string, unknown>;
  body: any;
  raw: Buffer;
}

/** A test app with an admin token, raw-body calls (uploads) and users holding exactly the menus a test names. */
export interface FilesKit {
  t: TestApp;
  adminToken: string;
  call(method: InjectOptions['method'], url: string, options?: { payload?: unknown; headers?: Record<string, string>; token?: string | null }): Promise<Reply>;
  /** POST /api/files with the bytes and a Content-Type (image/png unless given). */
  upload(bytes: Buffer, options?: { type?: string; name?: string; token?: string | null }): Promise<Reply>;
  userWith(username: string, menus: string[]): Promise<string>;
  close(): Promise<void>;
}

export async function filesKit(): Promise<FilesKit> {
  const t = await createTestApp();
  const { db } = t.app.storage;
  const adminToken = await loginAs(t.app);
  const call: FilesKit['call'] = async (method, url, options = {}) => {
    const token = options.token === undefined ? adminToken : options.token;
    const response = await t.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as string }),
    });
    const raw = response.rawPayload;
    const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
    return { status: response.statusCode, headers: response.headers, body: isJson ? response.json() : undefined, raw };
  };
  return {
    t,
    adminToken,
    call,
    upload: (bytes, options = {}) =>
      call('POST', '/api/files', {
        payload: bytes,
        headers: { 'content-type': options.type ?? 'image/png', ...(options.name === undefined ? {} : { 'x-file-name': encodeURIComponent(options.name) }) },
        ...(options.token === undefined ? {} : { token: options.token }),
      }),
    async userWith(username, menus) {
      const password = 'Passw0rd!files';
      const id = await insertSubUserRow(db, { username, password });
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
    close: () => t.close(),
  };
}
