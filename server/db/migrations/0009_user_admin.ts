import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * User administration: what a user may see beyond its menus (the dialog's "visible display
 * areas" and "visible data boards") and the login-page settings (/settings/loginPageSet).
 */
export function userAdmin(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('user_boards')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('board_id', 'integer', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_boards_pk', ['user_id', 'board_id'])
        .execute();
      await db.schema
        .createTable('user_display_areas')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('display_area_id', 'integer', (c) => c.notNull().references('display_areas.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_display_areas_pk', ['user_id', 'display_area_id'])
        .execute();
      await withId(db.schema.createTable('login_pages'), kind)
        .addColumn('edition', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        /** 1 = active: the login page served on `domain_name` uses this entry. */
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        /** Host name the entry applies to, lower case, no port ('' = any host without an entry of its own). */
        .addColumn('domain_name', 'text', (c) => c.notNull())
        .addColumn('template_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // One active entry per host, guarded by the database too (two concurrent saves cannot both win).
      await db.schema.createIndex('login_pages_active_domain').on('login_pages').column('domain_name').unique().where(sql.ref('state'), '=', 1).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['login_pages', 'user_display_areas', 'user_boards']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
