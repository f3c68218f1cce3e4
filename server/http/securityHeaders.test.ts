import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { pngBytes } from '../files/pictureFixtures.test-util';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';

/** A built-looking web root: the two pages and one hashed asset, enough for the page routes to serve. */
function fakeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'energy-web-'));
  for (const bundle of ['console', 'kiosk']) {
    mkdirSync(join(root, bundle));
    writeFileSync(join(root, bundle, 'index.html'), `<!doctype html><title>${bundle}</title>`);
  }
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'console-abc123.js'), 'export {};');
  return root;
}

let testApp: TestApp;
let webRoot: string;
let token: string;

beforeAll(async () => {
  webRoot = fakeWebRoot();
  testApp = await createTestApp({ webRoot });
  token = await loginAs(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** The page policy as a map of directive → sources, so each source can be asserted on its own. */
function directives(response: LightMyRequestResponse): Record<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '');
  const map: Record<string, string> = {};
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map[name] = sources.join(' ');
  }
  return map;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers: { host: 'energy.example:8080', ...headers } });

describe('security headers on the console and kiosk pages', () => {
  it.each(['/', '/login', '/dash/1', '/visualization', '/assets/console-abc123.js'])(
    '%s carries the page policy, nosniff, a referrer policy and SAMEORIGIN framing',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(directives(response)).toEqual({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data: blob: https:",
        'font-src': "'self' data:",
        'connect-src': "'self' ws://energy.example:8080 wss://energy.example:8080",
        'media-src': "'self' data: blob:",
        'worker-src': "'self' blob:",
        'frame-src': "'self'",
        'frame-ancestors': "'self'",
        'object-src': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
      });
    },
  );

  it('names no socket origin from a Host header that is not a plain host[:port]', async () => {
    const response = await get('/login', { host: 'evil.example; script-src *' });
    expect(directives(response)['connect-src']).toBe("'self'");
    expect(directives(response)['script-src']).toBe("'self'");
  });

  it('keeps the pages uncached and the hashed assets immutable', async () => {
    expect((await get('/dash/1')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/console-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('security headers on the API', () => {
  it('answers a signed-in call with nosniff, a policy that allows nothing and no-store', async () => {
    const response = await get('/api/users/info', bearer(token));
    expect(response.json()).toMatchObject({ code: 0 });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('answers errors and public calls the same way', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/api/users/info']) {
      const response = await get(url);
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('leaves the year-long cache of a public picture (its own policy narrowed to forbid framing)', async () => {
    const bytes = pngBytes(4, 3, { seed: 7 });
    const upload = await testApp.app.inject({ method: 'POST', url: '/api/files', headers: { ...bearer(token), 'content-type': 'image/png' }, payload: bytes });
    expect(upload.json()).toMatchObject({ code: 0 });
    const picture = await get(`/api/files/${createHash('sha256').update(bytes).digest('hex')}.png`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(picture.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
  });
});
