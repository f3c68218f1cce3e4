import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmRecord } from '@shared/schemas';
import { at, energyKit, type EnergyKit } from '../energy/energyKit.test-util';

let k: EnergyKit;
const raised: AlarmRecord[] = [];
const changed: AlarmRecord[] = [];

beforeAll(async () => {
  k = await energyKit();
  k.t.app.alarms.events.on('raised', (record) => raised.push(record));
  k.t.app.alarms.events.on('changed', (record) => changed.push(record));
});
afterAll(() => k.t.close());

/** Sends readings through the real ingest and waits for the alarm engine to finish with them. */
const send = async (readings: { meter: string; ts: number; values: Record<string, number> }[]) => {
  await k.ingest(readings);
  await k.t.app.alarms.engine.idle();
};
const kw = (meter: string, time: string, value: number) => ({ meter, ts: at(`2026-11-10T${time}`), values: { kw: value } });
const records = async (kind: string) => (await k.get('/api/alarm-records', { kind })).body.data;

describe('threshold alarms on a meter', () => {
  let ruleId: number;
  beforeAll(async () => {
    const meterId = await k.id('meters', 'M011');
    const { body } = await k.send('POST', '/api/alarm-rules', {
      name: 'Press overload',
      scope: 'meter',
      scopeId: meterId,
      metric: 'kw',
      over: 500,
      durationS: 60,
      hysteresis: 20,
      severity: 'high',
    });
    expect(body.code).toBe(0);
    ruleId = body.data.id;
  });

  it('raises nothing before the value stayed over the limit for the duration', async () => {
    await send([kw('M011', '10:00:00', 510), kw('M011', '10:00:30', 520)]);
    expect((await records('device')).total).toBe(0);
  });

  it('raises exactly one device alarm with the value, the limit and the message once the duration is reached', async () => {
    await send([kw('M011', '10:01:00', 505)]);
    const page = await records('device');
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      kind: 'device',
      severity: 'high',
      processingState: 1,
      subject: { type: 'meter', code: 'M011', name: 'Line 1 press' },
      ruleId,
      metric: 'kw',
      value: 505,
      limit: 500,
      message: 'kw 505 over 500 for 60 s',
      raisedAt: at('2026-11-10T10:01:00'),
      endedAt: null,
      repeatCount: 0,
    });
    expect(raised.map((r) => r.message)).toEqual(['kw 505 over 500 for 60 s']);
  });

  it('staying over does not add a record', async () => {
    await send([kw('M011', '10:01:30', 530), kw('M011', '10:01:45', 540)]);
    const page = await records('device');
    expect(page.total).toBe(1);
    expect(page.rows[0].repeatCount).toBe(0);
  });

  it('back inside by less than the hysteresis does not end it; beyond it does, and the state stays open', async () => {
    await send([kw('M011', '10:02:00', 490), kw('M011', '10:02:15', 481)]);
    expect((await records('device')).rows[0].endedAt).toBeNull();
    await send([kw('M011', '10:02:30', 480)]);
    const row = (await records('device')).rows[0];
    expect(row).toMatchObject({ endedAt: at('2026-11-10T10:02:30'), processingState: 1 });
    expect(changed.at(-1)).toMatchObject({ id: row.id, endedAt: at('2026-11-10T10:02:30') });
  });

  it('crossing again while the record is open counts a repeat on the same record', async () => {
    await send([kw('M011', '10:03:00', 510), kw('M011', '10:04:00', 512)]);
    const page = await records('device');
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ repeatCount: 1, lastRepeatAt: at('2026-11-10T10:04:00'), endedAt: null, value: 505 });
    expect(raised).toHaveLength(1);
  });

  it('a disabled rule raises nothing', async () => {
    const meterId = await k.id('meters', 'M012');
    const { body } = await k.send('POST', '/api/alarm-rules', { name: 'Conveyor', scope: 'meter', scopeId: meterId, metric: 'kw', over: 10, enabled: false });
    expect(body.data.enabled).toBe(false);
    await send([kw('M012', '10:00:00', 50)]);
    expect((await records('device')).total).toBe(1);
  });
});

describe('threshold alarms on a department', () => {
  it("sums the latest kw of the department's meters", async () => {
    const departmentId = await k.id('departments', 'LINE-3');
    await k.send('POST', '/api/alarm-rules', { name: 'Line 3 demand', scope: 'department', scopeId: departmentId, metric: 'kw', over: 100 });
    await send([kw('M021', '11:00:00', 60)]);
    expect((await k.get('/api/alarm-records', { departmentId })).body.data.total).toBe(0);
    await send([kw('M022', '11:00:10', 50)]);
    const page = (await k.get('/api/alarm-records', { departmentId })).body.data;
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      subject: { type: 'department', code: 'LINE-3', name: 'Line 3' },
      value: 110,
      limit: 100,
      message: 'kw 110 over 100 for 0 s',
    });
  });
});

describe('error alarms', () => {
  it('an implausible register step raises an error alarm on the meter; another one repeats it', async () => {
    // M014 is rated 800 kW: 15 minutes allow 800 × 0.25 × 1.2 = 240 kWh.
    const reg = (time: string, value: number) => ({ meter: 'M014', ts: at(`2026-11-10T${time}`), values: { kwh: value } });
    await send([reg('12:00:00', 0), reg('12:15:00', 1000)]);
    let page = await records('error');
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      kind: 'error',
      severity: 'high',
      subject: { type: 'meter', code: 'M014' },
      ruleId: null,
      value: 1000,
      limit: 240,
      repeatCount: 0,
    });
    expect(page.rows[0].message).toBe(
      'implausible step of 1000 over the 240 possible between 2026-11-10T04:00:00.000Z and 2026-11-10T04:15:00.000Z, sent to quarantine',
    );
    await send([reg('12:30:00', 1050), reg('12:45:00', 3000)]);
    page = await records('error');
    expect(page.total).toBe(1);
    expect(page.rows[0].repeatCount).toBe(1);
  });
});
