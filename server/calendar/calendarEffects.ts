import type { FastifyInstance } from 'fastify';
import { enqueueRecompute } from '../tariffs/recomputeJobs';
import type { TariffsHandle } from '../tariffs/attachTariffs';

/** The `app.tariffs` decoration (band rollups, server/tariffs/attachTariffs.ts), or null where it is not registered. */
export function tariffsOf(app: FastifyInstance): TariffsHandle | null {
  return app.hasDecorator('tariffs') ? app.tariffs : null;
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
  const tariffs = tariffsOf(app);
  if (tariffs) {
    await tariffs.reload();
    tariffs.recompute.kick();
  }
  return jobId;
}
