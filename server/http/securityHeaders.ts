import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the console and kiosk pages (and their /assets) may load. Each source is here because a page needs
 * it; server/README.md ("Security headers") says which. No 'unsafe-eval' and no inline script: the bundles
 * are files under /assets and zod runs jitless in the browser.
 */
const PAGE_DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  // antd's CSS-in-JS writes <style> elements at run time and the HTML shells carry one small <style>.
  ['style-src', "'self' 'unsafe-inline'"],
  // Image widgets, sprites and avatars take an https:// address besides /api/files; exports and previews use blob:.
  ['img-src', "'self' data: blob: https:"],
  ['font-src', "'self' data:"],
  ['media-src', "'self' data: blob:"],
  ['worker-src', "'self' blob:"],
  // The board screens embed the kiosk (same origin) in an iframe.
  ['frame-src', "'self'"],
  ['frame-ancestors', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
];

/** API answers are data, never documents: nothing may load from them and nobody may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** host or host:port, IPv6 in brackets: anything else (a Host header carrying ';' or spaces) names no socket origin. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The page policy for a request to `host`. connect-src names the socket.io origin explicitly (ws:// and
 * wss:// of the same host): 'self' covers it in CSP Level 3 browsers, older ones need it spelled out.
 */
export function pagePolicy(host: string | undefined): string {
  const sockets = host && PLAIN_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [...PAGE_DIRECTIVES, ['connect-src', `'self'${sockets}`] as const].map(([name, sources]) => `${name} ${sources}`).join('; ');
}

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Sets the security headers of one answer (an onSend hook calls it for every reply). Pages and assets: the
 * page policy, SAMEORIGIN framing. API: the empty policy, DENY framing, and no-store unless the route chose
 * its own cache (the public, content-addressed pictures do) — answers carry tokens and per-user data.
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'same-origin');
  if (isApiPath(request.url)) {
    reply.header('content-security-policy', API_CSP);
    reply.header('x-frame-options', 'DENY');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return;
  }
  reply.header('content-security-policy', pagePolicy(request.host));
  reply.header('x-frame-options', 'SAMEORIGIN');
}
