import type { FastifyInstance } from 'fastify';
import type { SiteSettingsValues } from '@shared/schemas/siteSettings';
import { ReadingRetention } from './readingRetention';
import { SiteSettingsService } from './siteSettingsService';

export { SiteSettingsService } from './siteSettingsService';
export { registerHiddenGroupGate, visibleMenuEntries } from './hiddenGroups';
export { siteSettingsRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    siteSettings: SiteSettingsService;
  }
}

/** A new token's life: the site's session length, else the server's TOKEN_TTL_SECONDS. */
export const sessionSeconds = (settings: Pick<SiteSettingsValues, 'sessionMinutes'>, serverDefault: number): number =>
  settings.sessionMinutes === null ? serverDefault : settings.sessionMinutes * 60;

/** Starts the daily raw-reading retention of this process; returns what stops it (awaiting a deletion under way). */
export function startReadingRetention(app: FastifyInstance, timeZone: string): () => Promise<void> {
  const retention = new ReadingRetention(app.storage.db, app.siteSettings, timeZone, app.storage.kind);
  return retention.start(
    (run) => {
      if (run.ran) app.log.info({ deleted: run.deleted, cutoff: run.cutoff, droppedPartitions: run.droppedPartitions ?? [] }, 'raw-reading retention ran');
    },
    (error) => app.log.warn({ err: error }, 'raw-reading retention failed'),
  );
}
