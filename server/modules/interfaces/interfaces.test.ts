import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { createTestApp, loginAs, bearer, type TestApp } from '@tests/support/testApp';
import { insertSubUser } from '@tests/support/users';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await loginAs(t.app);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const now = Date.now();

async function activeKey(name = 'SCADA'): Promise<string> {
  const created = (await post('/api/interface-keys', { name }, bearer(adminToken))).json();
  expect(created).toMatchObject({ code: 0, data: { name, state: 'issued' } });
  const activated = await post('/api/interface-keys/activate', { key: created.data.key }, bearer(adminToken));
  expect(activated.json()).toMatchObject({ code: 0, data: { state: 'active' } });
  return created.data.key as string;
}

describe('interface keys', () => {
  it('answers 10009 for a key that does not exist and 10010 for one already used', async () => {
    expect((await post('/api/interface-keys/activate', { key: 'ek_nope' }, bearer(adminToken))).json()).toMatchObject({
      code: ErrorCode.SDK_KEY_INVALID,
      message: 'The sdk key is invalid',
    });
    const key = await activeKey();
    expect((await post('/api/interface-keys/activate', { key }, bearer(adminToken))).json()).toMatchObject({
      code: ErrorCode.SDK_KEY_USED,
      message: 'The sdk key has already been used',
    });
  });

  it('lists keys without their secret text', async () => {
    const list = (await t.app.inject({ url: '/api/interface-keys', headers: bearer(adminToken) })).json();
    expect(list.data.total).toBeGreaterThan(0);
    expect(list.data.rows[0]).not.toHaveProperty('key');
    expect(list.data.rows[0].keyHint).toMatch(/^….{4}$/);
  });

  it('is refused to a sub-user without the menu', async () => {
    await insertSubUser(t.app, { username: 'viewer1', password: 'Secret!234' });
    const token = await loginAs(t.app, 'viewer1', 'Secret!234');
    expect((await post('/api/interface-keys', { name: 'x' }, bearer(token))).json().code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('POST /api/ingest/readings', () => {
  it('stores readings sent with an active key, reports rejected ones, and records the call', async () => {
    const key = await activeKey('Billing system');
    const response = await post(
      '/api/ingest/readings',
      {
        ts: now - 60_000,
        readings: [
          { meter: 'M041', values: { kwh: 12.5, kw: 3 } },
          { meter: 'M041', ts: now, values: { kwh: 13 } },
          { meter: 'GHOST', values: { kwh: 1 } },
        ],
      },
      { 'x-interface-key': key },
    );
    expect(response.json()).toEqual({
      code: 0,
      message: '1 reading rejected',
      data: { accepted: 2, duplicates: 0, rejected: [{ index: 2, meter: 'GHOST', reason: 'unknown meter "GHOST"' }] },
    });
    const calls = (await t.app.inject({ url: '/api/interface-calls?page=1&size=5', headers: bearer(adminToken) })).json().data;
    expect(calls.rows[0]).toMatchObject({ accepted: 2, rejected: 1, code: 0 });
  });

  it('refuses a missing, unknown or not yet activated key with 10009', async () => {
    expect((await post('/api/ingest/readings', { readings: [] })).json().code).toBe(ErrorCode.SDK_KEY_INVALID);
    expect((await post('/api/ingest/readings', { readings: [] }, { 'x-interface-key': 'ek_unknown' })).json().code).toBe(ErrorCode.SDK_KEY_INVALID);
    const issued = (await post('/api/interface-keys', { name: 'not active' }, bearer(adminToken))).json().data.key as string;
    expect((await post('/api/ingest/readings', { readings: [] }, { 'x-interface-key': issued })).statusCode).toBe(400);
  });

  it('refuses a payload that is not one, with the reason', async () => {
    const key = await activeKey('Broken client');
    const response = await post('/api/ingest/readings', { readings: {} }, { 'x-interface-key': key });
    expect(response.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'readings must be an array' });
  });
});
