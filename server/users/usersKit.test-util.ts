import type { InjectOptions } from 'fastify';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { defaultRoleId, insertSubUserRow } from '@tests/support/users';
import { hashPassword } from '../auth/passwords';
import { USER_SCREEN } from '../modules/users/screens';
import { routerId } from '../modules/roles/rolesKit.test-util';

/** The user screen and every one of its buttons (spec §6 button entries). */
export const USER_ADMIN_PATHS = [USER_SCREEN, ...['add', 'edit', 'delete', 'password'].map((b) => `${USER_SCREEN}/${b}`)];
export const MEMBER_PASSWORD = 'Member!2345';
/** A password that meets every §5 rule. */
export const GOOD_PASSWORD = 'Good!pass123';

export interface Member {
  id: number;
  token: string;
  roleId: number;
}

export interface UsersKit {
  t: TestApp;
  adminId: number;
  adminToken: string;
  call(method: InjectOptions['method'], url: string, payload?: unknown, token?: string | null): Promise<{ status: number; body: any }>;
  /** A sub-user (type 1 unless told) with a role of its own granting exactly `paths`; signed in. */
  member(username: string, paths: readonly string[], options?: { fatherId?: number; type?: number }): Promise<Member>;
  /** A sub-user row with the default role and GOOD_PASSWORD, hashed once per kit (argon2id is slow by design). */
  insertUser(username: string, fatherId: number): Promise<number>;
  close(): Promise<void>;
}

/** A fresh app and helpers for signed-in members holding given menu and button entries (all seeded). */
export async function usersKit(): Promise<UsersKit> {
  const t = await createTestApp();
  const db = t.app.storage.db;
  const adminToken = await loginAs(t.app);
  const adminId = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;

  const goodHash = hashPassword(GOOD_PASSWORD);
  const defaultRole = await defaultRoleId(db);

  return {
    t,
    adminId,
    adminToken,
    async call(method, url, payload, token = adminToken) {
      const response = await t.app.inject({
        method,
        url,
        headers: token ? bearer(token) : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { status: response.statusCode, body: response.json() };
    },
    async member(username, paths, options = {}) {
      const id = await insertSubUserRow(db, { username, password: MEMBER_PASSWORD, fatherId: options.fatherId ?? adminId });
      if (options.type !== undefined) await db.updateTable('users').set({ type: options.type }).where('id', '=', id).execute();
      const role = await db
        .insertInto('roles')
        .values({ name: `role_${username}`, type: 1, description: '', is_default: 0, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const routers = await Promise.all(paths.map((path) => routerId(t.app, path)));
      if (routers.length)
        await db
          .insertInto('role_routers')
          .values(routers.map((router_id) => ({ role_id: role.id, router_id })))
          .execute();
      await db.insertInto('user_roles').values({ user_id: id, role_id: role.id }).execute();
      return { id, token: await loginAs(t.app, username, MEMBER_PASSWORD), roleId: role.id };
    },
    async insertUser(username, fatherId) {
      const now = Date.now();
      const { id } = await db
        .insertInto('users')
        .values({
          username,
          true_name: `${username} name`,
          email: `${username}@plant.test`,
          password_hash: await goodHash,
          father_id: fatherId,
          type: 1,
          status: 1,
          cloud_type: 1,
          avatar: '',
          introduction: '',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('user_roles').values({ user_id: id, role_id: defaultRole }).execute();
      return id;
    },
    close: () => t.close(),
  };
}

/** A complete create body; `overrides` replace fields. */
export function newUser(username: string, overrides: Record<string, unknown> = {}) {
  return { username, trueName: `${username} name`, email: `${username}@plant.test`, password: GOOD_PASSWORD, repeatPassword: GOOD_PASSWORD, ...overrides };
}

/** A complete update body for a stored row; `overrides` replace fields. */
export function editOf(
  row: {
    trueName: string;
    pushEmails: string[];
    pushPhones: string[];
    mqttRole: string;
    mqttUsername: string | null;
    smsCount: number;
    boardIds: number[];
    displayAreaIds: number[];
  },
  overrides: Record<string, unknown> = {},
) {
  const { trueName, pushEmails, pushPhones, mqttRole, mqttUsername, smsCount, boardIds, displayAreaIds } = row;
  return { trueName, pushEmails, pushPhones, mqttRole, mqttUsername, smsCount, boardIds, displayAreaIds, ...overrides };
}
