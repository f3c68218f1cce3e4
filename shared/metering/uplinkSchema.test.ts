import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseUplink } from './uplink';
import { uplinkPayloadSchema } from './uplinkSchema';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const TS = Date.parse('2026-11-22T11:45:00Z');

/** A payload the ingest keeps whole: parseUplink accepts it and rejects none of its readings. */
const keptWhole = (payload: unknown) => {
  const parsed = parseUplink(payload, NOW);
  return parsed.ok && parsed.rejected.length === 0;
};

const reading = (overrides: Record<string, unknown> = {}) => ({ meter: 'M001', values: { kwh: 1200.5 }, ...overrides });

// [what, payload, valid] — valid is decided by hand from the README's rules, then both must agree with it.
const CASES: ReadonlyArray<readonly [string, unknown, boolean]> = [
  [
    'the README sample',
    {
      ts: 1795342800000,
      readings: [
        { meter: 'M011', values: { kwh: 1234.56, kw: 41.2 } },
        { meter: 'M002', ts: '2026-11-22T08:00:00+08:00', values: { m3: 88.1, flow: 3.2 } },
      ],
    },
    true,
  ],
  ['10-digit epoch seconds per reading, none on the payload', { readings: [reading({ ts: 1795342800 })] }, true],
  ['an empty list of readings', { ts: TS, readings: [] }, true],
  ['a negative instantaneous value', { ts: TS, readings: [reading({ values: { kw: -3.5 } })] }, true],
  [
    'every metric at once',
    { ts: TS, readings: [reading({ values: { kwh: 1, kwh_export: 2, kvarh: 3, m3: 4, kw: 5, kvar: 6, pf: 0.9, v: 230, a: 10, hz: 50, flow: 1.5 } })] },
    true,
  ],
  ['no ts on the payload nor the reading', { readings: [reading()] }, false],
  ['readings missing', { ts: TS }, false],
  ['readings not an array', { ts: TS, readings: 'x' }, false],
  ['a reading without a meter', { ts: TS, readings: [{ values: { kwh: 1 } }] }, false],
  ['a meter code with a slash', { ts: TS, readings: [reading({ meter: 'M/1' })] }, false],
  ['a meter code of 65 characters', { ts: TS, readings: [reading({ meter: 'M'.repeat(65) })] }, false],
  ['an unknown metric', { ts: TS, readings: [reading({ values: { volts: 230 } })] }, false],
  ['a negative register', { ts: TS, readings: [reading({ values: { kwh: -5 } })] }, false],
  ['a value given as text', { ts: TS, readings: [reading({ values: { kwh: '12' } })] }, false],
  ['empty values', { ts: TS, readings: [reading({ values: {} })] }, false],
  ['a ts that is not a time', { ts: 'yesterday', readings: [reading()] }, false],
  ['5,001 readings', { ts: TS, readings: Array.from({ length: 5001 }, () => reading()) }, false],
];

describe('uplinkPayloadSchema (the published contract)', () => {
  it.each(CASES)('%s: valid = %s under the schema and under parseUplink', (_what, payload, valid) => {
    expect(uplinkPayloadSchema.safeParse(payload).success).toBe(valid);
    expect(keptWhole(payload)).toBe(valid);
  });

  it('states the required fields, the meter code pattern, the metric codes and the batch limit as JSON Schema', () => {
    const json = z.toJSONSchema(uplinkPayloadSchema, { io: 'input' }) as Record<string, any>;
    expect(json.required).toEqual(['readings']);
    expect(json.properties.readings.maxItems).toBe(5000);
    const item = json.properties.readings.items;
    expect(item.required).toEqual(['meter', 'values']);
    expect(item.properties.meter.pattern).toBe('^[\\w.:-]{1,64}$');
    expect(Object.keys(item.properties.values.properties)).toEqual(['kwh', 'kwh_export', 'kvarh', 'm3', 'kw', 'kvar', 'pf', 'v', 'a', 'hz', 'flow']);
    expect(item.properties.values.additionalProperties).toBe(false);
    expect(item.properties.values.minProperties).toBe(1);
    expect(item.properties.values.properties.kwh.minimum).toBe(0);
  });
});
