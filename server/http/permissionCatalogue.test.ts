import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import type { Access } from './access';

/** Every /api route with the access rule it declared, collected while the app registers its routes. */
const declared = vi.hoisted(() => [] as { route: string; access: unknown }[]);

vi.mock('./access', async (importOriginal) => {
  const original = await importOriginal<typeof import('./access')>();
  return {
    ...original,
    registerAccessControl: (...args: Parameters<typeof original.registerAccessControl>) => {
      args[0].addHook('onRoute', (route: RouteOptions) => {
        if (route.url.startsWith('/api')) declared.push({ route: `${String(route.method)} ${route.url}`, access: route.config?.access });
      });
      original.registerAccessControl(...args);
    },
  };
});

/** The menu and button full paths an access rule asks for ('public' and 'user' ask for none). */
function requiredPaths(access: Access): readonly string[] {
  if (typeof access === 'string') return [];
  return 'permission' in access ? [access.permission] : access.anyOf;
}

let t: TestApp;
let seeded: Set<string>;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  seeded = new Set((await t.app.storage.db.selectFrom('routers').select('fullpath').execute()).map((r) => r.fullpath));
});
afterAll(() => t.close());

describe('permission catalogue', () => {
  it('sees the API being registered (the check below is not vacuous)', () => {
    const routes = declared.map((d) => d.route);
    expect(routes).toContain('GET /api/routers/tree');
    expect(routes).toContain('PUT /api/routers/roles-auth');
    expect(declared.filter((d) => typeof d.access === 'object').length).toBeGreaterThan(40);
  });

  it('asks only for permissions that exist as seeded router entries, so a role can be granted each of them', () => {
    const missing = declared.flatMap(({ route, access }) =>
      requiredPaths(access as Access)
        .filter((path) => !seeded.has(path))
        .map((path) => `${route} → ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('seeds the button entries a role needs for writing, e.g. the user screen', () => {
    for (const button of ['add', 'edit', 'delete', 'password']) expect(seeded.has(`/settings/user/${button}`)).toBe(true);
    expect(seeded.has('/settings/roles/auth')).toBe(true);
  });
});
