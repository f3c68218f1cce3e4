import type { FastifyInstance } from 'fastify';
import { ENERGY_LEASE } from './closedQuarterHours';
import { DEFAULT_FORWARDING, ForwardingService } from './forwardingService';

declare module 'fastify' {
  interface FastifyInstance {
    forwarding: ForwardingService;
  }
}

function positiveFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/**
 * Starts forwarding on the app's ingest and alarm events (after both exist, and after `app.jobLeases`: closed
 * quarter hours are the `forwarding-energy` lease holder's) and stops it on close, before the database closes.
 * FORWARD_QUEUE_LIMIT and FORWARD_TIMEOUT_MS tune it (README).
 */
export async function attachForwarding(app: FastifyInstance): Promise<void> {
  const forwarding = new ForwardingService(app.storage.db, {
    ...DEFAULT_FORWARDING,
    queueLimit: positiveFromEnv('FORWARD_QUEUE_LIMIT', DEFAULT_FORWARDING.queueLimit),
    timeoutMs: positiveFromEnv('FORWARD_TIMEOUT_MS', DEFAULT_FORWARDING.timeoutMs),
    onError: (error) => app.log.warn({ err: error }, 'forwarding failed'),
  });
  app.decorate('forwarding', forwarding);
  await forwarding.start(
    app.ingest.events,
    app.alarms.events,
    app.jobLeases.lease(ENERGY_LEASE, () => forwarding.takeOver()),
  );
  app.addHook('onClose', async () => forwarding.stop());
}
