import type { FastifyInstance } from 'fastify';
import { PollingLoop } from '../jobs/pollingLoop';
import { ComparisonSweep } from './comparisonSweep';

/**
 * How often a process looks for imported batches not compared yet (one indexed read, no write when there is none;
 * nudge() for at once): often enough that a sweep whose process died moves to another within ~25 s.
 */
export const COMPARISON_POLL_MS = 5_000;

/** `app.powerComparison`: the sweep of this process. */
export interface PowerComparisonHandle {
  sweep: ComparisonSweep;
  /** Compare newly imported batches now (the power import calls it when a batch finishes). */
  nudge(): void;
  /** Resolves when no pass is running (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    powerComparison: PowerComparisonHandle;
  }
}

/** Starts this process's comparison sweep (timer + nudge); every process may run one, the lease lets one work at a time. */
export function attachPowerComparison(app: FastifyInstance): void {
  const sweep = new ComparisonSweep(app.storage.db, app.alarms.engine.records, app.serverConfig.timeZone);
  const loop = new PollingLoop(async () => {
    try {
      const result = await sweep.pass();
      if (result.raised > 0) app.log.info({ batches: result.batches, raised: result.raised }, 'imported power compared with metered');
    } catch (error) {
      app.log.warn({ err: error }, 'comparing imported power failed');
    }
  }, COMPARISON_POLL_MS);
  const handle: PowerComparisonHandle = {
    sweep,
    nudge: () => loop.nudge(),
    idle: () => loop.idle(),
    stop: async () => {
      loop.halt();
      await loop.idle();
    },
  };
  app.decorate('powerComparison', handle);
  loop.start();
  app.addHook('onClose', async () => handle.stop());
}
