import { describe, expect, it } from 'vitest';
import { excelSerialToWallTime, guessDateFormat, parseCellDate, periodEndOf, wallTimeToEpoch } from './cellDates';

const SH = 'Asia/Shanghai';
const BERLIN = 'Europe/Berlin';

describe('period cells read in the file zone', () => {
  it('reads each format as wall time in the zone', () => {
    // 2026-03-01 08:15 in Shanghai (UTC+8) is 00:15 UTC
    const expected = Date.UTC(2026, 2, 1, 0, 15);
    expect(parseCellDate('2026-03-01 08:15', 'YYYY-MM-DD HH:mm', SH)).toEqual({ at: expected });
    expect(parseCellDate('01/03/2026 08:15', 'DD/MM/YYYY HH:mm', SH)).toEqual({ at: expected });
    expect(parseCellDate('2026-03-01T08:15:00', 'iso', SH)).toEqual({ at: expected });
    // an explicit offset wins over the zone
    expect(parseCellDate('2026-03-01T08:15:00+02:00', 'iso', SH)).toEqual({ at: Date.UTC(2026, 2, 1, 6, 15) });
    expect(parseCellDate('2026-03-01T00:15Z', 'iso', SH)).toEqual({ at: expected });
    // a date alone is midnight
    expect(parseCellDate('2026-03-01', 'YYYY-MM-DD HH:mm', SH)).toEqual({ at: Date.UTC(2026, 1, 28, 16) });
  });

  it('reads Excel serial days and Excel date cells', () => {
    // 2026-01-01 is serial 46023 (45658 = 2025-01-01, + 365); + 31 (Jan) + 28 (Feb) = 46082 → 2026-03-01; .25 = 06:00
    expect(excelSerialToWallTime(46082.25)).toMatchObject({ year: 2026, month: 3, day: 1, hour: 6, minute: 0, second: 0 });
    expect(parseCellDate('46082.25', 'excel', SH)).toEqual({ at: Date.UTC(2026, 2, 0, 22) });
    // a quarter hour as a binary fraction (1/96) still lands on the minute
    expect(excelSerialToWallTime(46082 + 1 / 96)).toMatchObject({ hour: 0, minute: 15, second: 0 });
    expect(parseCellDate('2026-03-01T06:00:00', 'excel', BERLIN)).toEqual({ at: Date.UTC(2026, 2, 1, 5) });
  });

  it('refuses impossible dates, wrong shapes and skipped wall times', () => {
    expect(parseCellDate('2026-02-30 00:00', 'YYYY-MM-DD HH:mm', SH)).toHaveProperty('reason');
    expect(parseCellDate('30/13/2026 00:00', 'DD/MM/YYYY HH:mm', SH)).toHaveProperty('reason');
    expect(parseCellDate('yesterday', 'iso', SH)).toHaveProperty('reason');
    expect(parseCellDate('', 'excel', SH)).toEqual({ reason: 'is empty' });
    // Berlin springs forward at 02:00 on 2026-03-29: 02:30 never happens
    expect(parseCellDate('2026-03-29 02:30', 'YYYY-MM-DD HH:mm', BERLIN)).toEqual({ reason: 'does not exist in Europe/Berlin (the clocks skip it)' });
  });

  it('takes the first of a repeated wall time', () => {
    // Berlin falls back at 03:00 CEST on 2026-10-25: 02:30 happens at 00:30Z (CEST) and 01:30Z (CET)
    expect(wallTimeToEpoch({ year: 2026, month: 10, day: 25, hour: 2, minute: 30, second: 0 }, BERLIN)).toBe(Date.UTC(2026, 9, 25, 0, 30));
  });

  it('ends fixed periods on calendar days and months in the zone', () => {
    const springDay = Date.UTC(2026, 2, 28, 23); // 2026-03-29 00:00 CET
    expect(periodEndOf(springDay, 'day', BERLIN)! - springDay).toBe(23 * 3_600_000);
    const jan = Date.UTC(2025, 11, 31, 16); // 2026-01-01 00:00 Shanghai
    expect(periodEndOf(jan, 'month', SH)).toBe(Date.UTC(2026, 0, 31, 16)); // 2026-02-01 00:00 Shanghai
    expect(periodEndOf(jan, '15min', SH)).toBe(jan + 900_000);
    expect(periodEndOf(jan, 'hour', SH)).toBe(jan + 3_600_000);
  });

  it('guesses the format of a first cell', () => {
    expect(guessDateFormat('46082.25')).toBe('excel');
    expect(guessDateFormat('2026-03-01T08:00:00+08:00')).toBe('iso');
    expect(guessDateFormat('2026-03-01 08:00')).toBe('YYYY-MM-DD HH:mm');
    expect(guessDateFormat('01/03/2026 08:00')).toBe('DD/MM/YYYY HH:mm');
    expect(guessDateFormat('M001')).toBeNull();
  });
});
