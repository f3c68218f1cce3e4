import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export type RequestLogLevel = 'debug' | 'info' | 'error';

/**
 * The level of a request's one log line. Health checks (load balancers poll them) and web pages and
 * assets served without a problem are routine noise: debug. A server fault is an error; the rest is info.
 */
export function requestLogLevel(method: string, path: string, statusCode: number): RequestLogLevel {
  if (statusCode >= 500) return 'error';
  const isApi = path === '/api' || path.startsWith('/api/');
  const routine = path === '/api/health' || (!isApi && (method === 'GET' || method === 'HEAD'));
  return routine && statusCode < 400 ? 'debug' : 'info';
}

/** The path without its query: a query may carry `access_token=`, which must never reach a log. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** `GET /api/meters 200 12 ms`: what a person scanning the log needs of one request. */
export function requestLine(method: string, path: string, statusCode: number, ms: number): string {
  return `${method} ${path} ${statusCode} ${Math.round(ms)} ms`;
}

/**
 * Fastify's request logging, made one line per request: nothing when a request arrives, one line when its
 * answer has gone (fastify's default is two, "incoming request" and "request completed"). The structured
 * fields sit under `request` so a JSON reader can filter on them.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // The line is written when the answer has gone, with its status and duration.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const path = pathOf(request.url);
    const level = error ? 'error' : requestLogLevel(request.method, path, reply.statusCode);
    const ms = reply.elapsedTime;
    const fields = { request: { method: request.method, path, statusCode: reply.statusCode, ms: Math.round(ms), remoteAddress: request.ip } };
    const line = requestLine(request.method, path, reply.statusCode, ms);
    if (error) request.log.error({ ...fields, err: error }, `${line} (${error.message})`);
    else request.log[level](fields, line);
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    // A client that leaves mid-download is routine, and its request already has its line.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') request.log.debug({ err: error }, 'stream closed prematurely');
    else super.streamError(error, request, reply);
  }
}
