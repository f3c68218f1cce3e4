import { describe, expect, it } from 'vitest';
import type { MeterLatestValues } from '@shared/realtime/protocol';
import { directoryMeter } from './fixtures.test-util';
import { computeMeterLoads, hottestMeters } from './meterLoads';

const latest = (meterId: number, values: Record<string, number>, ts = 1000): [number, MeterLatestValues] => [meterId, { meterId, ts, values }];

describe('computeMeterLoads', () => {
  const meters = [
    directoryMeter(1, 1),
    directoryMeter(2, 1),
    directoryMeter(3, 1, { online: false }),
    directoryMeter(4, 2, { energyType: 'water' }),
    directoryMeter(5, 2, { energyType: 'water' }),
    directoryMeter(6, 2),
    directoryMeter(7, 2),
  ];
  const values = new Map([
    latest(1, { kw: 400, kwh: 12 }),
    latest(2, { kw: 100 }),
    latest(3, { kw: 900 }),
    latest(4, { flow: 3, m3: 5 }),
    latest(5, { flow: 12 }),
    latest(7, { kwh: 55 }),
  ]);

  it('rates power against the highest power and flow against the highest flow, never across units', () => {
    const loads = computeMeterLoads(meters, values);
    expect(loads.get(1)).toEqual({ meterId: 1, metric: 'kw', value: 400, unit: 'kW', ratio: 1, ts: 1000 });
    expect(loads.get(2)?.ratio).toBe(0.25);
    expect(loads.get(4)).toMatchObject({ metric: 'flow', unit: 'm³/h', ratio: 0.25 });
    expect(loads.get(5)?.ratio).toBe(1);
  });

  it('greys offline meters (their last value is not counted) and meters without a load metric', () => {
    const loads = computeMeterLoads(meters, values);
    expect(loads.get(3)).toEqual({ meterId: 3, metric: null, value: null, unit: '', ratio: null, ts: null });
    expect(loads.get(6)?.ratio).toBeNull();
    expect(loads.get(7)?.ratio).toBeNull();
  });

  it('treats export as no load and an all-idle site as cold', () => {
    const loads = computeMeterLoads([directoryMeter(1, 1), directoryMeter(2, 1)], new Map([latest(1, { kw: -20 }), latest(2, { kw: 0 })]));
    expect(loads.get(1)?.ratio).toBe(0);
    expect(loads.get(2)?.ratio).toBe(0);
  });
});

describe('hottestMeters', () => {
  it('ranks by ratio, then value, then id, and leaves out idle and grey meters', () => {
    const loads = computeMeterLoads(
      [1, 2, 3, 4, 5].map((id) => directoryMeter(id, 1)),
      new Map([latest(1, { kw: 50 }), latest(2, { kw: 200 }), latest(3, { kw: 200 }), latest(4, { kw: 0 })]),
    );
    expect(hottestMeters(loads.values(), 5).map((load) => load.meterId)).toEqual([2, 3, 1]);
    expect(hottestMeters(loads.values(), 1).map((load) => load.meterId)).toEqual([2]);
  });
});
