import type { FastifyPluginAsync } from 'fastify';

/** Display tokens, displays and the kiosk's own calls (issue 6): filled in by the displays work. */
export const displayRoutes: FastifyPluginAsync = async () => {};
