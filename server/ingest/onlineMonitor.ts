import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobLeases } from '../jobs/jobLeases';

/** The job lease of the sweep: one process marks silent meters and gateways offline at a time. */
export const ONLINE_SWEEP_LEASE = 'online-sweep';

/**
 * Meters and gateways are online while they report: a reading marks them online (readingWriter), and
 * this sweep marks them offline once nothing arrived for `offlineAfterMs`. Alarms on the change come
 * with the alarms module; this keeps the state every screen shows.
 */
export async function markSilentOffline(db: Kysely<Database>, offlineAfterMs: number, now = Date.now()): Promise<{ meters: number; gateways: number }> {
  const cutoff = now - offlineAfterMs;
  const silent = (table: 'meters' | 'gateways') =>
    db
      .updateTable(table)
      .set({ online: 0 })
      .where('online', '=', 1)
      .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', cutoff)]))
      .executeTakeFirst();
  const meters = await silent('meters');
  const gateways = await silent('gateways');
  return { meters: Number(meters.numUpdatedRows), gateways: Number(gateways.numUpdatedRows) };
}

/**
 * Runs the sweep every `everyMs` until stopped (unref'd: it never keeps the process alive). With `leases`, only
 * while this process holds ONLINE_SWEEP_LEASE, and once at once when it takes the lease over.
 */
export function startOnlineMonitor(
  db: Kysely<Database>,
  offlineAfterMs: number,
  everyMs = 30_000,
  onError: (error: unknown) => void = () => undefined,
  leases?: JobLeases,
): () => void {
  const sweep = () => markSilentOffline(db, offlineAfterMs);
  const lease = leases?.lease(ONLINE_SWEEP_LEASE, () => run());
  const run = () => void (lease ? lease.runIfHeld(sweep) : sweep()).catch(onError);
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
