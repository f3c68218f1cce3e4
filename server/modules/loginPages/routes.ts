import type { FastifyPluginAsync } from 'fastify';

/** /api/login-pages (issue 7): /settings/loginPageSet entries, and the public entry for the login page's host. */
export const loginPageRoutes: FastifyPluginAsync = async () => {};
