import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import type { AccountUpdate, UserInfo, RoleRef } from '@shared/schemas';

export type UserRow = Selectable<UsersTable>;

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The connection, for rules that read users beside other tables (server/tenancy). */
  get database(): Kysely<Database> {
    return this.db;
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async updateAccount(id: number, fields: AccountUpdate): Promise<UserRow> {
    await this.db
      .updateTable('users')
      .set({
        true_name: fields.trueName,
        ...(fields.avatar !== undefined ? { avatar: fields.avatar } : {}),
        ...(fields.introduction !== undefined ? { introduction: fields.introduction } : {}),
        updated_at: Date.now(),
      })
      .where('id', '=', id)
      .execute();
    const row = await this.findById(id);
    if (!row) throw new Error(`user ${id} vanished during update`);
    return row;
  }

  roles(userId: number): Promise<RoleRef[]> {
    return this.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['roles.id as _id', 'roles.name as name'])
      .where('user_roles.user_id', '=', userId)
      .orderBy('roles.id')
      .execute();
  }

  /**
   * Permission keys of the menu and button entries the user's roles grant (spec §6). A seeded entry's key is
   * the product's full path, which is what routes name in `{ permission }`; the menu editor can rename or
   * move an entry but never change its key, so no edit changes what a route lets through.
   */
  async permittedPaths(userId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_roles')
      .innerJoin('role_routers', 'role_routers.role_id', 'user_roles.role_id')
      .innerJoin('routers', 'routers.id', 'role_routers.router_id')
      .select('routers.perm_key')
      .distinct()
      .where('user_roles.user_id', '=', userId)
      .execute();
    return rows.map((r) => r.perm_key);
  }

  /** Spec §6: a user named admin is forced to the admin role; no roles means guest. */
  async effectiveRoles(user: UserRow): Promise<RoleRef[]> {
    const roles = await this.roles(user.id);
    if (user.username === 'admin' && !roles.some((r) => r.name === 'admin')) {
      const admin = await this.db.selectFrom('roles').select(['id as _id', 'name']).where('name', '=', 'admin').executeTakeFirst();
      return admin ? [admin, ...roles] : roles;
    }
    return roles;
  }

  /** `roles` may be handed in when the caller has them already (the auth context does). */
  async info(user: UserRow, roles?: RoleRef[]): Promise<UserInfo> {
    return {
      _id: user.id,
      username: user.username,
      trueName: user.true_name,
      email: user.email,
      avatar: user.avatar,
      introduction: user.introduction,
      father: user.father_id,
      roles: roles ?? (await this.effectiveRoles(user)),
      status: user.status === 1,
      type: user.type,
    };
  }
}

/** Spec §6: admin if any role is named "admin". */
export function isAdminRoleSet(roles: readonly { name: string }[]): boolean {
  return roles.some((role) => role.name === 'admin');
}

/** Spec §4: a sub-user (type 1) with status false is disabled. */
export function isDisabled(user: Pick<UserRow, 'status' | 'type'>): boolean {
  return user.status !== 1 && user.type === 1;
}
