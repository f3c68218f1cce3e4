import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { ok } from '@shared/errors';
import type { Health } from '@shared/schemas';

/** GET /api/health: public liveness and version, for load balancers and the kiosk's "new version" check. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { config: { access: 'public' } }, async () => {
    let status: Health['status'] = 'ok';
    try {
      await sql`select 1`.execute(app.storage.db);
    } catch {
      status = 'degraded';
    }
    return ok<Health>({ status, version: app.serverConfig.version });
  });
};
