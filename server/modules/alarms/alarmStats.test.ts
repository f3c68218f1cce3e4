import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import type { AlarmKind, AlarmSeverity } from '@shared/schemas';
import { loginAs } from '@tests/support/testApp';
import { insertSubUser } from '@tests/support/users';
import { alarmSubject } from '../../alarms/alarmSubjects';
import { localPeriods, periodsBetween } from '../../metering/calendar';
import { at, energyKit, TZ, type EnergyKit } from '../../energy/energyKit.test-util';

const DAY_MS = 86_400_000;
let k: EnergyKit;
const ids: Record<string, number> = {};
let gateway: { id: number; name: string };
const from = at('2026-11-01T00:00:00');
const to = at('2026-11-04T00:00:00');

const raise = async (name: string, kind: AlarmKind, severity: AlarmSeverity, type: 'meter' | 'gateway', id: number, time: number) => {
  const record = await k.t.app.alarms.engine.records.raise({
    kind,
    severity,
    subject: await alarmSubject(k.t.app.storage.db, type, id),
    ruleId: 0,
    metric: null,
    value: null,
    limit: null,
    message: name,
    at: time,
  });
  ids[name] = record.id;
};

beforeAll(async () => {
  k = await energyKit();
  const { db } = k.t.app.storage;
  const records = k.t.app.alarms.engine.records;
  const m011 = await k.id('meters', 'M011');
  gateway = await db.selectFrom('gateways').select(['id', 'name']).where('sn', '=', 'GW-DEMO-01').executeTakeFirstOrThrow();
  // a: Shanghai's midnight on 1 Nov (16:00 UTC the day before), raised twice more while open, then acknowledged and processed.
  await raise('a', 'device', 'high', 'meter', m011, from);
  await raise('a', 'device', 'high', 'meter', m011, at('2026-11-01T01:00:00'));
  await raise('a', 'device', 'high', 'meter', m011, at('2026-11-01T02:00:00'));
  await db
    .updateTable('alarm_records')
    .set({ processing_state: 3, acknowledged_by: 'admin', acknowledged_at: from + 60_000, processed_by: 'admin', processed_at: from + 180_000 })
    .where('id', '=', ids.a!)
    .execute();
  // b: the last millisecond of 1 Nov local time, acknowledged after two minutes, still open.
  const lastMs = at('2026-11-02T00:00:00') - 1;
  await raise('b', 'error', 'high', 'meter', m011, lastMs);
  await db
    .updateTable('alarm_records')
    .set({ processing_state: 2, acknowledged_by: 'admin', acknowledged_at: lastMs + 120_000 })
    .where('id', '=', ids.b!)
    .execute();
  // c: cleared by the system; d: open; e (at `to`) and f (before `from`) are outside the range.
  await raise('c', 'offline', 'medium', 'meter', await k.id('meters', 'M012'), at('2026-11-02T08:00:00'));
  await records.clear(ids.c!, at('2026-11-02T09:00:00'));
  await raise('d', 'trouble', 'critical', 'gateway', gateway.id, at('2026-11-03T23:59:00'));
  await raise('e', 'device', 'low', 'meter', await k.id('meters', 'M013'), to);
  await raise('f', 'offline', 'low', 'meter', await k.id('meters', 'M014'), from - 1);
});
afterAll(() => k.t.close());

const stats = (query: Record<string, unknown>, token?: string) =>
  token === undefined
    ? k.get('/api/alarm-records/stats', query)
    : k.t.app
        .inject({
          method: 'GET',
          url: `/api/alarm-records/stats?${new URLSearchParams(Object.entries(query).map(([key, v]) => [key, String(v)]))}`,
          headers: { authorization: `Bearer ${token}` },
        })
        .then((r) => ({ status: r.statusCode, body: r.json() }));

describe('alarm statistics', () => {
  it('counts the alarms raised in [from, to) by local day, severity, state and subject', async () => {
    const { body } = await stats({ from, to });
    expect(body.code).toBe(0);
    expect(body.data).toEqual({
      from,
      to,
      total: 4,
      byDay: [
        { day: '2026-11-01', device: 1, error: 1, trouble: 0, offline: 0, balance: 0 },
        { day: '2026-11-02', device: 0, error: 0, trouble: 0, offline: 1, balance: 0 },
        { day: '2026-11-03', device: 0, error: 0, trouble: 1, offline: 0, balance: 0 },
      ],
      bySeverity: { low: 0, medium: 1, high: 2, critical: 1 },
      byState: { open: 2, processed: 1, cleared: 1 },
      topSubjects: [
        { type: 'meter', id: await k.id('meters', 'M011'), name: 'Line 1 press', count: 4 },
        { type: 'gateway', id: gateway.id, name: gateway.name, count: 1 },
        { type: 'meter', id: await k.id('meters', 'M012'), name: 'Line 1 conveyor', count: 1 },
      ],
      meanAcknowledgeMs: 90_000,
      meanProcessMs: 180_000,
    });
  });

  it('narrows to one kind', async () => {
    const { body } = await stats({ from, to, kind: 'device' });
    expect(body.data).toMatchObject({
      total: 1,
      bySeverity: { low: 0, medium: 0, high: 1, critical: 0 },
      byState: { open: 0, processed: 1, cleared: 0 },
      meanAcknowledgeMs: 60_000,
      meanProcessMs: 180_000,
    });
    expect(body.data.topSubjects).toEqual([{ type: 'meter', id: await k.id('meters', 'M011'), name: 'Line 1 press', count: 3 }]);
    expect(body.data.byDay.map((d: any) => d.device)).toEqual([1, 0, 0]);
    const none = (await stats({ from, to, kind: 'offline' })).body.data;
    expect(none).toMatchObject({ total: 1, meanAcknowledgeMs: null, meanProcessMs: null });
  });

  it('covers the last 30 days by default, one entry per local day with zeros', async () => {
    const before = Date.now();
    const { body } = await stats({});
    const { from: start, to: end, byDay } = body.data;
    expect(end).toBeGreaterThanOrEqual(before);
    expect(end - start).toBe(30 * DAY_MS);
    expect(byDay[0].day).toBe(localPeriods(start, TZ).day);
    expect(byDay.at(-1).day).toBe(localPeriods(end - 1, TZ).day);
    expect(byDay).toHaveLength(periodsBetween(start, end - 1, 'day', TZ).length);
    // The same figures as asking for that range explicitly.
    expect((await stats({ from: start, to: end })).body.data).toEqual(body.data);
  });

  it('a user of another tree sees none of these statistics', async () => {
    const { db } = k.t.app.storage;
    const adminId = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const operatorId = await insertSubUser(k.t.app, { username: 'operator1', password: 'Secret!234', fatherId: adminId });
    // A top-level account (type 0): a tree of its own, so none of the admin-owned demo subjects.
    await db.updateTable('users').set({ type: 0 }).where('id', '=', operatorId).execute();
    const token = await loginAs(k.t.app, 'operator1', 'Secret!234');
    const { body } = await stats({ from, to }, token);
    expect(body.data).toMatchObject({ total: 0, byState: { open: 0, processed: 0, cleared: 0 }, topSubjects: [], meanAcknowledgeMs: null });
    expect(body.data.byDay).toHaveLength(3);
  });

  it('refuses a backwards or over-long range with the reason', async () => {
    const refused = async (query: Record<string, unknown>) => {
      const { status, body } = await stats(query);
      expect(status).toBe(400);
      expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
      return body.message;
    };
    expect(await refused({ from: to, to })).toBe('querystring.to: must be after from');
    expect(await refused({ from: to, to: from })).toBe('querystring.to: must be after from');
    expect(await refused({ from: to - 367 * DAY_MS, to })).toBe('querystring.to: the range is at most 366 days');
    expect((await stats({ from: to - 366 * DAY_MS, to })).body.data.byDay).toHaveLength(366);
  });
});
