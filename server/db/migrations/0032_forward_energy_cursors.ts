import type { Kysely } from 'kysely';

/**
 * Where each forwarding endpoint stands with each meter's closed quarter hours (server/forwarding): the end of the
 * newest interval its receiver took (2xx). The process holding the `forwarding-energy` job lease sends from here, so
 * a holder that dies leaves what it had not had taken to the next one. Rows go with their endpoint; a meter's rows
 * are removed by the lease holder once no endpoint covers it.
 */
export function forwardEnergyCursors() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('forward_energy_cursors')
        .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('forward_endpoints.id').onDelete('cascade'))
        .addColumn('meter_id', 'integer', (c) => c.notNull())
        /** epoch ms, on a quarter hour: every interval ending at or before it was taken */
        .addColumn('sent_through', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('forward_energy_cursors_pk', ['endpoint_id', 'meter_id'])
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('forward_energy_cursors').ifExists().execute();
    },
  };
}
