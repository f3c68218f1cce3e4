import { describe, expect, it } from 'vitest';
import { clockFormatter, isTimeZone, msToNextSecond } from './clockFormat';
import { clockWidget } from './descriptor';

// Thursday 15 January 2026, 20:05:09 UTC: already Friday in Shanghai and Auckland.
const AT = Date.UTC(2026, 0, 15, 20, 5, 9);
const base = { timeZone: 'UTC', hourCycle: '24h' as const, showSeconds: true, showDate: true };

describe('clock formatting', () => {
  it('shows the same instant in each time zone, with the local date', () => {
    expect(clockFormatter(base, 'en')(AT)).toEqual({ time: '20:05:09', date: 'Thursday, January 15, 2026' });
    expect(clockFormatter({ ...base, timeZone: 'Asia/Shanghai' }, 'en')(AT)).toEqual({ time: '04:05:09', date: 'Friday, January 16, 2026' });
    expect(clockFormatter({ ...base, timeZone: 'Pacific/Auckland' }, 'en')(AT).time).toBe('09:05:09');
    expect(clockFormatter({ ...base, timeZone: 'America/New_York' }, 'en')(AT).time).toBe('15:05:09');
  });

  it('follows daylight saving time', () => {
    const july = Date.UTC(2026, 6, 1, 12, 0, 0);
    expect(clockFormatter({ ...base, timeZone: 'Europe/Madrid' }, 'en')(july).time).toBe('14:00:00');
    expect(clockFormatter({ ...base, timeZone: 'Europe/Madrid' }, 'en')(AT).time).toBe('21:05:09');
  });

  it('formats 12-hour time without seconds and hides the date', () => {
    expect(clockFormatter({ timeZone: 'America/New_York', hourCycle: '12h', showSeconds: false, showDate: false }, 'en')(AT)).toEqual({
      time: '3:05 PM',
      date: null,
    });
  });

  it('writes the date in the wall language', () => {
    expect(clockFormatter({ ...base, timeZone: 'Asia/Shanghai' }, 'zh')(AT).date).toBe('2026年1月16日星期五');
    expect(clockFormatter({ ...base, timeZone: 'Asia/Shanghai' }, 'es')(AT).date).toBe('viernes, 16 de enero de 2026');
  });

  it('knows IANA names and aims the tick at the next second', () => {
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(msToNextSecond(AT + 250)).toBe(750);
    expect(msToNextSecond(AT)).toBe(1000);
  });
});

describe('clock descriptor', () => {
  it('defaults to the wall time zone, 24 h, seconds and date', () => {
    expect(clockWidget.options.parse({})).toEqual({ timeZone: '', hourCycle: '24h', showSeconds: true, showDate: true });
    expect(clockWidget.channels({}, clockWidget.options.parse({}))).toEqual([]);
  });

  it('validates the time zone', () => {
    expect(clockWidget.options.parse({ timeZone: ' Asia/Tokyo ' }).timeZone).toBe('Asia/Tokyo');
    const result = clockWidget.options.safeParse({ timeZone: 'Moon/Base' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['timeZone', 'Unknown time zone: use an IANA name like Europe/Madrid'],
    ]);
  });
});
