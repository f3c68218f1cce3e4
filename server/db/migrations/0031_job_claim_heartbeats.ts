import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Period claims that finish (server/siteSettings/jobClaims.ts): `claim_until` is renewed by the process running
 * the period while it works, `done_at` is set when the period's work is over. A claim whose period is not done and
 * whose `claim_until` has passed was left by a process that died, and another process takes it. Rows claimed
 * before this migration count as done (their holders finished or the period is over).
 */
export function jobClaimHeartbeats() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('job_claims')
        .addColumn('claim_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('job_claims').addColumn('done_at', 'bigint').execute();
      await db
        .updateTable('job_claims')
        .set({ done_at: sql`claimed_at` })
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('job_claims').dropColumn('done_at').execute();
      await db.schema.alterTable('job_claims').dropColumn('claim_until').execute();
    },
  };
}
