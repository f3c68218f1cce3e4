import { describe, expect, it } from 'vitest';
import { addDays, addMonths, assertTimeZone, localDayStart, localPeriods, periodsBetween } from './calendar';

const utc = (iso: string) => Date.parse(iso);

describe('localPeriods', () => {
  it('puts 23:30 UTC on the next local day in Shanghai (UTC+8)', () => {
    expect(localPeriods(utc('2026-01-31T23:30:00Z'), 'Asia/Shanghai')).toEqual({
      hourStart: utc('2026-01-31T23:00:00Z'),
      day: '2026-02-01',
      month: '2026-02',
    });
  });

  it('uses quarter-hour offsets: 10:50 UTC is 16:35 in Kathmandu (UTC+5:45), hour from 10:15 UTC', () => {
    expect(localPeriods(utc('2026-06-01T10:50:00Z'), 'Asia/Kathmandu')).toMatchObject({ hourStart: utc('2026-06-01T10:15:00Z'), day: '2026-06-01' });
  });

  it('follows daylight saving: Berlin switches to UTC+2 on 2026-03-29 at 01:00 UTC', () => {
    expect(localPeriods(utc('2026-03-29T00:59:00Z'), 'Europe/Berlin').day).toBe('2026-03-29');
    expect(localPeriods(utc('2026-03-28T22:59:00Z'), 'Europe/Berlin').day).toBe('2026-03-28');
    expect(localPeriods(utc('2026-03-28T23:00:00Z'), 'Europe/Berlin').day).toBe('2026-03-29');
    // Summer time: midnight local is 22:00 UTC.
    expect(localPeriods(utc('2026-07-31T21:59:59Z'), 'Europe/Berlin').month).toBe('2026-07');
    expect(localPeriods(utc('2026-07-31T22:00:00Z'), 'Europe/Berlin').month).toBe('2026-08');
  });

  it('rejects an unknown zone', () => {
    expect(() => assertTimeZone('Mars/Olympus')).toThrow(RangeError);
  });
});

describe('period ranges', () => {
  it('lists the local days of a range, ends included', () => {
    const from = Date.parse('2026-10-30T20:00:00+08:00');
    const to = Date.parse('2026-11-02T01:00:00+08:00');
    expect(periodsBetween(from, to, 'day', 'Asia/Shanghai')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(periodsBetween(from, to, 'month', 'Asia/Shanghai')).toEqual(['2026-10', '2026-11']);
  });
  it('lists hour starts as epoch-ms keys', () => {
    const from = Date.parse('2026-11-10T00:30:00+08:00');
    const keys = periodsBetween(from, from + 2 * 3600_000, 'hour', 'Asia/Shanghai');
    expect(keys).toEqual([0, 1, 2].map((h) => String(Date.parse('2026-11-10T00:00:00+08:00') + h * 3600_000)));
  });
  it('starts a Berlin day at local midnight, also on the 23-hour day of the spring change', () => {
    expect(localDayStart(Date.parse('2026-03-29T12:00:00+02:00'), 'Europe/Berlin')).toBe(Date.parse('2026-03-29T00:00:00+01:00'));
    expect(localDayStart(Date.parse('2026-11-10T23:59:00+08:00'), 'Asia/Shanghai')).toBe(Date.parse('2026-11-10T00:00:00+08:00'));
  });
  it('wraps months over the year end', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});
