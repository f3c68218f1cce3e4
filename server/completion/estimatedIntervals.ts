import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Which stored 15-minute intervals of a meter hold an estimate (a completed gap), for readers that flag
 * estimated figures: meter history, settlement lines, exports. `from`/`to` are epoch ms, both inclusive.
 */
export async function estimatedStarts(db: Kysely<Database>, meterId: number, from: number, to: number): Promise<number[]> {
  const rows = await db
    .selectFrom('interval_estimates')
    .select('start')
    .where('meter_id', '=', meterId)
    .where('start', '>=', from)
    .where('start', '<=', to)
    .orderBy('start')
    .execute();
  return rows.map((r) => Number(r.start));
}

/** Whether the interval of `meterId` starting at `start` holds an estimate. */
export async function isEstimated(db: Kysely<Database>, meterId: number, start: number): Promise<boolean> {
  const row = await db.selectFrom('interval_estimates').select('start').where('meter_id', '=', meterId).where('start', '=', start).executeTakeFirst();
  return row !== undefined;
}
