import { describe, expect, it } from 'vitest';
import { periodsBetween } from '../../metering/calendar';
import { energyWindow, localDayStartOf } from './energyWindow';

const shanghai = (dateTime: string) => Date.parse(`${dateTime}+08:00`);

describe('energy channel windows', () => {
  it('hours: from the start of the hour periods-1 back to now', () => {
    const now = shanghai('2026-11-10T12:34:56');
    expect(energyWindow('hour', 24, now, 'Asia/Shanghai')).toEqual({ from: shanghai('2026-11-09T13:00:00'), to: now });
    expect(energyWindow('hour', 1, now, 'Asia/Shanghai')).toEqual({ from: shanghai('2026-11-10T12:00:00'), to: now });
  });

  it('days and months start at local midnight, not UTC', () => {
    const now = shanghai('2026-11-10T00:30:00');
    expect(energyWindow('day', 7, now, 'Asia/Shanghai').from).toBe(shanghai('2026-11-04T00:00:00'));
    expect(energyWindow('month', 12, now, 'Asia/Shanghai').from).toBe(shanghai('2025-12-01T00:00:00'));
    expect(periodsBetween(shanghai('2025-12-01T00:00:00'), now, 'month', 'Asia/Shanghai')).toHaveLength(12);
  });

  it('covers exactly `periods` local days across a daylight-saving change', () => {
    // New York leaves daylight saving on 2026-11-01: that day has 25 hours.
    const now = Date.parse('2026-11-03T15:00:00Z');
    const { from } = energyWindow('day', 4, now, 'America/New_York');
    expect(from).toBe(Date.parse('2026-10-31T04:00:00Z')); // midnight EDT
    expect(periodsBetween(from, now, 'day', 'America/New_York')).toEqual(['2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03']);
  });

  it('finds local midnight in zones far from UTC', () => {
    expect(localDayStartOf('2026-11-10', 'Pacific/Kiritimati')).toBe(Date.parse('2026-11-09T10:00:00Z')); // UTC+14
    expect(localDayStartOf('2026-11-10', 'Pacific/Pago_Pago')).toBe(Date.parse('2026-11-10T11:00:00Z')); // UTC−11
  });
});
