import { describe, expect, it } from 'vitest';
import { assertTimeZone, localPeriods } from './calendar';

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
