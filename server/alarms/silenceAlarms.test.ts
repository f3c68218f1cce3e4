import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { energyKit, type EnergyKit } from '../energy/energyKit.test-util';
import { offlineIntervalsFromEnv } from './alarmSettings';

let k: EnergyKit;
let sentAt: number;
beforeAll(async () => {
  k = await energyKit();
  sentAt = Date.now();
  await k.ingest([
    { meter: 'M011', ts: sentAt - 60_000, values: { kw: 12 } },
    { meter: 'M012', ts: sentAt - 60_000, values: { kw: 8 } },
  ]);
  await k.t.app.alarms.engine.idle();
});
afterAll(() => k.t.close());

const MIN = 60_000;
const engine = () => k.t.app.alarms.engine;
const counts = async () => (await k.send('POST', '/api/alarm-records/alarm-total-count', { processingState: [1, 2] })).body.data;
const offline = async (kind: 'offline' | 'trouble') => (await k.get('/api/alarm-records', { kind })).body.data;

describe('offline and trouble alarms', () => {
  it('reads ALARM_OFFLINE_INTERVALS, 2 intervals by default', () => {
    expect(offlineIntervalsFromEnv({})).toBe(2);
    expect(offlineIntervalsFromEnv({ ALARM_OFFLINE_INTERVALS: '4' })).toBe(4);
    expect(() => offlineIntervalsFromEnv({ ALARM_OFFLINE_INTERVALS: '0' })).toThrow(
      'ALARM_OFFLINE_INTERVALS must be a whole number of 15-minute intervals from 1 to 672, got "0"',
    );
  });

  it('raises nothing while the silence is shorter than 2 × 15 minutes', async () => {
    await engine().sweep(Date.now() + 29 * MIN);
    expect(await counts()).toEqual({ total: 0, deviceCount: 0, errorCount: 0, troubleCount: 0, offlineCount: 0 });
  });

  it('a silent meter gets an offline alarm, its silent gateway a trouble alarm (meters never seen are not watched)', async () => {
    const now = Date.now() + 31 * MIN;
    await engine().sweep(now);
    expect(await counts()).toEqual({ total: 3, deviceCount: 0, errorCount: 0, troubleCount: 1, offlineCount: 2 });
    const meters = await offline('offline');
    expect(meters.rows.map((r: any) => r.subject.code).sort()).toEqual(['M011', 'M012']);
    expect(meters.rows[0]).toMatchObject({ processingState: 1, severity: 'medium', raisedAt: now, message: 'no data for 30 min (2 intervals)', endedAt: null });
    expect((await offline('trouble')).rows[0]).toMatchObject({
      subject: { type: 'gateway', code: 'GW-DEMO-01' },
      severity: 'high',
      message: 'gateway silent for 30 min (2 intervals)',
    });
  });

  it('sweeping again does not raise the same silence twice', async () => {
    await engine().sweep(Date.now() + 40 * MIN);
    expect((await counts()).total).toBe(3);
    expect((await offline('offline')).rows.map((r: any) => r.repeatCount)).toEqual([0, 0]);
  });

  it("data coming back clears the meter's and the gateway's alarms (state 4, ended)", async () => {
    const before = Date.now();
    await k.ingest([{ meter: 'M011', ts: Date.now(), values: { kw: 13 } }]);
    await engine().idle();
    expect(await counts()).toEqual({ total: 1, deviceCount: 0, errorCount: 0, troubleCount: 0, offlineCount: 1 });
    const m011 = (await offline('offline')).rows.find((r: any) => r.subject.code === 'M011');
    expect(m011.processingState).toBe(4);
    expect(m011.endedAt).toBeGreaterThanOrEqual(before);
    expect((await offline('trouble')).rows[0].processingState).toBe(4);
  });
});
