import { describe, expect, it } from 'vitest';
import type { AlarmSubject } from '../alarms/alarmRecords';
import { scenarioTiming } from './demoScenario';
import { scenarioHistory, type HistoryCast } from './scenarioHistory';

const MIN = 60_000;
const HOUR = 60 * MIN;
const origin = Date.UTC(2026, 10, 2, 9, 0, 0);
const timing = scenarioTiming(2);
const meter = (id: number, code: string): AlarmSubject => ({ type: 'meter', id, code, name: code });
const cast: HistoryCast = {
  compressor: meter(33, 'M033'),
  dropout: meter(42, 'M042'),
  glitch: meter(22, 'M022'),
  glitchLimitKwh: 240,
  gateway: { type: 'gateway', id: 1, code: 'GW-DEMO-01', name: 'Demo gateway' },
  gatewayMeters: [meter(33, 'M033'), meter(42, 'M042'), meter(22, 'M022')],
  operator: 'admin',
};
const rule = { id: 5, limit: 150, durationS: 60, severity: 'high' as const };
const byKind = (alarms: ReturnType<typeof scenarioHistory>) =>
  alarms.reduce<Record<string, number>>((counts, a) => ({ ...counts, [a.kind]: (counts[a.kind] ?? 0) + 1 }), {});

describe('scenario alarm history', () => {
  it('writes a day before the origin as closed records: 24 overloads, 3 dropouts, 1 register jump', () => {
    const alarms = scenarioHistory(timing, origin, { from: origin - 24 * HOUR, to: origin }, 2, cast, rule);
    // Gateway silences come every other day from origin + 3 h: the last one began 45 h before the origin.
    expect(byKind(alarms)).toEqual({ device: 24, offline: 3, error: 1 });
    expect(alarms.every((a) => a.closed.state === 3 || a.closed.state === 4)).toBe(true);

    const overload = alarms.find((a) => a.kind === 'device')!;
    expect(overload.at).toBe(origin - 24 * HOUR + 30_000 + 60_000);
    expect(overload.endedAt).toBe(origin - 24 * HOUR + 30_000 + 5 * MIN);
    expect(overload.message).toBe('kw 168 over 150 for 60 s');
    expect(overload.closed).toEqual({
      state: 3,
      by: 'admin',
      acknowledgedAt: overload.at + 2 * MIN,
      at: overload.endedAt! + 20 * MIN,
      note: 'Air demand back to normal; compressor checked.',
    });

    // The oldest dropout began at origin + 5 min − 24 h; the sweep notices it 30 min + 1 min later.
    const offline = alarms.find((a) => a.kind === 'offline')!;
    expect(offline).toMatchObject({ subject: cast.dropout, at: origin - 24 * HOUR + 36 * MIN, endedAt: origin - 24 * HOUR + 45 * MIN, closed: { state: 4 } });
    expect(offline.message).toBe('no data for 30 min (2 intervals)');

    const error = alarms.find((a) => a.kind === 'error')!;
    expect(error.message).toBe(
      'implausible step of 1000 over the 240 possible between 2026-11-01T09:00:00.000Z and 2026-11-01T09:15:00.000Z, sent to quarantine',
    );
    expect(error.closed.state).toBe(3);
  });

  it('writes a gateway silence as one trouble and an offline for each of its meters', () => {
    const alarms = scenarioHistory(timing, origin, { from: origin - 48 * HOUR, to: origin - 24 * HOUR }, 2, cast, undefined);
    expect(byKind(alarms)).toEqual({ trouble: 1, offline: 3 + 3, error: 1 });
    const trouble = alarms.find((a) => a.kind === 'trouble')!;
    expect(trouble).toMatchObject({ severity: 'high', at: origin - 45 * HOUR + 31 * MIN, endedAt: origin - 45 * HOUR + 40 * MIN });
    expect(trouble.message).toBe('gateway silent for 30 min (2 intervals)');
  });

  it('leaves out what is not over by the end of the span, so live events are not history too', () => {
    // Up to 20 min after the origin: the overload at +30 s is only processed at +25.5 min, the dropout
    // from +5 min lasts to +45 min, the register jump at +10 min is processed two hours later.
    const alarms = scenarioHistory(timing, origin, { from: origin - HOUR, to: origin + 20 * MIN }, 2, cast, rule);
    expect(alarms.map((a) => [a.kind, a.at - origin])).toEqual([['device', -HOUR + 90_000]]);
  });
});
