import type { FastifyPluginAsync } from 'fastify';

/** Live data channels for widgets (energy figures, meter directory) (issue 6): filled in by the live-data work. */
export const liveDataRoutes: FastifyPluginAsync = async () => {};
