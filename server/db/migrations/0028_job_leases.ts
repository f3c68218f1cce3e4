import type { Kysely } from 'kysely';

/**
 * Leases of singleton jobs (server/jobs/jobLeases.ts): one row per job name, held by one server process until
 * `lease_until`, renewed by its holder and taken over by another process with one conditional write once it lapses.
 * `last_run_by` / `last_run_at` say which process last ran the job and when (operations, the cluster tests).
 */
export function jobLeases() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        /** host:pid:random of the process holding it */
        .addColumn('holder', 'text', (c) => c.notNull())
        /** epoch ms; past it any process may take the lease */
        .addColumn('lease_until', 'bigint', (c) => c.notNull())
        /** when the current holder took it */
        .addColumn('taken_at', 'bigint', (c) => c.notNull())
        .addColumn('last_run_by', 'text')
        .addColumn('last_run_at', 'bigint')
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('job_leases').ifExists().execute();
    },
  };
}
