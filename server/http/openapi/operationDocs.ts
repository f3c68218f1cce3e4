import type { SwaggerTransform } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { accessSentence, publishedAccess, tenancySentence } from './routeAccess';
import { ErrorCode } from '@shared/errors';
import { errorResponses, GENERIC_SUCCESS } from './envelopeSchemas';
import { routeErrorCodes } from './routeErrors';
import { supplementOf } from './routeSupplements';

// The type provider's own transform turns the zod schemas of body, querystring, params and response into JSON Schema.
const zodTransform = createJsonSchemaTransform({ skipList: [] });
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const isApiUrl = (url: string): boolean => url === '/api' || url.startsWith('/api/');

/** The path's first segment after /api: `/api/interface-keys/:id` → `interface-keys`. */
export const tagOf = (url: string): string => url.split('/')[2] || 'api';

/** `DELETE /api/interface-keys/:id` → `deleteInterfaceKeysById`; unique because method and path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .slice(2)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** The one method an /api route answers (HEAD twins are not published). */
const methodOf = (route: RouteOptions): string => [route.method].flat().find((method) => method !== 'HEAD') ?? 'GET';

/**
 * The @fastify/swagger transform: every /api route becomes an operation with its zod-derived inputs, its
 * access (`x-access`) and tenancy (`x-tenancy`) in words and as data, the envelope it answers with and
 * the error codes it can give (`x-error-codes`, and one answer per HTTP status naming its codes). Everything comes from the route's registration; nothing is kept by hand.
 */
export const describeRoute: SwaggerTransform = (input) => {
  const { url } = input;
  const route = input.route as RouteOptions;
  if (!isApiUrl(url)) return { schema: { hide: true } as never, url };
  const supplement = supplementOf(methodOf(route), url);
  const withSupplement = { ...(route.schema ?? {}), ...supplement.schema };
  const { schema } = zodTransform({ ...input, schema: withSupplement } as Parameters<typeof zodTransform>[0]) as unknown as { schema: Record<string, unknown> };
  const method = methodOf(route);
  const config = route.config ?? {};
  const access = publishedAccess(config);
  const tenancy = config.tenancy ?? 'none';
  const codes = routeErrorCodes(route, method);
  const response = (schema.response as Record<string, unknown> | undefined) ?? {};
  const description = [accessSentence(access), tenancySentence(config.tenancy, url), ...(supplement.description ? [supplement.description] : [])].join('\n\n');
  return {
    url,
    schema: {
      ...schema,
      operationId: operationIdOf(method, url),
      tags: [tagOf(url)],
      description,
      security: supplement.security ?? (access.kind === 'public' ? [] : [{ bearerToken: [] }]),
      'x-access': access,
      'x-tenancy': tenancy,
      'x-error-codes': codes.map((name) => ErrorCode[name]),
      response: { 200: response['200'] ?? GENERIC_SUCCESS, ...response, ...errorResponses(codes, WRITES.has(method)) },
    } as never,
  };
};
