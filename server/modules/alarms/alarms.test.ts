import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import type { AlarmKind } from '@shared/schemas';
import { bearer, loginAs } from '@tests/support/testApp';
import { insertSubUser, insertSubUserRow } from '@tests/support/users';
import { alarmSubject } from '../../alarms/alarmSubjects';
import { energyKit, type EnergyKit } from '../../energy/energyKit.test-util';

let k: EnergyKit;
const ids: Record<string, number> = {};
beforeAll(async () => {
  k = await energyKit();
  const { db } = k.t.app.storage;
  const records = k.t.app.alarms.engine.records;
  const raise = async (name: string, kind: AlarmKind, type: 'meter' | 'gateway', id: number, at: number) => {
    const record = await records.raise({
      kind,
      severity: 'medium',
      subject: await alarmSubject(db, type, id),
      ruleId: 0,
      metric: null,
      value: null,
      limit: null,
      message: `${kind} ${name}`,
      at,
    });
    ids[name] = record.id;
  };
  const gatewayId = (await db.selectFrom('gateways').select('id').where('sn', '=', 'GW-DEMO-01').executeTakeFirstOrThrow()).id;
  await raise('a', 'device', 'meter', await k.id('meters', 'M011'), 1000);
  await raise('b', 'device', 'meter', await k.id('meters', 'M012'), 2000);
  await raise('c', 'error', 'meter', await k.id('meters', 'M013'), 3000);
  await raise('d', 'offline', 'meter', await k.id('meters', 'M014'), 4000);
  await raise('e', 'trouble', 'gateway', gatewayId, 5000);
  // The same condition again: a repeat on record c, not a new row.
  await raise('c', 'error', 'meter', await k.id('meters', 'M013'), 6000);
  await raise('c', 'error', 'meter', await k.id('meters', 'M013'), 7000);
});
afterAll(() => k.t.close());

const post = async (url: string, payload: unknown, token = k.token) => {
  const response = await k.t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
  return { status: response.statusCode, body: response.json() };
};
const count = (processingState: unknown, token?: string) => post('/api/alarm-records/alarm-total-count', { processingState }, token);

describe('alarm records', () => {
  it('lists newest first, and after an id oldest first', async () => {
    const { body } = await k.get('/api/alarm-records', { size: 2 });
    expect(body.data.total).toBe(5);
    expect(body.data.rows.map((r: any) => r.message)).toEqual(['trouble e', 'offline d']);
    const after = (await k.get('/api/alarm-records', { afterId: ids.b! })).body.data;
    expect(after.rows.map((r: any) => r.message)).toEqual(['error c', 'offline d', 'trouble e']);
    expect((await k.get('/api/alarm-records', { keyword: 'M013' })).body.data.rows[0]).toMatchObject({ repeatCount: 2, lastRepeatAt: 7000 });
    expect((await k.get('/api/alarm-records', { from: 2000, to: 4000 })).body.data.total).toBe(3);
  });

  it('counts open alarms by kind (spec §7)', async () => {
    expect((await count([1, 2])).body.data).toEqual({ total: 5, deviceCount: 2, errorCount: 1, troubleCount: 1, offlineCount: 1 });
    expect((await count(2)).body.data).toEqual({ total: 0, deviceCount: 0, errorCount: 0, troubleCount: 0, offlineCount: 0 });
    expect((await post('/api/alarm-records/repeat-data-count', {})).body.data).toEqual({ records: 1, repeats: 2 });
  });

  it('acknowledges only new alarms and records who and when', async () => {
    const before = Date.now();
    const { body } = await post('/api/alarm-records/acknowledge', { ids: [ids.a, ids.b, 999], note: 'on it' });
    expect(body.data).toEqual({ changed: [ids.a, ids.b], skipped: [{ id: 999, reason: 'no such alarm' }] });
    const again = await post('/api/alarm-records/acknowledge', { ids: [ids.a] });
    expect(again.body.data).toEqual({ changed: [], skipped: [{ id: ids.a, reason: 'already acknowledged' }] });
    const row = (await k.get('/api/alarm-records', { kind: 'device' })).body.data.rows.find((r: any) => r.id === ids.a);
    expect(row).toMatchObject({ processingState: 2, acknowledgedBy: 'admin', note: 'on it' });
    expect(row.acknowledgedAt).toBeGreaterThanOrEqual(before);
    expect((await count(1)).body.data).toEqual({ total: 3, deviceCount: 0, errorCount: 1, troubleCount: 1, offlineCount: 1 });
    expect((await count(2)).body.data).toEqual({ total: 2, deviceCount: 2, errorCount: 0, troubleCount: 0, offlineCount: 0 });
  });

  it('processes new and acknowledged alarms, never twice', async () => {
    const { body } = await post('/api/alarm-records/process', { ids: [ids.a, ids.c], note: 'replaced the fuse' });
    expect(body.data).toEqual({ changed: [ids.a, ids.c], skipped: [] });
    expect((await post('/api/alarm-records/process', { ids: [ids.a] })).body.data.skipped).toEqual([{ id: ids.a, reason: 'already processed' }]);
    expect((await post('/api/alarm-records/acknowledge', { ids: [ids.c] })).body.data.skipped).toEqual([{ id: ids.c, reason: 'already processed' }]);
    const row = (await k.get('/api/alarm-records', { processingState: '3' })).body.data.rows.find((r: any) => r.id === ids.a);
    expect(row).toMatchObject({ processingState: 3, processedBy: 'admin', acknowledgedBy: 'admin', note: 'replaced the fuse' });
    expect((await count([1, 2])).body.data).toEqual({ total: 3, deviceCount: 1, errorCount: 0, troubleCount: 1, offlineCount: 1 });
  });

  it('says why a cleared alarm is skipped', async () => {
    await k.t.app.alarms.engine.records.clear(ids.d!, 8000);
    expect((await post('/api/alarm-records/process', { ids: [ids.d] })).body.data.skipped).toEqual([{ id: ids.d, reason: 'cleared by the system' }]);
  });

  it('validates the action body', async () => {
    const { status, body } = await post('/api/alarm-records/acknowledge', { ids: [] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'body.ids: choose at least one alarm' });
  });
});

describe('who may see and act', () => {
  it('refuses a user without any alerts screen', async () => {
    await insertSubUserRow(k.t.app.storage.db, { username: 'guest01', password: 'Secret!234' });
    const token = await loginAs(k.t.app, 'guest01', 'Secret!234');
    expect((await count([1, 2], token)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await post('/api/alarm-records/process', { ids: [ids.b] }, token)).body.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('an operator sees the alarms of the gateways and meters in its user tree only', async () => {
    const { db } = k.t.app.storage;
    const adminId = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const operatorId = await insertSubUser(k.t.app, { username: 'operator1', password: 'Secret!234', fatherId: adminId });
    // A top-level account (type 0): a tree of its own, not the admin's that owns the demo gateway.
    await db.updateTable('users').set({ type: 0 }).where('id', '=', operatorId).execute();
    const token = await loginAs(k.t.app, 'operator1', 'Secret!234');
    expect((await count([1, 2], token)).body.data.total).toBe(0);
    expect((await post('/api/alarm-records/acknowledge', { ids: [ids.b] }, token)).body.data.skipped).toEqual([{ id: ids.b, reason: 'no such alarm' }]);
    // The gateway and its meters move into the operator's tree (each alarm subject has its own owner).
    const gateway = await db
      .updateTable('gateways')
      .set({ owner_user_id: operatorId })
      .where('sn', '=', 'GW-DEMO-01')
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('meters').set({ owner_user_id: operatorId }).where('gateway_id', '=', gateway.id).execute();
    // Open now: b (device, acknowledged) and e (trouble); d was cleared by the system above.
    expect((await count([1, 2], token)).body.data).toEqual({ total: 2, deviceCount: 1, errorCount: 0, troubleCount: 1, offlineCount: 0 });
    expect((await post('/api/alarm-records/process', { ids: [ids.b] }, token)).body.data).toEqual({ changed: [ids.b], skipped: [] });
    expect((await k.get('/api/alarm-records', { meterId: await k.id('meters', 'M012') })).body.data.rows[0]).toMatchObject({ processedBy: 'operator1' });
    // Operators watch alarms; threshold rules belong to the alarm-management and devices screens.
    const rules = await k.t.app.inject({ method: 'GET', url: '/api/alarm-rules', headers: bearer(token) });
    expect(rules.json().code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('threshold rules', () => {
  let meterId: number;
  beforeAll(async () => {
    meterId = await k.id('meters', 'M030');
  });
  const rule = (fields: Record<string, unknown>) => ({ name: 'Chiller', scope: 'meter', scopeId: meterId, metric: 'kw', over: 300, ...fields });

  it('validates with field: message', async () => {
    const message = async (fields: Record<string, unknown>) => (await post('/api/alarm-rules', rule(fields))).body.message;
    expect(await message({ over: null })).toBe('body.over: set an upper or a lower limit');
    expect(await message({ under: 400 })).toBe('body.under: the lower limit must be below the upper limit');
    expect(await message({ name: ' ' })).toBe('body.name: required');
    expect(await message({ scopeId: 9999 })).toBe('body.scopeId: no meter with id 9999');
    expect((await post('/api/alarm-rules', rule({ over: null }))).body.code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('creates, lists, updates and deletes', async () => {
    const created = (await post('/api/alarm-rules', rule({ under: 10, durationS: 120 }))).body.data;
    expect(created).toMatchObject({
      name: 'Chiller',
      scope: 'meter',
      scopeId: meterId,
      scopeName: 'M030 Chiller 1',
      metric: 'kw',
      unit: 'kW',
      over: 300,
      under: 10,
      durationS: 120,
      hysteresis: 0,
      severity: 'medium',
      enabled: true,
    });
    const listed = (await k.get('/api/alarm-rules', { scope: 'meter', keyword: 'Chill' })).body.data;
    expect(listed.total).toBe(1);
    const updated = (await k.send('PUT', `/api/alarm-rules/${created.id}`, rule({ over: 350, hysteresis: 5 }))).body.data;
    expect(updated).toMatchObject({ over: 350, under: null, hysteresis: 5 });
    expect((await k.get(`/api/alarm-rules/${created.id}`)).body.data.over).toBe(350);
    const removed = await k.t.app.inject({ method: 'DELETE', url: '/api/alarm-rules', headers: bearer(k.token), payload: { ids: [created.id] } });
    expect(removed.json().data).toEqual({ deleted: 1 });
    expect((await k.get(`/api/alarm-rules/${created.id}`)).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it("suggests the knee point of the meter's recent values", async () => {
    const now = Date.now();
    // 24 values 1..24 and one peak of 100: 100 > 24 × 1.5, so the knee is 24.
    const values = [...Array.from({ length: 24 }, (_, i) => i + 1), 100];
    await k.ingest(values.map((value, i) => ({ meter: 'M030', ts: now - (i + 1) * 60_000, values: { kw: value } })));
    const { body } = await k.get('/api/alarm-rules/suggest', { meterId, metric: 'kw', days: 1 });
    expect(body.data).toEqual({ over: 24, sampleSize: 25, unit: 'kW' });
    expect((await k.get('/api/alarm-rules/suggest', { meterId: await k.id('meters', 'M031'), metric: 'kw' })).body.data).toEqual({
      over: null,
      sampleSize: 0,
      unit: 'kW',
    });
  });
});
