import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '@server/tenancy/routeTenancy';
import { errorInfo, ErrorCode } from '@shared/errors';
import { createTestApp, loginAs } from '../../support/testApp';
import { TREE_PASSWORD } from '../../support/trees';
import { buildFixture, CALLERS, MARK, type Caller, type Fixture } from './fixture';
import { fingerprint, firstDifference } from './fingerprint';
import { objectIdOf, otherParams, samples, type Sample } from './samples';

/**
 * The generated authorization suite: every /api route the running app declares × every kind of caller
 * (no token, a bad token, a display token of tree A, a sub-user of A without the permission, one with it,
 * the top-level user of another tree with every permission, admin). Callers for whom nothing is due get
 * no data of tree A and change nothing stored; callers for whom it is due get through. A new route is
 * covered by being declared; one the suite cannot call fails it.
 */
const t = await createTestApp({ seedDemo: false });
const routes: DeclaredRoute[] = [...t.app.routeCatalogue];
let fx: Fixture;
let sampleOf: Record<string, Sample>;

/** Public routes and what anyone may get from them. */
const PUBLIC: Record<string, string> = {
  'GET /api/health': 'liveness, no data',
  'GET /api/openapi.json': 'the HTTP contract, generated from the routes (nothing of a tree)',
  'GET /api/asyncapi.json': 'the MQTT contract: topics and payload (nothing of a tree)',
  'POST /api/auth/login': 'the login itself',
  'GET /api/login-pages/current': "the login page's edition for the host",
  'GET /api/site': 'the site name, pictures, default language and colour, hidden menu groups (nothing of a tree)',
  'POST /api/ingest/readings': 'authenticated by its x-interface-key header, not a session',
  'POST /api/ingest/output': 'authenticated by its x-interface-key header, not a session',
  'GET /api/files/:name': 'pictures by the SHA-256 of their bytes (a name only the boards that use it know)',
  'GET /api/inquiry/public': "the platform's login-page announcements and contact details (the admin tree's, never a tenant's)",
  'POST /api/member/code': 'a member asks for a sign-in code; the answer is the same for every phone',
  'POST /api/member/login': 'a member signs in with phone and code',
  'POST /api/member/wechat-login': 'a member signs in with a bound WeChat openid (demo only)',
  'GET /api/member/me': "a member's own rooms: refused without a member token",
  'GET /api/member/rooms/:accountId/usage': "a member's own room: refused without a member token",
  'GET /api/member/rooms/:accountId/bills': "a member's own room: refused without a member token",
  'POST /api/member/rooms/:accountId/topups': "a member's own room: refused without a member token",
  'GET /api/member/payments/:outTradeNo': "a member's own payment: refused without a member token",
  'POST /api/pay/wechat/notify': 'the payment provider’s notification, trusted only by its signature (401 without one)',
  'POST /api/pay/wechat/refund-notify': 'the payment provider’s refund notification, trusted only by its signature (401 without one)',
  'GET /api/report-sheets/:token': "a shared report sheet, only with its link's secret token (404 for any other)",
  'GET /api/report-sheets/:token/file': "a shared report's file, only with its link's secret token (404 for any other)",
};

const NO_PERMISSION = errorInfo.FORBIDDEN.message;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const tenancyOf = (route: DeclaredRoute) => route.config.tenancy;
const objectRoute = (route: DeclaredRoute) => {
  const tenancy = tenancyOf(route);
  return typeof tenancy === 'object' ? tenancy : null;
};
/** The path parameter naming the route's object (`:id`, or the one declared), when the route has one. */
function idParamOf(route: DeclaredRoute): string | null {
  const tenancy = objectRoute(route);
  if (!tenancy) return null;
  const name = tenancy.param ?? 'id';
  return new RegExp(`:${name}(?![A-Za-z0-9_])`).test(route.url) ? name : null;
}

function urlOf(route: DeclaredRoute, sample: Sample): string {
  const tenancy = objectRoute(route);
  const values: Record<string, string | number> = {
    ...otherParams(fx),
    ...(tenancy ? { [tenancy.param ?? 'id']: objectIdOf(fx, tenancy.kind) } : {}),
    ...sample.params,
  };
  const path = route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\|:[A-Za-z_][A-Za-z0-9_]*)?/g, (_all, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${key(route)}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return sample.query ? `${path}?${sample.query}` : path;
}

/** Why the suite cannot call a route, or null. */
function unclassified(route: DeclaredRoute): string | null {
  const access = route.config.access;
  if (!access) return 'no access rule';
  if (access === 'public') return PUBLIC[key(route)] ? null : 'public, but not in the list of public routes';
  const tenancy = tenancyOf(route);
  if (!tenancy) return 'no tenancy declaration';
  // An action on one object (`POST /displays/:id/revoke`) needs no body; any other write needs a sample.
  if (WRITES.has(route.method) && route.method !== 'DELETE' && !idParamOf(route) && !sampleOf[key(route)]) return 'a write without a sample request';
  if (route.method === 'DELETE' && !idParamOf(route) && !/:/.test(route.url) && !sampleOf[key(route)]) return 'a batch delete without a sample body';
  try {
    urlOf(route, sampleOf[key(route)] ?? {});
  } catch (error) {
    return (error as Error).message;
  }
  return null;
}

async function call(route: DeclaredRoute, caller: Caller) {
  const sample = sampleOf[key(route)] ?? {};
  let token = fx.tokens[caller];
  if (sample.freshSession && (caller === 'with' || caller === 'otherTree' || caller === 'without' || caller === 'admin')) {
    const username = { with: 'alpha_with', otherTree: 'beta_top', without: 'alpha_without', admin: 'admin' }[caller];
    token = caller === 'admin' ? await loginAs(t.app) : await loginAs(t.app, username, TREE_PASSWORD);
  }
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const payload = sample.raw ? sample.raw.payload : sample.body;
  if (sample.raw) headers['content-type'] = sample.raw.contentType;
  const response = await t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route, sample),
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  let body: { code?: number; message?: string } = {};
  try {
    body = response.json();
  } catch {
    // Files and exports answer bytes.
  }
  return { status: response.statusCode, body, text: response.body };
}

/** What the caller's answer and the store must look like when nothing is due to it. */
async function expectNothingFor(route: DeclaredRoute, caller: Exclude<Caller, 'with' | 'admin'>) {
  const ownRoot = caller === 'otherTree' ? fx.beta.id : -1;
  const before = await fingerprint(t.app, ownRoot);
  const answer = await call(route, caller);
  const where = `${key(route)} as ${caller}: ${answer.status} ${answer.body.message ?? ''}`;
  expect(answer.status, where).toBeLessThan(500);
  expect(answer.text.includes(MARK), `${where} leaks tree A`).toBe(false);
  const after = await fingerprint(t.app, ownRoot);
  expect(after === before, `${where} changed stored data\n${firstDifference(before, after)}`).toBe(true);
  return answer;
}

const matrix = { routes: 0, calls: 0 };

describe('authorization matrix: every /api route × every caller', () => {
  beforeAll(async () => {
    // The prepaid timers (hourly deduction, supply sweep, payment queries, reconciliation), the report workers (runner,
    // scheduler, deliveries, retention), the import worker and the comparison sweep would change rows between a call and
    // its fingerprint; this suite checks who may call what, so they stay off.
    const prepaid = t.app.prepaid;
    await Promise.all([
      prepaid.deduction.stop(),
      prepaid.supply.stop(),
      prepaid.balanceAlarms.stop(),
      prepaid.payments.stop(),
      prepaid.reconciliation.stop(),
      t.app.reports.stop(),
      t.app.powerImports.stop(),
      t.app.powerComparison.stop(),
      t.app.jobLeases.stop(), // lease renewals write job_leases every few seconds
    ]);
    fx = await buildFixture(t.app);
    sampleOf = samples(fx);
  });
  afterAll(async () => {
    console.log(`authorization matrix (${t.app.storage.kind}): ${matrix.routes} routes × ${CALLERS.length} callers = ${matrix.calls} calls`);
    await t.close();
  });

  it('finds routes to test and can classify every one of them', () => {
    expect(routes.length).toBeGreaterThan(100);
    const problems = routes.map((route) => `${key(route)}: ${unclassified(route)}`).filter((line) => !line.endsWith(': null'));
    expect(problems).toEqual([]);
  });

  // Phase 1: callers for whom nothing is due. They change nothing, so the order does not matter.
  for (const route of routes) {
    const access = route.config.access;
    if (access === 'public') {
      it(`${key(route)} (public: ${PUBLIC[key(route)] ?? '?'}) gives no data of tree A and changes nothing`, async () => {
        if (route.url === '/api/files/:name') {
          expect((await call(route, 'none')).status).toBe(200);
          return;
        }
        await expectNothingFor(route, 'none');
        matrix.calls += 1;
      });
      continue;
    }
    it(`${key(route)}: refused without a valid session, to displays, without the permission and across trees`, async () => {
      matrix.routes += 1;
      const none = await expectNothingFor(route, 'none');
      expect([none.status, none.body.code]).toEqual([401, ErrorCode.TOKEN_MISSING]);
      const bad = await expectNothingFor(route, 'bad');
      expect([bad.status, bad.body.code]).toEqual([401, ErrorCode.TOKEN_INVALID]);
      if (route.config.displays !== true) {
        const display = await expectNothingFor(route, 'display');
        expect([display.status, display.body.code]).toEqual([403, ErrorCode.FORBIDDEN]);
      } else {
        const display = await call(route, 'display');
        expect(display.status, `${key(route)} as display`).toBeLessThan(500);
      }
      if (typeof access === 'object' || access === 'admin') {
        const without = await expectNothingFor(route, 'without');
        expect([without.status, without.body.code], `${key(route)} without the permission`).toEqual([403, ErrorCode.FORBIDDEN]);
      }
      const other = await expectNothingFor(route, 'otherTree');
      const tenancy = tenancyOf(route);
      if ((tenancy === 'platform' && WRITES.has(route.method)) || access === 'admin')
        expect(other.status, `${key(route)} by another tree's top-level account`).toBe(403);
      if (idParamOf(route))
        expect([403, 404], `${key(route)} on tree A's object as another tree: ${other.status} ${other.body.message}`).toContain(other.status);
      matrix.calls += 5;
    });
  }

  // Phase 2: callers for whom the route is due get through. Reads first, then writes, deletes last.
  const rank = (route: DeclaredRoute) => (route.method === 'GET' ? 0 : route.method === 'DELETE' ? 2 : 1);
  for (const route of [...routes].filter((r) => r.config.access !== 'public').sort((x, y) => rank(x) - rank(y))) {
    it(`${key(route)}: gets through for tree A's sub-user with the permission and for admin`, async () => {
      for (const caller of ['with', 'admin'] as const) {
        const answer = await call(route, caller);
        const where = `${key(route)} as ${caller}: ${answer.status} ${answer.body.message ?? ''}`;
        expect(answer.status, where).toBeLessThan(500);
        expect(answer.status, where).not.toBe(401);
        const adminOnly = (tenancyOf(route) === 'platform' && WRITES.has(route.method)) || route.config.access === 'admin';
        if (adminOnly && caller === 'with') expect(answer.status, where).toBe(403);
        else expect(answer.status === 403 && answer.body.message === NO_PERMISSION, `${where}: refused by the access rule`).toBe(false);
        const tenancy = objectRoute(route);
        // Tree A's own objects are found by tree A's users (deletes may have removed them by now).
        if (caller === 'with' && route.method === 'GET' && idParamOf(route) && tenancy && !tenancy.check) expect(answer.status, where).not.toBe(404);
        matrix.calls += 1;
      }
    });
  }
});
