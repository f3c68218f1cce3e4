import { sql, type Kysely, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { RoleList, RoleRow, roleInputSchema, roleListQuerySchema } from '@shared/schemas';
import type { Database, RolesTable } from '../../db/schema';

export type RoleFields = z.infer<typeof roleInputSchema>;
export type RoleQuery = z.infer<typeof roleListQuerySchema>;
export type StoredRole = Selectable<RolesTable>;

/** Roles with their member users and granted router entries (spec §3 Role). */
export class RoleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * `tree` (null for admins): the caller's tree and its own id. Others see the roles they hold and the roles
   * whose members are all in their tree, with members listed only from their tree: role names and user ids
   * of other trees are not theirs to read.
   */
  async list(query: RoleQuery, tree: { members: ReadonlySet<number>; self: number } | null = null): Promise<RoleList> {
    let select = this.db.selectFrom('roles');
    if (tree) {
      const inTree = [...tree.members];
      const held = this.db.selectFrom('user_roles').select('role_id').where('user_id', '=', tree.self);
      const foreign = this.db
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', 'not in', inTree.length ? inTree : [-1]);
      select = select.where((eb) => eb.or([eb('id', 'in', held), eb('id', 'not in', foreign)]));
    }
    if (query.type !== undefined) select = select.where('type', '=', query.type);
    if (query.users) {
      const holding = this.db.selectFrom('user_roles').select('role_id').where('user_id', 'in', query.users);
      select = select.where('id', 'in', holding);
    }
    if (query.name) {
      // Case-insensitive on both engines; % and _ in the filter are matched literally.
      const pattern = `%${query.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      select = select.where(sql<boolean>`lower(name) like ${pattern} escape '\\'`);
    }
    const { total } = await select.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const roles = await select
      .selectAll()
      .orderBy('id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    const rows = await this.rows(roles);
    if (tree) for (const row of rows) row.users = row.users.filter((id) => tree.members.has(id));
    return { total: Number(total), rows };
  }

  find(id: number): Promise<StoredRole | undefined> {
    return this.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: readonly number[]): Promise<StoredRole[]> {
    return this.db
      .selectFrom('roles')
      .selectAll()
      .where('id', 'in', ids.length ? [...ids] : [-1])
      .execute();
  }

  async row(id: number): Promise<RoleRow | undefined> {
    const role = await this.find(id);
    return role ? (await this.rows([role]))[0] : undefined;
  }

  async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
    let query = this.db.selectFrom('roles').select('id').where('name', '=', name);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async memberIds(roleId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('user_roles').select('user_id').where('role_id', '=', roleId).orderBy('user_id').execute();
    return rows.map((r) => r.user_id);
  }

  async grantedIds(roleId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('role_routers').select('router_id').where('role_id', '=', roleId).orderBy('router_id').execute();
    return rows.map((r) => r.router_id);
  }

  /** Creates the role; `members` (when given) become its users. */
  async create(fields: RoleFields, members: readonly number[] | undefined): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const role = await trx
        .insertInto('roles')
        .values({ name: fields.name, type: fields.type, description: fields.description, is_default: 0, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (members?.length)
        await trx
          .insertInto('user_roles')
          .values(members.map((user_id) => ({ user_id, role_id: role.id })))
          .execute();
      return role.id;
    });
  }

  /** Saves the fields; `members` (when given) replaces the membership as a whole. */
  async update(id: number, fields: RoleFields, members: readonly number[] | undefined): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('roles').set({ name: fields.name, type: fields.type, description: fields.description }).where('id', '=', id).execute();
      if (!members) return;
      await trx.deleteFrom('user_roles').where('role_id', '=', id).execute();
      if (members.length)
        await trx
          .insertInto('user_roles')
          .values(members.map((user_id) => ({ user_id, role_id: id })))
          .execute();
    });
  }

  /** Replaces the role's granted router entries. */
  async replaceGrants(roleId: number, routerIds: readonly number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('role_routers').where('role_id', '=', roleId).execute();
      if (routerIds.length)
        await trx
          .insertInto('role_routers')
          .values(routerIds.map((router_id) => ({ role_id: roleId, router_id })))
          .execute();
    });
  }

  /** Memberships and grants go with the roles (foreign keys cascade). */
  async remove(ids: readonly number[]): Promise<number> {
    const result = await this.db
      .deleteFrom('roles')
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private async rows(roles: readonly StoredRole[]): Promise<RoleRow[]> {
    const ids = roles.map((r) => r.id);
    if (ids.length === 0) return [];
    const members = await this.db.selectFrom('user_roles').select(['role_id', 'user_id']).where('role_id', 'in', ids).orderBy('user_id').execute();
    const grants = await this.db.selectFrom('role_routers').select(['role_id', 'router_id']).where('role_id', 'in', ids).orderBy('router_id').execute();
    return roles.map((role) => ({
      _id: role.id,
      name: role.name,
      type: role.type,
      description: role.description,
      isDefault: role.is_default === 1,
      users: members.filter((m) => m.role_id === role.id).map((m) => m.user_id),
      routers: grants.filter((g) => g.role_id === role.id).map((g) => g.router_id),
    }));
  }
}
