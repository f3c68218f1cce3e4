import type { FastifyContextConfig, FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../http/appError';
import { KIND_RULES, type ObjectKind } from './objectKinds';
import { inScope, type OwnerScope } from './ownerScope';

/**
 * What stored objects a route touches, declared beside its `access` so that tree scoping cannot be left
 * out by omission (a route without it makes the server refuse to start):
 * - 'none': nothing of a tree (health, login, the caller's own account and session);
 * - 'platform': settings every tree shares (menus, login pages, push channels): anyone with the
 *   permission reads them, only administrators change them;
 * - { kind }: objects of that kind, each in one tree. When the path has the object's id (`:id`, or the
 *   `param` named), the object is loaded and checked before the handler runs: outside the caller's tree
 *   it is "not found", exactly like an id that does not exist. Lists and bodies that name objects are
 *   scoped by the handler with `callerScope(request)`; the generated authorization suite checks both.
 *   `check: 'module'` says the module checks the id itself (users, roles, alarm records, export jobs).
 */
export type Tenancy = 'none' | 'platform' | { kind: ObjectKind; param?: string; check?: 'module' };

/** One /api route as declared: what the generated authorization suite walks. */
export interface DeclaredRoute {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    tenancy?: Tenancy;
  }
  interface FastifyInstance {
    /** Every /api route with its access and tenancy, in registration order (HEAD twins left out). */
    routeCatalogue: DeclaredRoute[];
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The tree scope of the signed-in caller (admins: every tree). */
export async function callerScope(request: FastifyRequest): Promise<OwnerScope> {
  if (!request.auth) throw new AppError('TOKEN_MISSING');
  return request.auth.ownerScope();
}

/** Throws the kind's "not found" unless object `id` exists and is in the scope. */
export async function assertInTree(app: FastifyInstance, scope: OwnerScope, kind: ObjectKind, id: number): Promise<void> {
  const rule = KIND_RULES[kind];
  if (!rule.ownerOf) throw new Error(`kind ${kind} is checked by its module`);
  const owner = await rule.ownerOf(app.storage.db, id);
  if (owner === undefined || !inScope(scope, owner)) throw rule.notFound(id);
}

/** The path parameter that carries the object id, if the route has one. */
function idParam(route: Pick<RouteOptions, 'url'>, tenancy: Exclude<Tenancy, string>): string | null {
  const name = tenancy.param ?? 'id';
  return new RegExp(`:${name}(?![A-Za-z0-9_])`).test(route.url) ? name : null;
}

export function registerTenancy(app: FastifyInstance): void {
  const catalogue: DeclaredRoute[] = [];
  app.decorate('routeCatalogue', catalogue);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') catalogue.push({ method, url: route.url, config: route.config ?? {} });
    if (route.config?.access === 'public') return;
    const tenancy = route.config?.tenancy;
    if (!tenancy) throw new Error(`Route ${String(route.method)} ${route.url} declares no tenancy (which objects it touches)`);
    if (typeof tenancy === 'object') {
      if (!(tenancy.kind in KIND_RULES)) throw new Error(`Route ${String(route.method)} ${route.url}: unknown object kind ${tenancy.kind}`);
      if (tenancy.param && !idParam(route, tenancy)) throw new Error(`Route ${String(route.method)} ${route.url} has no :${tenancy.param}`);
      if (!tenancy.check && !KIND_RULES[tenancy.kind].ownerOf)
        throw new Error(`Route ${String(route.method)} ${route.url}: kind ${tenancy.kind} needs check: 'module'`);
    }
  });

  // Runs after the access hook (registered before this one), so the caller is known.
  app.addHook('onRequest', async (request) => {
    const tenancy = request.routeOptions.config?.tenancy;
    if (!tenancy || tenancy === 'none' || !request.auth) return;
    if (tenancy === 'platform') {
      if (WRITES.has(request.method) && !request.auth.isAdmin)
        throw new AppError('FORBIDDEN', { message: 'Only an administrator may change settings shared by every user tree' });
      return;
    }
    if (tenancy.check === 'module') return;
    const name = idParam({ url: request.routeOptions.url ?? '' }, tenancy);
    if (!name) return;
    const raw = (request.params as Record<string, string | undefined>)[name];
    const id = Number(raw);
    // A malformed id is the route's own validation error (40000), answered after this hook.
    if (!Number.isSafeInteger(id) || id <= 0) return;
    await assertInTree(app, await callerScope(request), tenancy.kind, id);
  });
}
