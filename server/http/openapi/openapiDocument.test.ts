import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, loginAs, type TestApp } from '../../../tests/support/testApp';
import { publishedAccess } from './routeAccess';

type Operation = {
  operationId: string;
  tags: string[];
  description: string;
  security: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: Record<string, any> }> };
  responses: Record<string, { $ref?: string; description?: string }>;
  'x-access': unknown;
  'x-tenancy': unknown;
  'x-error-codes': number[];
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { description: string; content: Record<string, { schema: { properties: { code: { enum: number[] } } } }> }> };
};

let t: TestApp;
let document: Document;
let bodyBytes: number;

/** `/api/interface-keys/:id` → `/api/interface-keys/{id}`, as OpenAPI writes a path template. */
const templated = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const operation = (method: string, url: string): Operation | undefined => document.paths[templated(url)]?.[method.toLowerCase()];
/** The error codes an operation's answer for `status` names (shared answers are behind a $ref). */
const codesAt = (op: Operation, status: number): number[] => {
  const answer = op.responses[String(status)];
  const name = answer?.$ref?.replace('#/components/responses/', '');
  return name ? (document.components.responses[name]?.content['application/json']?.schema.properties.code.enum ?? []) : [];
};

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  bodyBytes = response.rawPayload.length;
  document = response.json() as Document;
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('is public, JSON, and a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(() => validator.resolveRefs()).not.toThrow();
    // The whole contract in one answer, kept small enough to read in a browser (measured: about 300 KB for 217 routes,
    // 720 KB once the money side, reports and the industry modules came in).
    expect(bodyBytes).toBeLessThan(1_000_000);
  });

  it('has every route of the app, each with its access, tenancy, a success answer and its error answers', () => {
    const missing: string[] = [];
    for (const route of t.app.routeCatalogue) {
      const op = operation(route.method, route.url);
      if (!op) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      expect(op['x-access'], `${route.method} ${route.url}`).toEqual(publishedAccess(route.config));
      expect(op['x-tenancy'], `${route.method} ${route.url}`).toEqual(route.config.tenancy ?? 'none');
      expect(op.description, `${route.method} ${route.url}`).toMatch(/^Access: /);
      expect(op.responses['200'], `${route.method} ${route.url}`).toBeDefined();
      expect(op['x-error-codes'].length, `${route.method} ${route.url}`).toBeGreaterThan(0);
      for (const code of op['x-error-codes'])
        expect(
          Object.values(op.responses).some((answer) => answer.$ref?.includes(`_${code}`)),
          `${route.method} ${route.url} answers ${code}`,
        ).toBe(true);
      if (route.config.access !== 'public') expect(codesAt(op, 401), `${route.method} ${route.url}`).toEqual([10002, 10003, 10004, 10013, 10014]);
    }
    expect(missing).toEqual([]);
    const published = Object.values(document.paths).reduce((sum, ops) => sum + Object.keys(ops).length, 0);
    expect(published).toBe(t.app.routeCatalogue.length);
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });

  it('gives each operation a unique id and the tag of its first path segment', () => {
    const ids = Object.values(document.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    const revoke = operation('DELETE', '/api/interface-keys/:id')!;
    expect(revoke.operationId).toBe('deleteInterfaceKeysById');
    expect(revoke.tags).toEqual(['interface-keys']);
  });

  it("states a permission route's access, token failures, 403, and the not-found its handler throws", () => {
    const revoke = operation('DELETE', '/api/interface-keys/:id')!;
    expect(revoke['x-access']).toEqual({ kind: 'permission', permissions: ['/thirdinterfaces/generic-interfaces/delete'], displays: false });
    expect(revoke['x-tenancy']).toEqual({ kind: 'interface_keys' });
    expect(revoke.description).toContain('Access: the permission `/thirdinterfaces/generic-interfaces/delete`');
    expect(revoke.security).toEqual([{ bearerToken: [] }]);
    expect(codesAt(revoke, 403)).toEqual([10006, 10008]);
    expect(codesAt(revoke, 404)).toEqual([40400]);
    expect(codesAt(revoke, 400)).toEqual([40000]);
  });

  it('states a public route without token failures, and the interface key and codes of ingest', () => {
    const health = operation('GET', '/api/health')!;
    expect(health['x-access']).toEqual({ kind: 'public', displays: false });
    expect(health.security).toEqual([]);
    expect(health.responses['401']).toBeUndefined();
    const ingest = operation('POST', '/api/ingest/readings')!;
    expect(ingest.security).toEqual([{ interfaceKey: [] }]);
    expect(ingest['x-error-codes']).toEqual(expect.arrayContaining([10009, 40000, 41300, 50300]));
    expect(ingest.requestBody!.content['application/json']!.schema.required).toEqual(['readings']);
  });

  it('describes a request body by the zod rules the route validates with: required name, 1-100 characters', async () => {
    const create = operation('POST', '/api/interface-keys')!;
    const schema = create.requestBody!.content['application/json']!.schema;
    expect(schema.required).toEqual(['name']);
    expect(schema.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 100 });
    // The server holds the same line: 100 characters pass, 101 are refused with the field and rule.
    const token = await loginAs(t.app);
    const send = (name: string) =>
      t.app.inject({ method: 'POST', url: '/api/interface-keys', headers: { authorization: `Bearer ${token}` }, payload: { name } });
    expect((await send('n'.repeat(100))).json().code).toBe(0);
    const refused = await send('n'.repeat(101));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 40000, message: 'body.name: Too big: expected string to have <=100 characters' });
    expect(codesAt(create, 415)).toEqual([40000]);
  });

  it("describes a generic resource route by its definition's schema (tags: name required, at most 50 characters)", async () => {
    const create = operation('POST', '/api/tags')!;
    const schema = create.requestBody!.content['application/json']!.schema;
    expect(schema.required).toContain('name');
    expect(schema.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 50 });
    expect(operation('PUT', '/api/tags/:id')!.requestBody!.content['application/json']!.schema.properties.name.maxLength).toBe(50);
    const token = await loginAs(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 't'.repeat(51), color: '#409EFF' },
    });
    expect(refused.json()).toMatchObject({ code: 40000 });
    expect(refused.json().data.issues[0]).toMatchObject({ field: 'body.name' });
  });

  it("answers the MQTT contract at GET /api/asyncapi.json, naming this server's broker", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/asyncapi.json', headers: { host: 'plant.example:8080' } });
    expect(response.statusCode).toBe(200);
    const asyncapi = response.json() as { asyncapi: string; servers: Record<string, { host: string; protocol: string }> };
    expect(asyncapi.asyncapi).toBe('3.0.0');
    expect(asyncapi.servers.broker).toMatchObject({ host: `plant.example:${process.env.MQTT_PORT || 1883}`, protocol: 'mqtt' });
  });
});

describe('the reference page /docs/api', () => {
  it("is served from this server under the pages' policy: no CDN, no inline script", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/api/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*\bsrc=)[^>]*>/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts).toEqual(['./static/swagger-ui-bundle.js', './static/swagger-ui-standalone-preset.js', './static/swagger-initializer.js']);
    for (const script of scripts) {
      const asset = await t.app.inject({ method: 'GET', url: `/docs/api/${script.slice(2)}` });
      expect(asset.statusCode, script).toBe(200);
      expect(asset.headers['content-type'], script).toMatch(/javascript/);
    }
  });
});
