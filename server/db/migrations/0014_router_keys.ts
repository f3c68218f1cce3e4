import { sql, type Kysely } from 'kysely';

/**
 * Stable permission keys for menu entries. Routes check permissions against `perm_key`, which the menu
 * editor never changes, so renaming or moving an entry no longer changes what it grants. Existing rows
 * keep what they granted: their key is their full path at the time of this migration.
 */
export function routerKeys() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('routers')
        .addColumn('perm_key', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db
        .updateTable('routers')
        .set({ perm_key: sql.ref('fullpath') })
        .execute();
      await db.schema.createIndex('routers_perm_key_unique').on('routers').column('perm_key').unique().execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropIndex('routers_perm_key_unique').ifExists().execute();
      await db.schema.alterTable('routers').dropColumn('perm_key').execute();
    },
  };
}
