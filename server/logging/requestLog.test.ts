import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { OneLinePerRequest, pathOf, requestLine, requestLogLevel } from './requestLog';

describe('requestLogLevel', () => {
  it('keeps health checks, web pages and assets served well at debug', () => {
    expect(requestLogLevel('GET', '/api/health', 200)).toBe('debug');
    expect(requestLogLevel('GET', '/assets/index-3f2a.js', 200)).toBe('debug');
    expect(requestLogLevel('HEAD', '/assets/index-3f2a.js', 304)).toBe('debug');
    expect(requestLogLevel('GET', '/dash/1', 200)).toBe('debug');
    expect(requestLogLevel('GET', '/docs/api/', 200)).toBe('debug');
  });

  it('logs API calls and a missing asset at info, a server fault at error', () => {
    expect(requestLogLevel('GET', '/api/meters', 200)).toBe('info');
    expect(requestLogLevel('POST', '/api/auth/login', 401)).toBe('info');
    expect(requestLogLevel('GET', '/api', 404)).toBe('info');
    expect(requestLogLevel('GET', '/assets/gone.js', 404)).toBe('info');
    expect(requestLogLevel('POST', '/dash/1', 404)).toBe('info');
    expect(requestLogLevel('GET', '/api/health', 503)).toBe('error');
    expect(requestLogLevel('GET', '/api/meters', 500)).toBe('error');
  });

  it('drops the query (it may carry a token) and rounds the duration', () => {
    expect(pathOf('/dash/1?access_token=dsp_secret')).toBe('/dash/1');
    expect(pathOf('/api/meters')).toBe('/api/meters');
    expect(requestLine('GET', '/api/meters', 200, 12.46)).toBe('GET /api/meters 200 12 ms');
  });
});

describe('OneLinePerRequest', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  async function serve(level: string): Promise<{ app: FastifyInstance; records: Array<Record<string, unknown>> }> {
    const records: Array<Record<string, unknown>> = [];
    const stream = { write: (line: string) => records.push(JSON.parse(line) as Record<string, unknown>) };
    app = Fastify({ logger: { level, stream }, logController: new OneLinePerRequest() });
    app.get('/api/health', async () => ({ ok: true }));
    app.get('/api/meters', async () => []);
    app.get('/assets/app.js', async (_request, reply) => reply.type('text/javascript').send('1'));
    app.get('/api/broken', async () => {
      throw new Error('disk full');
    });
    await app.ready();
    return { app, records };
  }

  it('writes one info line per API request and none for health checks and assets', async () => {
    const { app: server, records } = await serve('info');
    await server.inject('/api/health');
    await server.inject('/assets/app.js');
    await server.inject('/api/meters?access_token=abc');
    await server.inject('/api/meters');
    const lines = records.map((record) => [record.level, String(record.msg).replace(/\d+ ms$/, 'N ms')]);
    expect(lines).toEqual([
      [30, 'GET /api/meters 200 N ms'],
      [30, 'GET /api/meters 200 N ms'],
    ]);
    expect(records[0]).toMatchObject({ request: { method: 'GET', path: '/api/meters', statusCode: 200 } });
    expect(JSON.stringify(records)).not.toContain('abc');
  });

  it('shows the quiet requests at debug, still one line each', async () => {
    const { app: server, records } = await serve('debug');
    await server.inject('/api/health');
    await server.inject('/assets/app.js');
    expect(records.map((record) => [record.level, String(record.msg).replace(/\d+ ms$/, 'N ms')])).toEqual([
      [20, 'GET /api/health 200 N ms'],
      [20, 'GET /assets/app.js 200 N ms'],
    ]);
  });

  it('logs a server fault once as the request line at error (beside the handler error fastify logs)', async () => {
    const { app: server, records } = await serve('info');
    await server.inject('/api/broken');
    const requestLines = records.filter((record) => typeof record.msg === 'string' && record.msg.startsWith('GET /api/broken'));
    expect(requestLines.map((record) => [record.level, String(record.msg).replace(/\d+ ms$/, 'N ms')])).toEqual([[50, 'GET /api/broken 500 N ms']]);
  });
});
