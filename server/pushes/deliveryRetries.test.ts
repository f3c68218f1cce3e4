import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_RETRY_DELAYS_MS } from '@shared/schemas';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { insertSubUserRow } from '@tests/support/users';
import { alarmSubject } from '../alarms/alarmSubjects';
import { DeliveryWorker } from './deliveryWorker';
import { startHttpProvider, type HttpDouble } from './pushKit.test-util';

/**
 * Retries and claims, with the app's own worker stopped and time driven through a worker whose clock
 * the test sets: no waiting for the 30 s, 2 min and 10 min delays.
 */
let t: TestApp;
let token: string;
let provider: HttpDouble;
let clock = 0;
let worker: DeliveryWorker;
/** Per phone: the answers in order; the last one repeats. */
const script: Record<string, number[]> = { '13800000001': [500, 500, 0], '13800000002': [500] };
const seen: Record<string, number> = {};

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return response.json();
};
const record = async (address: string) => (await call('GET', `/api/push-records?keyword=${address}`)).data.rows[0];

beforeAll(async () => {
  t = await createTestApp({ timeZone: 'Asia/Shanghai' });
  token = await loginAs(t.app);
  await t.app.pushes.worker.stop();
  provider = await startHttpProvider((_index, request) => {
    const phone = (request.body as { phones: string[] }).phones[0]!;
    const answers = script[phone]!;
    const answer = answers[Math.min(seen[phone] ?? 0, answers.length - 1)]!;
    seen[phone] = (seen[phone] ?? 0) + 1;
    return answer === 0 ? { status: 200, json: { code: 0 } } : { status: answer, json: { code: 1, msg: 'gateway busy' } };
  });
  await call('PUT', '/api/push-channels/sms', { enabled: true, url: `${provider.url}/send`, apiKey: 'k', sign: '' });
  const { db } = t.app.storage;
  const userId = await insertSubUserRow(db, { username: 'retry01', password: 'Secret!234' });
  await call('PUT', `/api/push-contacts/${userId}`, { pushPhones: ['13800000001', '13800000002'], smsCount: 100 });
  await call('POST', '/api/push-tasks', { name: 'retries', channel: 'sms', kinds: ['error'], recipientIds: [userId] });
  const meterId = (await db.selectFrom('meters').select('id').where('code', '=', 'M011').executeTakeFirstOrThrow()).id;
  await t.app.alarms.engine.records.raise({
    kind: 'error',
    severity: 'medium',
    subject: await alarmSubject(db, 'meter', meterId),
    ruleId: 0,
    metric: null,
    value: null,
    limit: null,
    message: 'step',
    at: Date.now(),
  });
  await t.app.pushes.idle();
  clock = Date.now();
  worker = new DeliveryWorker(db, t.app.pushes.settings, { now: () => clock, pollMs: 0 });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await provider.close();
});

describe('retries', () => {
  it('waits 30 s, 2 min and 10 min between attempts and fails after the 4th', async () => {
    expect(PUSH_RETRY_DELAYS_MS).toEqual([30_000, 120_000, 600_000]);
    expect((await record('13800000001')).state).toBe('pending');
    expect(await worker.runDue()).toBe(2);
    const first = await record('13800000001');
    expect(first).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: clock + 30_000, lastError: '500 {"code":1,"msg":"gateway busy"}' });

    clock += 29_999;
    expect(await worker.runDue()).toBe(0);
    clock += 1;
    expect(await worker.runDue()).toBe(2);
    expect(await record('13800000001')).toMatchObject({ state: 'pending', attempts: 2, nextAttemptAt: clock + 120_000 });

    clock += 120_000;
    expect(await worker.runDue()).toBe(2);
    expect(await record('13800000001')).toMatchObject({ state: 'sent', attempts: 3, sentAt: clock, nextAttemptAt: null, lastError: null });
    expect(await record('13800000002')).toMatchObject({ state: 'pending', attempts: 3, nextAttemptAt: clock + 600_000 });

    clock += 600_000;
    expect(await worker.runDue()).toBe(1);
    expect(await record('13800000002')).toMatchObject({ state: 'failed', attempts: 4, nextAttemptAt: null, lastError: '500 {"code":1,"msg":"gateway busy"}' });
    expect(seen).toEqual({ '13800000001': 3, '13800000002': 4 });

    const calls = (await call('GET', '/api/provider-calls?channel=sms&size=10')).data;
    expect(calls.total).toBe(7);
    expect(calls.rows.filter((c: any) => c.ok).map((c: any) => c.status)).toEqual([200]);
    expect(calls.rows[0]).toMatchObject({ endpoint: `${provider.url}/send`, ok: false, status: 500, detail: '{"code":1,"msg":"gateway busy"}' });
  });

  it('resends a failed record for one attempt more, never a sent one', async () => {
    const failed = await record('13800000002');
    const sent = await record('13800000001');
    const result = await call('POST', '/api/push-records/resend', { ids: [failed.id, sent.id, 99_999] });
    expect(result.data).toEqual({
      changed: [failed.id],
      skipped: [
        { id: sent.id, reason: 'already sent' },
        { id: 99_999, reason: 'no such push record' },
      ],
    });
    clock = Math.max(clock, Date.now());
    expect(await worker.runDue()).toBe(1);
    expect(await record('13800000002')).toMatchObject({ state: 'failed', attempts: 5 });
  });

  it('never sends one record twice when two workers race for it', async () => {
    const failed = await record('13800000002');
    script['13800000002'] = [0];
    seen['13800000002'] = 0;
    await call('POST', '/api/push-records/resend', { ids: [failed.id] });
    clock = Math.max(clock, Date.now());
    const other = new DeliveryWorker(t.app.storage.db, t.app.pushes.settings, { now: () => clock, pollMs: 0 });
    const attempted = await Promise.all([worker.runDue(), other.runDue(), worker.runDue()]);
    expect(attempted.reduce((a, b) => a + b, 0)).toBe(1);
    expect(seen['13800000002']).toBe(1);
    expect(await record('13800000002')).toMatchObject({ state: 'sent', attempts: 6 });
  });
});
