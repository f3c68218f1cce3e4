import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './appError';
import type { AuthContext, AuthService } from '../auth/authService';
import { registerTenancy } from '../tenancy/routeTenancy';

/**
 * What a route needs. Every /api route declares one in `config.access`; a route without it fails at
 * start-up, so nothing is left open by omission.
 * - 'public': anyone; 'user': any signed-in user; 'admin': administrators only (what spans every user
 *   tree, such as login locks); { permission }: a menu or button full path (spec §6);
 *   { anyOf }: one of several menus (a read API that several screens share).
 */
export type Access = 'public' | 'user' | 'admin' | { permission: string } | { anyOf: readonly string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A display token (read-only wall) may call this route; every other route refuses displays with FORBIDDEN. */
    displays?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The Bearer token of a request (spec §7: `Authorization: Bearer <token>`). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Admin passes; others need the exact full path among their role's entries (spec §6). */
export async function hasPermission(auth: AuthContext, permission: string): Promise<boolean> {
  if (auth.isAdmin) return true;
  return (await auth.permittedPaths()).has(permission);
}

async function allowed(context: AuthContext, access: Exclude<Access, string>): Promise<boolean> {
  if ('permission' in access) return hasPermission(context, access.permission);
  for (const permission of access.anyOf) if (await hasPermission(context, permission)) return true;
  return false;
}

export function registerAccessControl(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw new AppError('TOKEN_MISSING');
    const context = await auth.authenticate(token);
    request.auth = context;
    // Walls are read-only by construction: a display token reaches only routes that opt in, whatever its owner may do.
    if (context.display && request.routeOptions.config?.displays !== true) throw new AppError('FORBIDDEN');
    if (access === 'admin' && !context.isAdmin) throw new AppError('FORBIDDEN');
    if (typeof access === 'object' && !(await allowed(context, access))) throw new AppError('FORBIDDEN');
    const renewed = await auth.renewIfDue(context);
    if (renewed) reply.header('x-new-token', renewed);
  });
  registerTenancy(app);
}

/** The signed-in caller of a route declared 'user' or { permission }. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('TOKEN_MISSING');
  return request.auth;
}
