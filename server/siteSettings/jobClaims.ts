import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Work that must run once per period (a day) however many server processes share the database: each process
 * tries to move the job's row to the new period with one conditional write, and only the one whose write
 * changed the row runs it. The same claim-by-conditional-update the push delivery worker uses for records.
 * A process that dies after claiming leaves that period undone; the next period's run catches up, since
 * each job is written to be cumulative (retention deletes everything older than its cut-off).
 */
export async function claimPeriod(db: Kysely<Database>, job: string, period: string, claimedBy: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .insertInto('job_claims')
    .values({ job, period, claimed_at: now, claimed_by: claimedBy })
    .onConflict((oc) => oc.column('job').doUpdateSet({ period, claimed_at: now, claimed_by: claimedBy }).where('job_claims.period', '<>', period))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
