import type { FastifyPluginAsync } from 'fastify';

/** Boards and playlists (issue 6): filled in by the boards work. */
export const boardRoutes: FastifyPluginAsync = async () => {};
