import type { FastifyInstance } from 'fastify';
import { RecomputeRunner } from './recomputeJobs';
import type { TariffBook } from './tariffBook';

export interface TariffsHandle {
  /** Call after any tariff, version, assignment or calendar change so ingest prices new energy with it. */
  reload(): Promise<void>;
  /** The book ingest prices with now (tariff versions and the calendar). */
  book(): Promise<TariffBook>;
  /** Runs the queued recompute jobs; `kick()` after enqueueing one to start it now. */
  recompute: RecomputeRunner;
}

declare module 'fastify' {
  interface FastifyInstance {
    tariffs: TariffsHandle;
  }
}

/** Decorates `app.tariffs` and starts the recompute runner (stopped before the database closes). */
export function attachTariffs(app: FastifyInstance): void {
  const directory = app.ingest.directory;
  const recompute = new RecomputeRunner(app.storage.db, directory, {
    timeZone: app.serverConfig.timeZone,
    sqlite: app.storage.sqlite,
    onError: (error) => app.log.warn({ err: error }, 'recompute job failed'),
  });
  app.decorate('tariffs', {
    async reload() {
      directory.invalidate();
      await directory.get();
    },
    async book() {
      return (await directory.get()).book;
    },
    recompute,
  } satisfies TariffsHandle);
  recompute.start();
  app.addHook('onClose', async () => recompute.stop());
}
