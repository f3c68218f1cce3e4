import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';

/** Tables that get an owner in this migration (gateways and displays had one from the start). */
const NEW_OWNER_TABLES = [
  'meters',
  'departments',
  'subitems',
  'tags',
  'alarm_rules',
  'playlists',
  'boards',
  'sprites',
  'files',
  'push_tasks',
  'push_templates',
  'interface_keys',
  'display_areas',
  'ingest_rejections',
];

/**
 * Every stored object belongs to a user tree. Existing rows go to the built-in admin's tree, except
 * meters (their gateway's owner, so a tenant keeps the meters on its gateways), interface keys (their
 * creator) and display areas (their gateway's owner).
 */
export function ownerTrees(_kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
      const fallback = Number(admin?.id ?? 1);
      for (const table of NEW_OWNER_TABLES) {
        await db.schema
          .alterTable(table)
          .addColumn('owner_user_id', 'integer', (c) => c.notNull().defaultTo(fallback))
          .execute();
        await db.schema.createIndex(`${table}_owner`).on(table).column('owner_user_id').execute();
      }
      await db
        .updateTable('meters')
        .set((eb: any) => ({ owner_user_id: eb.selectFrom('gateways').select('gateways.owner_user_id').whereRef('gateways.id', '=', 'meters.gateway_id') }))
        .where('gateway_id', 'is not', null)
        .execute();
      await db
        .updateTable('display_areas')
        .set((eb: any) => ({
          owner_user_id: eb.selectFrom('gateways').select('gateways.owner_user_id').whereRef('gateways.id', '=', 'display_areas.gateway_id'),
        }))
        .where('gateway_id', 'is not', null)
        .execute();
      await db
        .updateTable('interface_keys')
        .set((eb: any) => ({ owner_user_id: eb.ref('user_id') }))
        .execute();
      await db.schema.createIndex('gateways_owner').on('gateways').column('owner_user_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of NEW_OWNER_TABLES) {
        await db.schema.dropIndex(`${table}_owner`).execute();
        await db.schema.alterTable(table).dropColumn('owner_user_id').execute();
      }
    },
  };
}
