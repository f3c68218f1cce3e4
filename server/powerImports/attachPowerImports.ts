import type { FastifyInstance } from 'fastify';
import { FuelFactorStore } from './fuelFactorStore';
import { ImportBatches } from './importBatches';
import { ImportUploads } from './importUploads';
import { ImportWorker } from './importWorker';

/** `app.powerImports`: uploads, batches, fuel factors and the import worker of this process. */
export interface PowerImportsHandle {
  uploads: ImportUploads;
  batches: ImportBatches;
  factors: FuelFactorStore;
  worker: ImportWorker;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    powerImports: PowerImportsHandle;
  }
}

export function attachPowerImports(app: FastifyInstance): void {
  const { db } = app.storage;
  const timeZone = app.serverConfig.timeZone;
  const uploads = new ImportUploads(db);
  const factors = new FuelFactorStore(db);
  const worker = new ImportWorker({
    db,
    uploads,
    factors,
    timeZone,
    onError: (error) => app.log.warn({ err: error }, 'import batch failed'),
    // The comparison is attached after this module; it looks at a landed batch at once instead of on its next round.
    onBatchDone: () => {
      if (app.hasDecorator('powerComparison')) app.powerComparison.nudge();
    },
  });
  const batches = new ImportBatches(db, uploads, factors, timeZone, () => worker.nudge());
  app.decorate('powerImports', { uploads, batches, factors, worker, stop: () => worker.stop() });
  worker.start();
  app.addHook('onClose', async () => worker.stop());
}
