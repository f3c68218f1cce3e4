import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { at, energyKit, type EnergyKit } from '../energy/energyKit.test-util';

let k: EnergyKit;
let departmentId: number;
beforeAll(async () => {
  k = await energyKit();
  departmentId = await k.id('departments', 'LINE-3');
});
afterAll(() => k.t.close());

/** Register readings through the real ingest; waits for the alarm engine. */
const send = async (...readings: [meter: string, time: string, kwh: number][]) => {
  await k.ingest(readings.map(([meter, time, kwh]) => ({ meter, ts: at(`2026-11-10T${time}`), values: { kwh } })));
  await k.t.app.alarms.engine.idle();
};
const line3 = async () => (await k.get('/api/alarm-records', { departmentId })).body.data;

describe('department rule on 15-minute energy', () => {
  let ruleId: number;
  beforeAll(async () => {
    const { body } = await k.send('POST', '/api/alarm-rules', {
      name: 'Line 3 quarter-hour energy',
      scope: 'department',
      scopeId: departmentId,
      metric: 'energy',
      over: 50,
      hysteresis: 10,
    });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ scope: 'department', scopeName: 'Line 3', metric: 'energy', unit: 'kWh' });
    ruleId = body.data.id;
  });

  it("sums the energy of the department's meters in the interval and raises once it passes the limit", async () => {
    await send(['M021', '10:00:00', 0], ['M022', '10:00:00', 0]);
    await send(['M021', '10:15:00', 30]);
    expect((await line3()).total).toBe(0);
    // M022 adds 25 kWh to the same interval (10:00–10:15): 55 > 50.
    await send(['M022', '10:15:00', 25]);
    const page = await line3();
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      kind: 'device',
      subject: { type: 'department', code: 'LINE-3', name: 'Line 3' },
      ruleId,
      metric: 'energy',
      value: 55,
      limit: 50,
      message: 'energy 55 over 50 for 0 s',
      raisedAt: at('2026-11-10T10:15:00'),
      endedAt: null,
    });
  });

  it('a running interval below the limit does not end it; a finished one above limit − hysteresis neither', async () => {
    // 10:15–10:20: 30 kWh so far, below 50 − 10, but the interval is still running.
    await send(['M021', '10:20:00', 60]);
    expect((await line3()).rows[0]).toMatchObject({ endedAt: null });
    // 10:15–10:30: 45 kWh in all (judged once readings reach the next interval); 45 > 50 − 10.
    await send(['M021', '10:30:00', 75]);
    await send(['M021', '10:45:00', 110], ['M022', '10:45:00', 25]);
    expect((await line3()).rows[0]).toMatchObject({ endedAt: null, repeatCount: 0 });
  });

  it("ends when a finished interval is at or below limit − hysteresis, at that interval's end", async () => {
    // 10:30–10:45: 35 kWh ≤ 40.
    await send(['M021', '11:00:00', 130]);
    const row = (await line3()).rows[0];
    expect(row).toMatchObject({ endedAt: at('2026-11-10T10:45:00'), processingState: 1, repeatCount: 0 });
    const log = (await k.get('/api/alarm-actions', { recordId: row.id })).body.data.rows;
    expect(log.map((entry: any) => [entry.action, entry.at])).toEqual([
      ['ended', at('2026-11-10T10:45:00')],
      ['raised', at('2026-11-10T10:15:00')],
    ]);
  });

  it('crossing again while the record is open counts a repeat', async () => {
    // 10:45–11:00: M021's 20 kWh and M022's 60 kWh.
    await send(['M022', '11:00:00', 85]);
    expect((await line3()).rows[0]).toMatchObject({ repeatCount: 1, lastRepeatAt: at('2026-11-10T11:00:00'), endedAt: null, value: 55 });
  });
});

describe('group rule metrics', () => {
  const rule = (fields: Record<string, unknown>) => ({ name: 'Group', scope: 'department', scopeId: departmentId, metric: 'energy', over: 10, ...fields });

  it('a department or sub-item rule watches kw or energy only', async () => {
    const subitemId = await k.id('subitems', 'POWER');
    const refused = async (method: 'POST' | 'PUT', url: string, fields: Record<string, unknown>) => {
      const { status, body } = await k.send(method, url, rule(fields));
      expect(status).toBe(400);
      expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
      return body.message;
    };
    expect(await refused('POST', '/api/alarm-rules', { metric: 'kwh' })).toBe('body.metric: a department rule watches kw or energy, not "kwh"');
    expect(await refused('POST', '/api/alarm-rules', { scope: 'subitem', scopeId: subitemId, metric: 'pf' })).toBe(
      'body.metric: a subitem rule watches kw or energy, not "pf"',
    );
    const created = (await k.send('POST', '/api/alarm-rules', rule({ scope: 'subitem', scopeId: subitemId, metric: 'kw' }))).body.data;
    expect(created).toMatchObject({ metric: 'kw', unit: 'kW', scopeName: expect.any(String) });
    expect(await refused('PUT', `/api/alarm-rules/${created.id}`, { scope: 'subitem', scopeId: subitemId, metric: 'v' })).toBe(
      'body.metric: a subitem rule watches kw or energy, not "v"',
    );
  });
});

describe('meter rule on 15-minute energy', () => {
  it('a single meter is judged per interval like a group of one', async () => {
    const meterId = await k.id('meters', 'M023');
    const { body } = await k.send('POST', '/api/alarm-rules', {
      name: 'M023 quarter-hour energy',
      scope: 'meter',
      scopeId: meterId,
      metric: 'energy',
      over: 20,
    });
    expect(body.code).toBe(0);
    const records = async () => (await k.get('/api/alarm-records', { meterId, kind: 'device' })).body.data;
    await send(['M023', '12:00:00', 0]);
    await send(['M023', '12:15:00', 15]);
    expect((await records()).total).toBe(0);
    // 12:15–12:30: 25 kWh > 20, raised once the running interval passes the limit.
    await send(['M023', '12:30:00', 40]);
    expect((await records()).rows).toMatchObject([
      { subject: { type: 'meter', code: 'M023' }, metric: 'energy', value: 25, limit: 20, raisedAt: at('2026-11-10T12:30:00') },
    ]);
  });
});
