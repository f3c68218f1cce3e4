import { describe, expect, it } from 'vitest';
import { parseUplink } from './uplink';

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('parseUplink', () => {
  it('takes the payload ts for readings without their own, and ISO or 10-digit seconds', () => {
    const result = parseUplink(
      {
        ts: '2026-11-22T11:45:00Z',
        readings: [
          { meter: 'M001', values: { kwh: 1200.5, kw: 31.2 } },
          { meter: 'M002', ts: 1795342800, values: { kwh: 10 } },
        ],
      },
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      accepted: [
        { index: 0, meter: 'M001', ts: Date.parse('2026-11-22T11:45:00Z'), values: { kwh: 1200.5, kw: 31.2 } },
        { index: 1, meter: 'M002', ts: 1795342800_000, values: { kwh: 10 } },
      ],
      rejected: [],
    });
  });

  it('rejects bad readings with their reasons and keeps the rest', () => {
    const result = parseUplink(
      {
        ts: NOW,
        readings: [
          { meter: 'M001', values: { kwh: 1 } },
          { meter: 'M002', values: { kwh: 'lots' } },
          { meter: 'M003', values: { volts: 230 } },
          { meter: 'M004', values: { kwh: -5 } },
          { meter: '', values: { kwh: 1 } },
          'nonsense',
          { meter: 'M005', ts: NOW + 3_600_000, values: { kw: 1 } },
          { meter: 'M006', values: {} },
        ],
      },
      NOW,
    );
    expect(result.ok && result.accepted.map((r) => r.meter)).toEqual(['M001']);
    expect(result.ok && result.rejected).toEqual([
      { index: 1, meter: 'M002', reason: 'kwh must be a finite number' },
      { index: 2, meter: 'M003', reason: 'unknown metric "volts"' },
      { index: 3, meter: 'M004', reason: 'kwh is a register and cannot be negative' },
      { index: 4, meter: '', reason: 'meter must be a meter code (1-64 letters, digits, _ . : -)' },
      { index: 5, meter: null, reason: 'reading must be an object' },
      { index: 6, meter: 'M005', reason: 'ts is more than 5 minutes in the future' },
      { index: 7, meter: 'M006', reason: 'values is empty' },
    ]);
  });

  it('rejects values whose thousandths are past the exact integers, keeping the rest of the batch', () => {
    const result = parseUplink(
      {
        ts: NOW,
        readings: [
          { meter: 'M001', values: { kwh: 9007199254740.99, kw: -9007199254740.99 } },
          { meter: 'M002', values: { kwh: 9007199254741 } },
          { meter: 'M003', values: { kw: -9007199254741 } },
          { meter: 'M004', values: { kwh: 1234.5678 } },
        ],
      },
      NOW,
    );
    expect(result.ok && result.accepted.map((r) => [r.meter, r.values])).toEqual([
      ['M001', { kwh: 9007199254740.99, kw: -9007199254740.99 }],
      ['M004', { kwh: 1234.5678 }],
    ]);
    expect(result.ok && result.rejected).toEqual([
      { index: 1, meter: 'M002', reason: 'kwh is too large (at most 9007199254740.991)' },
      { index: 2, meter: 'M003', reason: 'kw is too small (at least -9007199254740.991)' },
    ]);
  });

  it('refuses what is not a payload at all', () => {
    expect(parseUplink([1], NOW)).toEqual({ ok: false, reason: 'payload must be a JSON object' });
    expect(parseUplink({ readings: 'x' }, NOW)).toEqual({ ok: false, reason: 'readings must be an array' });
    expect(parseUplink({ ts: 'yesterday', readings: [] }, NOW)).toEqual({ ok: false, reason: 'ts "yesterday" is not ISO 8601' });
    expect(parseUplink({ readings: [{ meter: 'M1', values: { kwh: 1 } }] }, NOW)).toMatchObject({
      ok: true,
      rejected: [{ reason: 'ts is missing (on the reading and on the payload)' }],
    });
  });
});
