import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Claims a demo seed by its key in `seeded_samples` (the table that keeps sample boards once): true for the
 * one caller that inserted the key, which then creates the objects; false when it was seeded before (and
 * perhaps deleted by an administrator since, which stays deleted) or another process starting at the same
 * time won the primary key.
 */
export async function claimSeed(db: Kysely<Database>, key: string, now = Date.now()): Promise<boolean> {
  const marked = await db
    .insertInto('seeded_samples')
    .values({ key, seeded_at: now })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  return Number(marked.numInsertedOrUpdatedRows ?? 0) > 0;
}
