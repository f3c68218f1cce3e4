import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/** Users, roles, menus, sessions, login throttling and the bare organisation (departments, gateways, meters). */
export function foundation(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('users'), kind)
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('true_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('father_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('cloud_type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('roles'), kind)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
        .execute();

      await withId(db.schema.createTable('routers'), kind)
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('fullpath', 'text', (c) => c.notNull().unique())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('parent_id', 'integer', (c) => c.references('routers.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull().defaultTo('menu'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('icon', 'text')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('no_role', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('role_routers')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addColumn('router_id', 'integer', (c) => c.notNull().references('routers.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('role_routers_pk', ['role_id', 'router_id'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('visit_source', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('login_throttle')
        .addColumn('username', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .execute();

      await withId(db.schema.createTable('departments'), kind)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('parent_id', 'integer', (c) => c.references('departments.id').onDelete('cascade'))
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await withId(db.schema.createTable('gateways'), kind)
        .addColumn('sn', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_seen_at', 'bigint')
        .execute();

      await withId(db.schema.createTable('meters'), kind)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('gateway_id', 'integer', (c) => c.references('gateways.id').onDelete('set null'))
        .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
        .addColumn('energy_type', 'text', (c) => c.notNull().defaultTo('electricity'))
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo('kWh'))
        .addColumn('ct_ratio', 'double precision', (c) => c.notNull().defaultTo(1))
        .addColumn('pt_ratio', 'double precision', (c) => c.notNull().defaultTo(1))
        .addColumn('register_max', 'double precision', (c) => c.notNull().defaultTo(99999999))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['meters', 'gateways', 'departments', 'login_throttle', 'sessions', 'role_routers', 'routers', 'user_roles', 'roles', 'users']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
