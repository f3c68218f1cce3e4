import type { FastifyInstance, InjectOptions } from 'fastify';
import { hashPassword } from '@server/auth/passwords';
import { bearer, loginAs } from './testApp';
import { insertSubUserRow } from './users';

/** One password for every tree user of a test file: argon2id is slow by design, so it is hashed once. */
export const TREE_PASSWORD = 'Tree!pass123';
let treeHash: Promise<string> | undefined;

export interface TreeUser {
  id: number;
  username: string;
  token: string;
}

/**
 * A signed-in user holding exactly `menus` (menu and button full paths) through a role of its own.
 * With no `fatherId` it is a top-level account (type 0) under admin, the root of a tree of its own;
 * with a `fatherId` it is a sub-user (type 1) in that user's tree.
 */
export async function treeUser(app: FastifyInstance, username: string, menus: readonly string[], fatherId?: number): Promise<TreeUser> {
  const db = app.storage.db;
  const now = Date.now();
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  // Under admin: a top-level account (type 0), the root of a tree of its own; below it: a sub-user.
  const passwordHash = await (treeHash ??= hashPassword(TREE_PASSWORD));
  const userId = await insertSubUserRow(db, {
    username,
    password: TREE_PASSWORD,
    passwordHash,
    fatherId: fatherId ?? admin.id,
    type: fatherId === undefined ? 0 : 1,
  });
  const role = await db
    .insertInto('roles')
    .values({ name: `role_${username}`, type: 1, description: '', is_default: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const routers = menus.length
    ? await db
        .selectFrom('routers')
        .select(['id', 'fullpath'])
        .where('fullpath', 'in', [...menus])
        .execute()
    : [];
  const missing = menus.filter((path) => !routers.some((r) => r.fullpath === path));
  if (missing.length) throw new Error(`no menu entry ${missing.join(', ')}`);
  if (routers.length)
    await db
      .insertInto('role_routers')
      .values(routers.map((r) => ({ role_id: role.id, router_id: r.id })))
      .execute();
  await db.insertInto('user_roles').values({ user_id: userId, role_id: role.id }).execute();
  return { id: userId, username, token: await loginAs(app, username, TREE_PASSWORD) };
}

export interface TwoTrees {
  /** Top-level account of tree A, its sub-user with the same menus, and the top-level account of tree B. */
  alpha: TreeUser;
  alphaSub: TreeUser;
  beta: TreeUser;
}

/** Trees A and B whose users all hold `menus`. */
export async function twoTrees(app: FastifyInstance, menus: readonly string[]): Promise<TwoTrees> {
  const alpha = await treeUser(app, 'alpha_top', menus);
  const alphaSub = await treeUser(app, 'alpha_sub', menus, alpha.id);
  const beta = await treeUser(app, 'beta_top', menus);
  return { alpha, alphaSub, beta };
}

/** An inject call as `token` (null: no token), answering status and parsed body. */
export async function callAs(
  app: FastifyInstance,
  token: string | null,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body };
}
