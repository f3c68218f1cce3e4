import type { RouteOptions } from 'fastify';
import { ErrorCode, type ErrorCodeName } from '@shared/errors';
import { KIND_RULES } from '../../tenancy/objectKinds';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_FAILURES: ErrorCodeName[] = ['TOKEN_MISSING', 'TOKEN_INVALID', 'TOKEN_EXPIRED', 'TOKEN_REVOKED', 'DISPLAY_REVOKED', 'ACCOUNT_DISABLED'];
const NAMES_BY_CODE = new Map<number, ErrorCodeName>((Object.keys(ErrorCode) as ErrorCodeName[]).map((name) => [ErrorCode[name], name]));

/** The kind's "not found" when the route names one object by id in its path (an id of another tree answers the same). */
function notFoundOf(route: RouteOptions): ErrorCodeName | null {
  const tenancy = route.config?.tenancy;
  if (typeof tenancy !== 'object') return null;
  const param = tenancy.param ?? 'id';
  if (!new RegExp(`:${param}(?![A-Za-z0-9_])`).test(route.url)) return null;
  return NAMES_BY_CODE.get(KIND_RULES[tenancy.kind].notFound(0).code) ?? null;
}

/**
 * What the handler throws itself (`new AppError('NAME'…)` in its own text). Cheap and partial by design:
 * codes thrown by the services a handler calls are not seen, so the list is "at least".
 */
function thrownByHandler(route: RouteOptions): ErrorCodeName[] {
  const source = typeof route.handler === 'function' ? route.handler.toString() : '';
  const names = [...source.matchAll(/AppError\(\s*['"]([A-Z_]+)['"]/g)].map((match) => match[1] as string);
  return names.filter((name): name is ErrorCodeName => name in ErrorCode);
}

/**
 * The error codes a route can answer with, from its declaration: the access hook's token and permission
 * failures, the by-id tenancy check, validation and body rules, and what its handler throws.
 */
export function routeErrorCodes(route: RouteOptions, method: string): ErrorCodeName[] {
  const config = route.config ?? {};
  const access = config.access ?? 'public';
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const codes = new Set<ErrorCodeName>();
  const takesBody = WRITES.has(method);
  // The U+0000 guard covers every query and path, so any route with input can answer 40000.
  if (takesBody || schema.querystring || schema.params || route.url.includes(':')) codes.add('VALIDATION_FAILED');
  if (takesBody) codes.add('BODY_TOO_LARGE');
  if (access !== 'public') {
    for (const name of TOKEN_FAILURES) codes.add(name);
    // Display tokens are refused unless the route lets walls in; only administrators change platform settings.
    const platformWrite = config.tenancy === 'platform' && takesBody;
    if (!(config.displays === true && access === 'user') || platformWrite) codes.add('FORBIDDEN');
  }
  const notFound = notFoundOf(route);
  if (notFound) codes.add(notFound);
  for (const name of thrownByHandler(route)) codes.add(name);
  codes.add('INTERNAL');
  return [...codes].sort((a, b) => ErrorCode[a] - ErrorCode[b]);
}
