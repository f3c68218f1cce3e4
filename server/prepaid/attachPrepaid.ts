import type { FastifyInstance } from 'fastify';
import { PrepaidEvents } from './prepaidEvents';

/**
 * `app.prepaid`: what the prepaid side's parts share inside one process. Each part that runs on its own
 * (hourly deduction, supply control, payment queries, reconciliation, bills) is started here and stopped
 * before the database closes.
 */
export interface PrepaidHandle {
  /** balance changes, announced after their transaction committed */
  events: PrepaidEvents;
}

declare module 'fastify' {
  interface FastifyInstance {
    prepaid: PrepaidHandle;
  }
}

export function attachPrepaid(app: FastifyInstance): void {
  const events = new PrepaidEvents((error) => app.log.warn({ err: error }, 'prepaid listener failed'));
  app.decorate('prepaid', { events } satisfies PrepaidHandle);
}
