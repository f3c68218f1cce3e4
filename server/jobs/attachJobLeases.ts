import type { FastifyInstance } from 'fastify';
import { JobLeases } from './jobLeases';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's leases of singleton jobs (server/jobs/README.md). */
    jobLeases: JobLeases;
  }
}

/** `app.jobLeases`, competing from now on; released in preClose (onClose hooks run last-added first, after the database closed). */
export function attachJobLeases(app: FastifyInstance): void {
  const leases = new JobLeases(app.storage.db, { onError: (error) => app.log.warn({ err: error }, 'job lease round failed') });
  app.decorate('jobLeases', leases);
  leases.start();
  app.addHook('preClose', async () => leases.stop());
}
