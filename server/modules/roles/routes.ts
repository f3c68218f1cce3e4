import type { FastifyPluginAsync } from 'fastify';

/** /api/roles (issue 7): list, create, update, delete, batch delete. */
export const roleRoutes: FastifyPluginAsync = async () => {};
