import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode, errorInfo } from '@shared/errors';

/** /dash/* and /visualization are the kiosk's; every other page path is the console's (a SPA). */
export function isKioskPath(path: string): boolean {
  return path === '/visualization' || path.startsWith('/visualization/') || path.startsWith('/dash/');
}

function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/assets/')) return false;
  return true;
}

/**
 * Serves the built bundles: hashed assets cached for a year, the two HTML pages never cached so a
 * new version reaches walls and consoles on their next load.
 */
export async function registerWebRoutes(app: FastifyInstance, webRoot: string): Promise<void> {
  const pages = {
    console: join(webRoot, 'console', 'index.html'),
    kiosk: join(webRoot, 'kiosk', 'index.html'),
  };
  const built = existsSync(pages.console) && existsSync(pages.kiosk);
  if (built) {
    await app.register(fastifyStatic, {
      root: join(webRoot, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
    });
  }
  const pageCache = new Map<string, string>();
  const sendPage = (reply: FastifyReply, file: string) => {
    let html = pageCache.get(file);
    if (html === undefined) {
      html = readFileSync(file, 'utf8');
      pageCache.set(file, html);
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (wantsPage(request)) {
      if (!built) return reply.status(503).type('text/plain').send('The web bundles are not built: run `npm run build` (npm start does it for you).');
      return sendPage(reply, isKioskPath(path) ? pages.kiosk : pages.console);
    }
    return reply.status(404).send({ code: ErrorCode.NOT_FOUND, data: null, message: `${errorInfo.NOT_FOUND.message}: ${request.method} ${path}` });
  });
}
