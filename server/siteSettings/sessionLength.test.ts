import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs } from '@tests/support/trees';

let t: TestApp;
const defaults = {
  name: '',
  logoUrl: '',
  faviconUrl: '',
  defaultLanguage: null,
  themeColor: null,
  readingRetentionDays: null,
  sessionMinutes: null,
  hiddenGroups: [],
};

/** A token's life in seconds from its login (the session row's start), and its session row's life in ms. */
async function lifeOf(token: string): Promise<{ seconds: number; sessionMs: number }> {
  const claims = jwt.decode(token) as { exp: number; sid: string };
  const session = await t.app.storage.db.selectFrom('sessions').select(['created_at', 'expires_at']).where('id', '=', claims.sid).executeTakeFirstOrThrow();
  return { seconds: claims.exp - Math.floor(Number(session.created_at) / 1000), sessionMs: Number(session.expires_at) - Number(session.created_at) };
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, tokenTtlSeconds: 43200 });
});
afterAll(() => t.close());

describe('session length', () => {
  it("is the server's TOKEN_TTL_SECONDS until the site sets one, then applies to the next login", async () => {
    const first = await loginAs(t.app);
    expect((await lifeOf(first)).seconds).toBe(43200);

    expect((await callAs(t.app, first, 'PUT', '/api/site-settings', { ...defaults, sessionMinutes: 90 })).status).toBe(200);
    const second = await loginAs(t.app);
    const life = await lifeOf(second);
    expect(life.seconds).toBe(5400);
    // The server-side session ends with the token.
    expect(life.sessionMs).toBe(5400_000);
    // A token signed before keeps the life it was given.
    expect((await lifeOf(first)).seconds).toBe(43200);
    expect((await callAs(t.app, first, 'GET', '/api/site-settings')).status).toBe(200);

    expect((await callAs(t.app, second, 'PUT', '/api/site-settings', defaults)).status).toBe(200);
    expect((await lifeOf(await loginAs(t.app))).seconds).toBe(43200);
  });
});
