import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await loginAs(t.app);
});
afterAll(() => t.close());

const CONTROL = 'must not contain control characters';

async function call(method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...bearer(adminToken), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

async function someMeterId(): Promise<number> {
  return (await t.app.storage.db.selectFrom('meters').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
}

describe('text with control characters', () => {
  it('answers 40000 naming the field for U+0000 in every text input tried, and stores nothing', async () => {
    const meterId = await someMeterId();
    const cases: Array<[method: 'POST' | 'PUT', url: string, payload: unknown, field: string]> = [
      ['POST', '/api/tags', { name: 'Hot\u0000tag', color: '#409EFF' }, 'body.name'],
      ['POST', '/api/departments', { name: 'Dept\u0000A', code: 'NUL-D' }, 'body.name'],
      ['POST', '/api/departments', { name: 'Dept A', code: 'NUL\u0000D' }, 'body.code'],
      ['PUT', '/api/users/info', { trueName: 'Ada\u0000Lovelace' }, 'body.trueName'],
      ['POST', '/api/alarm-rules', { name: 'Peak\u0000', scope: 'meter', scopeId: meterId, metric: 'kw', over: 10 }, 'body.name'],
      ['POST', '/api/interface-keys', { name: 'SCADA\u0000' }, 'body.name'],
      [
        'POST',
        '/api/boards',
        { schemaVersion: 1, meta: { name: 'Wall\u0000', description: '' }, elements: {}, layout: { kind: 'grid', spec: { items: [] } } },
        'body.meta.name',
      ],
    ];
    for (const [method, url, payload, field] of cases) {
      const answer = await call(method, url, payload);
      expect({ url, field, status: answer.status, body: answer.body }).toEqual({
        url,
        field,
        status: 400,
        body: expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED, message: `${field}: ${CONTROL}` }),
      });
    }
    const { db } = t.app.storage;
    expect(await db.selectFrom('tags').select('id').where('name', 'like', 'Hot%').execute()).toEqual([]);
    expect(await db.selectFrom('departments').select('id').where('name', 'like', 'Dept%').execute()).toEqual([]);
    expect(await db.selectFrom('alarm_rules').select('id').where('name', 'like', 'Peak%').execute()).toEqual([]);
  });

  it('answers 40000 naming the query parameter for U+0000 in a query string', async () => {
    const answer = await call('GET', '/api/tags?keyword=a%00b');
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED, message: `querystring.keyword: ${CONTROL}` }) });
  });

  it('refuses other C0 controls in one-line fields with the same message, and allows tab and new lines in multi-line text', async () => {
    expect((await call('POST', '/api/tags', { name: 'Bell\u0007', color: '#409EFF' })).body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: `body.name: ${CONTROL}`,
    });
    expect((await call('PUT', '/api/users/info', { trueName: 'Ada', introduction: 'Escape\u001b[31m' })).body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: `body.introduction: ${CONTROL}`,
    });
    expect((await call('PUT', '/api/users/info', { trueName: 'Ada', introduction: 'Line one\r\nLine\ttwo' })).body).toMatchObject({ code: 0 });
  });
});

describe('dates', () => {
  const meter = (installDate: unknown) => ({ code: `D-${String(installDate)}`, name: 'Date check', energyType: 'electricity', unit: 'kWh', installDate });

  it('refuses an install date that is not on the calendar, and one outside 1900-01-01..2100-12-31', async () => {
    expect((await call('POST', '/api/meters', meter('2026-02-30'))).body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'body.installDate: Date must be a real calendar date',
    });
    expect((await call('POST', '/api/meters', meter('0000-01-01'))).body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'body.installDate: Date must be between 1900-01-01 and 2100-12-31',
    });
    expect((await call('POST', '/api/meters', meter('9999-12-31'))).body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'body.installDate: Date must be between 1900-01-01 and 2100-12-31',
    });
    expect((await call('POST', '/api/meters', meter('2024-02-29'))).body).toMatchObject({ code: 0, data: { installDate: '2024-02-29' } });
    const stored = await t.app.storage.db.selectFrom('meters').select('code').where('code', 'in', ['D-2026-02-30', 'D-0000-01-01', 'D-9999-12-31']).execute();
    expect(stored).toEqual([]);
  });
});

describe('content types', () => {
  it('answers a text/plain body to a JSON route with 415, as it does for other non-JSON types', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { ...bearer(adminToken), 'content-type': 'application/xml' },
      payload: '<tag/>',
    });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { ...bearer(adminToken), 'content-type': 'text/plain' },
      payload: '{"name":"x","color":"#409EFF"}',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ code: ErrorCode.VALIDATION_FAILED, data: null, message: 'Unsupported Media Type' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ code: ErrorCode.VALIDATION_FAILED, data: null, message: 'Unsupported Media Type' });
  });
});
