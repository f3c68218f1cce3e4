import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';
import { AlarmEvents } from '../alarms/alarmEvents';
import { IngestEvents } from '../ingest/ingestEvents';
import { DEFAULT_FORWARDING, ForwardingService } from './forwardingService';
import { Receiver } from './receiver.test-util';

let t: TestApp;
let admin: string;
const receivers: Receiver[] = [];
const SECRET = 'whsec-0123456789abcdef';
const QUARTER = 15 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => {
  for (const r of receivers) await r.close();
  await t.close();
});
afterEach(async () => {
  // Each test starts with no endpoints, so one test's endpoint never sees another's readings.
  for (const row of await t.app.forwarding.endpoints.list(null)) await t.app.forwarding.endpoints.delete(row.id);
  await t.app.forwarding.refresh();
  t.app.forwarding.options.queueLimit = 10_000;
});

async function receiver(secret: string | null = SECRET): Promise<{ r: Receiver; url: string }> {
  const r = new Receiver(secret);
  receivers.push(r);
  return { r, url: await r.listen() };
}

const idOf = async (table: 'meters' | 'departments', code: string) =>
  (await t.app.storage.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => callAs(t.app, token, method, url, payload);
async function createEndpoint(fields: Record<string, unknown>, token = admin): Promise<any> {
  const answer = await api('POST', '/api/forward-endpoints', { name: 'Regulator', method: 'POST', ...fields }, token);
  expect(answer.body.code, answer.body.message).toBe(0);
  return answer.body.data;
}
const ingest = (readings: { meter: string; ts: number; values: Record<string, number> }[]) =>
  t.app.ingest.submit({ readings }, { kind: 'mqtt', gatewaySn: 'GW-DEMO-01' });
/** Resolves once the receiver holds `count` items, whatever batches carried them. */
async function itemsArrived(r: Receiver, count: number, withinMs = 10_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (r.items.length < count) {
    if (Date.now() > deadline) throw new Error(`receiver got ${r.items.length} of ${count} items`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
/** A past instant on a quarter hour, far enough back that ingest takes every reading after it. */
const base = Math.floor(Date.now() / QUARTER) * QUARTER - 24 * 3600_000;
let clock = 0;
/** A fresh time per test (readings are idempotent on meter and time, and each test's must be new). */
const nextBase = () => base - ++clock * 2 * 3600_000;

describe('forwarding readings', () => {
  it('sends the exact readings of the chosen meter and department (with its meters) in batches, signed over timestamp.body', async () => {
    const { r, url } = await receiver();
    const endpoint = await createEndpoint({
      url,
      secret: SECRET,
      headers: [{ name: 'X-Site', value: 'plant-7' }],
      meterIds: [await idOf('meters', 'M011')],
      departmentIds: [await idOf('departments', 'LINE-2')],
      batchSize: 2,
      intervalSeconds: 3600,
    });
    const ts = nextBase();
    const outcome = await ingest([
      { meter: 'M011', ts, values: { kwh: 10.5, kw: 3.25 } },
      { meter: 'M012', ts, values: { kwh: 7 } },
      { meter: 'M014', ts, values: { kwh: 20 } },
      { meter: 'M011', ts: ts + 60_000, values: { kwh: 10.75 } },
      { meter: 'M021', ts, values: { kwh: 1 } },
      { meter: 'M016', ts, values: { kw: 2.5 } },
      { meter: 'M015', ts, values: { kwh: 30 } },
    ]);
    expect(outcome).toMatchObject({ accepted: 7 });
    await r.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // Five of the seven readings are chosen: two full batches of 2, the fifth waits for the interval.
    expect(r.received).toHaveLength(2);
    const m = (code: string) => idOf('meters', code);
    expect(r.received.map((x) => x.batch.items)).toEqual([
      [
        { type: 'reading', meter: 'M011', meterId: await m('M011'), ts, values: { kwh: 10.5, kw: 3.25 } },
        { type: 'reading', meter: 'M014', meterId: await m('M014'), ts, values: { kwh: 20 } },
      ],
      [
        { type: 'reading', meter: 'M011', meterId: await m('M011'), ts: ts + 60_000, values: { kwh: 10.75 } },
        { type: 'reading', meter: 'M016', meterId: await m('M016'), ts, values: { kw: 2.5 } },
      ],
    ]);
    for (const call of r.received) {
      expect(call.method).toBe('POST');
      expect(call.headers['content-type']).toBe('application/json');
      expect(call.headers['x-site']).toBe('plant-7');
      expect(call.batch.endpoint).toBe('Regulator');
      // The receiver's check, written out: HMAC-SHA256 over "<timestamp>.<body bytes>".
      const timestamp = String(call.headers['x-energy-timestamp']);
      const expected = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.`).update(call.body).digest('hex')}`;
      expect(call.headers['x-energy-signature']).toBe(expected);
      expect(call.signatureValid).toBe(true);
    }
    const stored = (await api('GET', `/api/forward-endpoints/${endpoint.id}`)).body.data;
    expect(stored).toMatchObject({ queued: 1, dropped: 0, lastStatus: 200, lastError: null });
  });

  it('sends a batch that is not full once its oldest item waited the interval', async () => {
    const { r, url } = await receiver(null);
    await createEndpoint({ url, meterIds: [await idOf('meters', 'M013')], batchSize: 100, intervalSeconds: 1 });
    const ts = nextBase();
    const started = Date.now();
    await ingest([{ meter: 'M013', ts, values: { kwh: 1 } }]);
    await r.waitFor(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(r.received[0]!.batch.items).toHaveLength(1);
    // No secret: no signature headers.
    expect(r.received[0]!.headers['x-energy-signature']).toBeUndefined();
  });
});

describe('forwarding closed quarter hours and alarms', () => {
  it('sends each closed 15-minute interval of the chosen meter with its energy', async () => {
    const { r, url } = await receiver();
    const meter = await idOf('meters', 'M043');
    await createEndpoint({ url, secret: SECRET, sendReadings: false, sendEnergy: true, meterIds: [meter], batchSize: 1, intervalSeconds: 3600 });
    const q = nextBase();
    // Register 100 → 101 → 102.5 → 104 → 105 kWh at q, +5, +10, +15, +20 minutes (CT × PT = 1). Closed quarter hours
    // come from the energy lease holder's pass (every 2 s, this process here); one is run after the first reading so
    // the endpoint's cursor starts there.
    await ingest([{ meter: 'M043', ts: q, values: { kwh: 100 } }]);
    await t.app.forwarding.sendClosedQuarterHours();
    for (const [minutes, kwh] of [
      [5, 101],
      [10, 102.5],
      [15, 104],
      [20, 105],
    ] as const)
      await ingest([{ meter: 'M043', ts: q + minutes * 60_000, values: { kwh } }]);
    await t.app.forwarding.sendClosedQuarterHours();
    await r.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // The first reading closes the interval that ended at it (no energy there yet); the reading at q+15 closes
    // [q, q+15) with 104 − 100 = 4 kWh; q+20 closes nothing.
    expect(r.items).toEqual([
      { type: 'energy', meter: 'M043', meterId: meter, energyType: 'electricity', start: q - QUARTER, end: q, energy: 0 },
      { type: 'energy', meter: 'M043', meterId: meter, energyType: 'electricity', start: q, end: q + QUARTER, energy: 4 },
    ]);
  });

  it('stores how far each meter was taken; a process taking the lease over sends what was not taken, once, and nothing before it', async () => {
    const { r, url } = await receiver();
    const meter = await idOf('meters', 'M045');
    const endpoint = await createEndpoint({ url, sendReadings: false, sendEnergy: true, meterIds: [meter], batchSize: 10, intervalSeconds: 1 });
    const q = nextBase();
    await ingest([{ meter: 'M045', ts: q, values: { kwh: 50 } }]);
    await t.app.forwarding.sendClosedQuarterHours();
    await ingest([
      { meter: 'M045', ts: q + QUARTER, values: { kwh: 53 } },
      { meter: 'M045', ts: q + 2 * QUARTER, values: { kwh: 55.5 } },
    ]);
    await t.app.forwarding.sendClosedQuarterHours();
    const energy = (start: number, kwh: number) => ({
      type: 'energy',
      meter: 'M045',
      meterId: meter,
      energyType: 'electricity',
      start,
      end: start + QUARTER,
      energy: kwh,
    });
    const cursor = async () =>
      Number(
        (
          await t.app.storage.db
            .selectFrom('forward_energy_cursors')
            .select('sent_through')
            .where('endpoint_id', '=', endpoint.id)
            .where('meter_id', '=', meter)
            .executeTakeFirstOrThrow()
        ).sent_through,
      );
    await itemsArrived(r, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(r.items).toEqual([energy(q - QUARTER, 0), energy(q, 3), energy(q + QUARTER, 2.5)]);
    expect(await cursor()).toBe(q + 2 * QUARTER);
    // A holder killed before its last batch was answered: the stored cursor is one interval back. The next holder
    // starts from the stored cursor, not from what this process handed.
    await t.app.storage.db
      .updateTable('forward_energy_cursors')
      .set({ sent_through: q + QUARTER })
      .where('endpoint_id', '=', endpoint.id)
      .execute();
    await t.app.forwarding.sendClosedQuarterHours();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(r.items).toHaveLength(3);
    t.app.forwarding.takeOver();
    await t.app.forwarding.sendClosedQuarterHours();
    await itemsArrived(r, 4);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(r.items.slice(3)).toEqual([energy(q + QUARTER, 2.5)]);
    expect(await cursor()).toBe(q + 2 * QUARTER);
  });

  it('sends alarms raised on a chosen meter, not those of other meters', async () => {
    const { r, url } = await receiver();
    await createEndpoint({
      url,
      secret: SECRET,
      sendReadings: false,
      sendAlarms: true,
      meterIds: [await idOf('meters', 'M041')],
      batchSize: 1,
      intervalSeconds: 3600,
    });
    for (const code of ['M041', 'M042']) {
      const rule = await api('POST', '/api/alarm-rules', {
        name: `kw ${code}`,
        scope: 'meter',
        scopeId: await idOf('meters', code),
        metric: 'kw',
        over: 100,
        severity: 'high',
      });
      expect(rule.body.code, rule.body.message).toBe(0);
    }
    const ts = Date.now() - 60_000;
    await ingest([
      { meter: 'M041', ts, values: { kw: 150 } },
      { meter: 'M042', ts, values: { kw: 160 } },
    ]);
    await t.app.alarms.engine.idle();
    await r.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({
      type: 'alarm',
      event: 'raised',
      alarm: {
        kind: 'device',
        severity: 'high',
        processingState: 1,
        subject: { type: 'meter', code: 'M041' },
        metric: 'kw',
        value: 150,
        limit: 100,
        raisedAt: ts,
      },
    });
    expect(r.received[0]!.signatureValid).toBe(true);
  });
});

describe('retries and failures', () => {
  it('retries a refused batch after the backoff, doubled, until it is taken; every call is recorded', async () => {
    const { r, url } = await receiver();
    r.reply = (index) => (index < 2 ? 503 : 200);
    const endpoint = await createEndpoint({ url, secret: SECRET, meterIds: [await idOf('meters', 'M022')], batchSize: 1, backoffSeconds: 1, maxAttempts: 5 });
    await ingest([{ meter: 'M022', ts: nextBase(), values: { kwh: 5 } }]);
    await r.waitFor(3, 15_000);
    const [first, second, third] = r.received;
    expect(new Set(r.received.map((x) => x.headers['x-energy-delivery'])).size).toBe(1);
    expect(r.received.map((x) => x.headers['x-energy-attempt'])).toEqual(['1', '2', '3']);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1000);
    expect(third!.at - second!.at).toBeGreaterThanOrEqual(2000);
    // Each attempt is signed again with its own timestamp.
    expect(r.received.every((x) => x.signatureValid)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const calls = (await api('GET', `/api/forward-calls?endpointId=${endpoint.id}`)).body.data;
    expect(calls.rows.map((c: any) => [c.attempt, c.status, c.ok, c.items, c.endpointName])).toEqual([
      [3, 200, true, 1, 'Regulator'],
      [2, 503, false, 1, 'Regulator'],
      [1, 503, false, 1, 'Regulator'],
    ]);
    expect(calls.rows[1].error).toBe('HTTP 503: receiver refused');
    const failed = (await api('GET', `/api/forward-calls?endpointId=${endpoint.id}&result=failed`)).body.data;
    expect(failed.total).toBe(2);
    expect((await api('GET', `/api/forward-calls?endpointId=${endpoint.id}&status=200`)).body.data.rows.map((c: any) => c.attempt)).toEqual([3]);
    expect((await api('GET', `/api/forward-calls?endpointId=${endpoint.id}&status=0`)).body.data.total).toBe(0);
    expect((await api('GET', '/api/forward-calls?status=42')).body.message).toBe('querystring.status: must be 0 (no answer) or an HTTP status');
  }, 20_000);

  it('gives a batch up after the last attempt, records it as failed and dropped, and sends no more of it', async () => {
    const { r, url } = await receiver();
    r.reply = () => 500;
    const endpoint = await createEndpoint({ url, meterIds: [await idOf('meters', 'M023')], batchSize: 2, backoffSeconds: 1, maxAttempts: 2 });
    const ts = nextBase();
    await ingest([
      { meter: 'M023', ts, values: { kwh: 1 } },
      { meter: 'M023', ts: ts + 60_000, values: { kwh: 2 } },
    ]);
    await r.waitFor(2, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(r.received).toHaveLength(2);
    const calls = (await api('GET', `/api/forward-calls?endpointId=${endpoint.id}`)).body.data.rows;
    expect(calls[0]).toMatchObject({ attempt: 2, ok: false, status: 500, error: 'HTTP 500: receiver refused (gave up after 2 attempts: 2 items dropped)' });
    expect((await api('GET', `/api/forward-endpoints/${endpoint.id}`)).body.data).toMatchObject({ queued: 0, lastStatus: 500 });
  }, 15_000);

  it('records a connection that is refused as a network error without status', async () => {
    const { r, url } = await receiver();
    await r.close();
    const endpoint = await createEndpoint({ url, meterIds: [await idOf('meters', 'M024')], batchSize: 1, maxAttempts: 1 });
    const test = await api('POST', `/api/forward-endpoints/${endpoint.id}/test`);
    expect(test.body).toMatchObject({ code: 0, message: 'Not delivered', data: { ok: false, status: null } });
    expect(test.body.data.error).toMatch(/^fetch failed: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    const calls = (await api('GET', `/api/forward-calls?endpointId=${endpoint.id}&status=0`)).body.data.rows;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ test: true, attempt: 1, items: 1, ok: false, status: null });
  });
});

describe('a failing endpoint never slows ingestion', () => {
  it('keeps at most the queue limit, drops the oldest and counts them exactly', async () => {
    const { r, url } = await receiver();
    r.reply = () => 'hang';
    t.app.forwarding.options.queueLimit = 50;
    const endpoint = await createEndpoint({ url, meterIds: [await idOf('meters', 'M030')], batchSize: 10, intervalSeconds: 3600 });
    const ts = nextBase();
    const payload = (from: number) => Array.from({ length: 10 }, (_, i) => ({ meter: 'M030', ts: ts + (from + i) * 60_000, values: { kwh: from + i } }));
    await ingest(payload(0));
    await r.waitFor(1); // the first batch of 10 is on its way and never answered
    // Every payload is answered in full while the endpoint's call is still hanging: ingestion never waits for it.
    for (let p = 1; p <= 10; p++) expect(await ingest(payload(p * 10))).toEqual({ accepted: 10, duplicates: 0, rejected: [] });
    expect(r.received).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // 100 more readings into a queue of 50: the 50 oldest were dropped; 10 are in the hanging call.
    const stored = (await api('GET', `/api/forward-endpoints/${endpoint.id}`)).body.data;
    expect(stored).toMatchObject({ dropped: 50, queued: 60 });
    expect(
      Number((await t.app.storage.db.selectFrom('forward_endpoints').select('dropped').where('id', '=', endpoint.id).executeTakeFirstOrThrow()).dropped),
    ).toBe(50);
  });
});

describe('shutting down', () => {
  it('cuts a call on its way short and records it, instead of holding the shutdown for the timeout', async () => {
    const { r, url } = await receiver();
    r.reply = () => 'hang';
    const endpoint = await createEndpoint({ url, meterIds: [await idOf('meters', 'M044')], batchSize: 1 });
    // A second forwarding service over the same database, fed by events of its own, so it can be stopped here.
    const service = new ForwardingService(t.app.storage.db, { ...DEFAULT_FORWARDING, onError: (error) => expect.fail(String(error)) });
    const ingestEvents = new IngestEvents();
    await service.start(ingestEvents, new AlarmEvents());
    const meter = (await t.app.ingest.directory.get()).meterByCode.get('M044')!;
    ingestEvents.emitCommitted({ readings: [{ meter, ts: nextBase(), values: { kwh: 1 } }], quarantined: false });
    service.tick();
    await r.waitFor(1);
    const started = Date.now();
    await service.stop();
    expect(Date.now() - started).toBeLessThan(2000);
    const calls = (await api('GET', `/api/forward-calls?endpointId=${endpoint.id}`)).body.data.rows;
    expect(calls[0]).toMatchObject({ ok: false, status: null, attempt: 1, error: 'cut short: the server is shutting down' });
  });
});

describe('pause and resume', () => {
  it('collects and sends nothing while paused; after resume it forwards what arrives', async () => {
    const { r, url } = await receiver();
    const endpoint = await createEndpoint({ url, meterIds: [await idOf('meters', 'M031')], batchSize: 1 });
    const paused = await api('POST', `/api/forward-endpoints/${endpoint.id}/pause`);
    expect(paused.body).toMatchObject({ code: 0, message: 'Paused', data: { paused: true } });
    const ts = nextBase();
    await ingest([{ meter: 'M031', ts, values: { kwh: 1 } }]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(r.received).toHaveLength(0);
    expect((await api('GET', `/api/forward-endpoints/${endpoint.id}`)).body.data.queued).toBe(0);
    expect((await api('POST', `/api/forward-endpoints/${endpoint.id}/resume`)).body).toMatchObject({ code: 0, message: 'Resumed', data: { paused: false } });
    await ingest([{ meter: 'M031', ts: ts + 60_000, values: { kwh: 2 } }]);
    await r.waitFor(1);
    expect(r.items).toEqual([{ type: 'reading', meter: 'M031', meterId: await idOf('meters', 'M031'), ts: ts + 60_000, values: { kwh: 2 } }]);
  });
});

describe('endpoint validation and the write-only secret', () => {
  const valid = { name: 'Platform', url: 'https://platform.example.test/in' };
  const refused = async (fields: Record<string, unknown>) => {
    const answer = await api('POST', '/api/forward-endpoints', { ...valid, ...fields });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(40000);
    return answer.body.message as string;
  };

  it('refuses what it cannot send, naming the field', async () => {
    expect(await refused({ url: 'ftp://files.example.test/in' })).toBe('body.url: must be an http or https URL');
    expect(await refused({ url: 'file:///etc/passwd' })).toBe('body.url: must be an http or https URL');
    expect(await refused({ url: 'not a url' })).toBe('body.url: must be an http or https URL');
    expect(await refused({ headers: [{ name: 'Host', value: 'other.example.test' }] })).toBe(
      'body.headers.0.name: is set by the server and cannot be configured',
    );
    expect(
      await refused({
        headers: [
          { name: 'X-Ok', value: '1' },
          { name: 'Content-Length', value: '5' },
        ],
      }),
    ).toBe('body.headers.1.name: is set by the server and cannot be configured');
    expect(await refused({ headers: [{ name: 'Bad Header', value: '1' }] })).toBe('body.headers.0.name: is not a valid HTTP header name');
    expect(await refused({ headers: [{ name: 'X-Api', value: 'a\r\nInjected: yes' }] })).toBe('body.headers.0.value: must not contain control characters');
    expect(
      await refused({
        headers: [
          { name: 'X-A', value: '1' },
          { name: 'x-a', value: '2' },
        ],
      }),
    ).toBe('body.headers: each header name only once');
    expect(await refused({ sendReadings: false, sendEnergy: false, sendAlarms: false })).toBe(
      'body.sendReadings: choose at least one of readings, energy and alarms',
    );
    expect(await refused({ secret: 'too-short' })).toBe('body.secret: must be at least 16 characters');
    expect(await refused({ batchSize: 0 })).toMatch(/^body\.batchSize: /);
    expect(await refused({ method: 'GET' })).toMatch(/^body\.method: /);
    expect(await refused({ meterIds: [999_999] })).toBe('meterIds.0: meter 999999 does not exist');
  });

  it('never answers the secret or a credential header back; saving without them keeps them', async () => {
    const { r, url } = await receiver();
    const created = await createEndpoint({
      url,
      secret: SECRET,
      headers: [
        { name: 'Authorization', value: 'Bearer platform-token' },
        { name: 'X-Site', value: 'plant-7' },
      ],
      meterIds: [await idOf('meters', 'M032')],
      batchSize: 1,
    });
    const read = await api('GET', `/api/forward-endpoints/${created.id}`);
    expect(JSON.stringify(read.body)).not.toContain(SECRET);
    expect(JSON.stringify(read.body)).not.toContain('platform-token');
    expect(read.body.data).toMatchObject({
      hasSecret: true,
      headers: [
        { name: 'Authorization', value: '***' },
        { name: 'X-Site', value: 'plant-7' },
      ],
    });
    expect(read.body.data).not.toHaveProperty('secret');
    // Save back what was read (masked header, no secret): both stay as they were.
    const { id: _id, ...fields } = read.body.data;
    const saved = await api('PUT', `/api/forward-endpoints/${created.id}`, {
      name: 'Renamed',
      url: fields.url,
      method: fields.method,
      headers: fields.headers,
      meterIds: fields.meterIds,
      batchSize: 1,
    });
    expect(saved.body).toMatchObject({ code: 0, data: { name: 'Renamed', hasSecret: true } });
    await ingest([{ meter: 'M032', ts: nextBase(), values: { kwh: 1 } }]);
    await r.waitFor(1);
    expect(r.received[0]!.headers.authorization).toBe('Bearer platform-token');
    expect(r.received[0]!.signatureValid).toBe(true);
    const cleared = await api('PUT', `/api/forward-endpoints/${created.id}`, { name: 'Renamed', url, clearSecret: true });
    expect(cleared.body.data.hasSecret).toBe(false);
  });
});

describe('user trees', () => {
  let beta: TreeUser;
  beforeAll(async () => {
    beta = await treeUser(t.app, 'beta_forward', [
      '/settings/webServiceConfig',
      '/settings/webServiceConfig/add',
      '/settings/webServiceConfig/edit',
      '/settings/webServiceConfig/delete',
      '/msg/webServiceRecord',
    ]);
  });

  it("tree B neither sees nor changes tree A's endpoints and calls, and cannot choose A's meters", async () => {
    const { url } = await receiver();
    const mine = await createEndpoint({ url, meterIds: [await idOf('meters', 'M033')] });
    await api('POST', `/api/forward-endpoints/${mine.id}/test`);
    expect((await api('GET', '/api/forward-endpoints', undefined, beta.token)).body.data).toEqual({ total: 0, rows: [] });
    expect((await api('GET', '/api/forward-endpoints/options', undefined, beta.token)).body.data).toEqual([]);
    expect((await api('GET', '/api/forward-calls', undefined, beta.token)).body.data).toEqual({ total: 0, rows: [] });
    const notFound = `Forwarding endpoint ${mine.id} was not found`;
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PUT', '', { name: 'Taken', url }],
      ['DELETE', '', undefined],
      ['POST', '/pause', undefined],
      ['POST', '/test', undefined],
    ] as const) {
      const answer = await api(method, `/api/forward-endpoints/${mine.id}${path}`, body, beta.token);
      expect([answer.status, answer.body.message], `${method} ${path}`).toEqual([404, notFound]);
    }
    const stolen = await api('POST', '/api/forward-endpoints', { name: 'B', url, meterIds: [await idOf('meters', 'M033')] }, beta.token);
    expect(stolen.body.message).toBe(`meterIds.0: meter ${await idOf('meters', 'M033')} does not exist`);
    expect((await api('GET', `/api/forward-endpoints/${mine.id}`)).body.data).toMatchObject({ name: 'Regulator', paused: false });
  });

  it("an endpoint of tree B with nothing chosen forwards only tree B's meters", async () => {
    const { r, url } = await receiver();
    const own = await createEndpoint({ url, batchSize: 1, intervalSeconds: 1 }, beta.token);
    expect(own).toMatchObject({ meterIds: [], departmentIds: [] });
    await ingest([{ meter: 'M034', ts: nextBase(), values: { kwh: 1 } }]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(r.received).toHaveLength(0);
  });
});

describe('call records', () => {
  it('keeps the newest calls per endpoint within the retention', async () => {
    const endpoint = await createEndpoint({ url: 'http://127.0.0.1:9/x' });
    const db = t.app.storage.db;
    const now = Date.now();
    const day = 24 * 3600_000;
    await db
      .insertInto('forward_calls')
      .values(
        [40, 3, 2, 1, 0].map((ago, i) => ({
          endpoint_id: endpoint.id,
          at: now - ago * day - i,
          items: 1,
          ok: 1,
          status: 200,
          error: null,
          duration_ms: 1,
          attempt: 1,
        })),
      )
      .execute();
    const { CallRecords } = await import('./callRecords');
    await new CallRecords(db, { maxAgeMs: 30 * day, perEndpoint: 3 }).prune(now);
    const left = (await api('GET', `/api/forward-calls?endpointId=${endpoint.id}&page=1&size=2`)).body.data;
    expect(left.total).toBe(3);
    expect(left.rows.map((c: any) => Math.round((now - c.at) / day))).toEqual([0, 1]);
  });
});
