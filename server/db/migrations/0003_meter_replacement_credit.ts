import type { Kysely } from 'kysely';

/** A recorded meter replacement remembers the energy it credited from the old meter's final reading. */
export function meterReplacementCredit() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('meter_replacements')
        .addColumn('credited_energy', 'double precision', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('meter_replacements').dropColumn('credited_energy').execute();
    },
  };
}
