import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import type { AlarmKind } from '@shared/schemas';
import { bearer, loginAs } from '@tests/support/testApp';
import { insertSubUser, insertSubUserRow } from '@tests/support/users';
import { alarmSubject } from '../../alarms/alarmSubjects';
import { energyKit, type EnergyKit } from '../../energy/energyKit.test-util';

let k: EnergyKit;
const ids: Record<string, number> = {};
let ackAt: number;
let processAt: number;

const raise = async (name: string, kind: AlarmKind, type: 'meter' | 'department', code: string, at: number) => {
  const { db } = k.t.app.storage;
  const subjectId = await k.id(type === 'meter' ? 'meters' : 'departments', code);
  const record = await k.t.app.alarms.engine.records.raise({
    kind,
    severity: kind === 'error' ? 'high' : 'medium',
    subject: await alarmSubject(db, type, subjectId),
    ruleId: 0,
    metric: null,
    value: null,
    limit: null,
    message: `${kind} ${name}`,
    at,
  });
  ids[name] = record.id;
};
const post = async (url: string, payload: unknown, token = k.token) =>
  (await k.t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object })).json();
const actions = async (query: Record<string, unknown> = {}, token = k.token) => {
  const response = await k.t.app.inject({
    method: 'GET',
    url: `/api/alarm-actions?${new URLSearchParams(Object.entries(query).map(([key, v]) => [key, String(v)]))}`,
    headers: bearer(token),
  });
  return { status: response.statusCode, body: response.json() };
};
const summary = (rows: any[]) => rows.map((r) => `${r.action} ${r.message} ${r.actor ?? '-'}`);

beforeAll(async () => {
  k = await energyKit();
  const records = k.t.app.alarms.engine.records;
  await raise('press', 'device', 'meter', 'M011', 1000);
  await raise('press', 'device', 'meter', 'M011', 2000); // the same condition again: a repeat
  await raise('conveyor', 'offline', 'meter', 'M012', 3000);
  await records.clear(ids.conveyor!, 4000);
  await raise('lighting', 'error', 'meter', 'M013', 5000);
  await records.end(ids.lighting!, 6000);
  ackAt = Date.now();
  expect((await post('/api/alarm-records/acknowledge', { ids: [ids.press], note: 'on it' })).data.changed).toEqual([ids.press]);
  processAt = Date.now();
  expect((await post('/api/alarm-records/process', { ids: [ids.press], note: 'replaced the fuse' })).data.changed).toEqual([ids.press]);
});
afterAll(() => k.t.close());

describe('alarm action log', () => {
  it('records every change of a record, newest first, with who did it', async () => {
    const { body } = await actions();
    expect(body.data.total).toBe(8);
    expect(summary(body.data.rows)).toEqual([
      'processed device press admin',
      'acknowledged device press admin',
      'ended error lighting -',
      'raised error lighting -',
      'cleared offline conveyor -',
      'raised offline conveyor -',
      'repeated device press -',
      'raised device press -',
    ]);
    const [processed, acknowledged] = body.data.rows;
    expect(processed).toMatchObject({
      recordId: ids.press,
      actor: 'admin',
      note: 'replaced the fuse',
      kind: 'device',
      severity: 'medium',
      subjectName: 'Line 1 press',
    });
    expect(processed.at).toBeGreaterThanOrEqual(processAt);
    expect(acknowledged).toMatchObject({ actor: 'admin', note: 'on it' });
    expect(acknowledged.at).toBeGreaterThanOrEqual(ackAt);
    expect(body.data.rows.slice(2)).toEqual([
      {
        id: expect.any(Number),
        recordId: ids.lighting,
        action: 'ended',
        actor: null,
        note: null,
        at: 6000,
        kind: 'error',
        severity: 'high',
        subjectName: 'Line 1 lighting',
        message: 'error lighting',
      },
      expect.objectContaining({ action: 'raised', at: 5000 }),
      expect.objectContaining({ action: 'cleared', recordId: ids.conveyor, at: 4000 }),
      expect.objectContaining({ action: 'raised', at: 3000 }),
      expect.objectContaining({ action: 'repeated', recordId: ids.press, at: 2000 }),
      expect.objectContaining({ action: 'raised', recordId: ids.press, at: 1000 }),
    ]);
  });

  it('a refused action writes nothing', async () => {
    expect((await post('/api/alarm-records/process', { ids: [ids.press, ids.conveyor] })).data.skipped).toEqual([
      { id: ids.press, reason: 'already processed' },
      { id: ids.conveyor, reason: 'cleared by the system' },
    ]);
    expect((await actions()).body.data.total).toBe(8);
  });

  it('filters by action, kind, record, actor and time, and pages', async () => {
    const rows = async (query: Record<string, unknown>) => summary((await actions(query)).body.data.rows);
    expect(await rows({ action: 'acknowledged' })).toEqual(['acknowledged device press admin']);
    expect(await rows({ kind: 'offline' })).toEqual(['cleared offline conveyor -', 'raised offline conveyor -']);
    expect(await rows({ recordId: ids.press! })).toEqual([
      'processed device press admin',
      'acknowledged device press admin',
      'repeated device press -',
      'raised device press -',
    ]);
    expect(await rows({ actor: 'admin' })).toEqual(['processed device press admin', 'acknowledged device press admin']);
    expect(await rows({ from: 2000, to: 5000 })).toEqual([
      'raised error lighting -',
      'cleared offline conveyor -',
      'raised offline conveyor -',
      'repeated device press -',
    ]);
    const page = (await actions({ size: 3, page: 2 })).body.data;
    expect(page.total).toBe(8);
    expect(summary(page.rows)).toEqual(['raised error lighting -', 'cleared offline conveyor -', 'raised offline conveyor -']);
  });

  it('validates the query', async () => {
    const { status, body } = await actions({ size: 500 });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'querystring.size: Too big: expected number to be <=200' });
    expect((await actions({ action: 'deleted' })).body.code).toBe(ErrorCode.VALIDATION_FAILED);
  });
});

describe('who sees which actions', () => {
  let operatorToken: string;
  beforeAll(async () => {
    const { db } = k.t.app.storage;
    const adminId = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const operatorId = await insertSubUser(k.t.app, { username: 'operator1', password: 'Secret!234', fatherId: adminId });
    // A top-level account (type 0): a tree of its own, not the admin's (an admin's sub-user would see all admin-owned rows).
    await db.updateTable('users').set({ type: 0 }).where('id', '=', operatorId).execute();
    operatorToken = await loginAs(k.t.app, 'operator1', 'Secret!234');
    // The operator's tree holds the Floor 1 department (and its lighting meter); Line 3 is not in it.
    await db.updateTable('departments').set({ owner_user_id: operatorId }).where('code', '=', 'FLOOR-1').execute();
    await db.updateTable('meters').set({ owner_user_id: operatorId }).where('code', '=', 'M041').execute();
    await raise('floor', 'device', 'department', 'FLOOR-1', 7000);
    await raise('line3', 'device', 'department', 'LINE-3', 8000);
  });

  it("a user outside a department's tree does not see its actions, nor can it act on them", async () => {
    expect(summary((await actions({}, operatorToken)).body.data.rows)).toEqual(['raised device floor -']);
    const acted = await post('/api/alarm-records/acknowledge', { ids: [ids.floor, ids.line3], note: 'looking' }, operatorToken);
    expect(acted.data).toEqual({ changed: [ids.floor], skipped: [{ id: ids.line3, reason: 'no such alarm' }] });
    const seen = (await actions({}, operatorToken)).body.data;
    expect(seen.total).toBe(2);
    expect(seen.rows[0]).toMatchObject({ action: 'acknowledged', actor: 'operator1', note: 'looking', recordId: ids.floor, subjectName: 'Floor 1' });
    expect((await actions({ recordId: ids.line3! }, operatorToken)).body.data).toEqual({ total: 0, rows: [] });
    // Admins see everything.
    expect(summary((await actions({ recordId: ids.line3! })).body.data.rows)).toEqual(['raised device line3 -']);
    expect((await actions()).body.data.total).toBe(11);
  });

  it('refuses a user without any alarm screen', async () => {
    await insertSubUserRow(k.t.app.storage.db, { username: 'guest01', password: 'Secret!234' });
    const token = await loginAs(k.t.app, 'guest01', 'Secret!234');
    const { status, body } = await actions({}, token);
    expect(status).toBe(403);
    expect(body.code).toBe(ErrorCode.FORBIDDEN);
  });
});
