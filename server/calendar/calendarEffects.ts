import type { FastifyInstance } from 'fastify';
import { enqueueRecompute } from '../tariffs/recomputeJobs';
import type { TariffBook } from '../tariffs/tariffBook';

/** The `app.tariffs` decoration (band rollups, server/tariffs), or null while it is not registered. */
export function tariffsOf(app: FastifyInstance): { reload(): Promise<void>; book(): Promise<TariffBook> } | null {
  return app.hasDecorator('tariffs') ? (app as unknown as { tariffs: { reload(): Promise<void>; book(): Promise<TariffBook> } }).tariffs : null;
}

/**
 * After a calendar change: the band rollups of the changed days are recomputed for every tree (a day type picks
 * the band layout), and ingest prices new energy with the new calendar. Nothing happens when no day changed type.
 */
export async function afterCalendarChange(app: FastifyInstance, days: readonly string[], by: { userId: number; home: number }): Promise<number | null> {
  if (days.length === 0) return null;
  const sorted = [...days].sort();
  const jobId = await enqueueRecompute(app.storage.db, {
    ownerUserId: by.home,
    reason: 'calendar',
    detail: { days: sorted },
    meterIds: [],
    fromDay: sorted[0]!,
    toDay: sorted[sorted.length - 1]!,
    createdBy: by.userId,
  });
  // The tariffs decoration arrives with the band rollups; until then there is nothing to reload.
  await tariffsOf(app)?.reload();
  return jobId;
}
