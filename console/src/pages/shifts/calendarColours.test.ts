import { describe, expect, it } from 'vitest';
import { lookOf, monthWeeks } from './calendarColours';

describe('calendar year view helpers', () => {
  it('lays a month out Monday first', () => {
    // March 2026 starts on a Sunday: six empty cells, then 1–31, then 5 empty cells (6 weeks).
    const days = Array.from({ length: 31 }, (_, i) => ({ day: `2026-03-${String(i + 1).padStart(2, '0')}` }));
    const weeks = monthWeeks(days, 3);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0]![6]).toEqual({ day: '2026-03-01' });
    expect(weeks[1]![0]).toEqual({ day: '2026-03-02' });
    expect(weeks[5]![1]).toEqual({ day: '2026-03-31' });
    expect(weeks[5]![2]).toBeNull();
  });

  it('tells an adjusted working weekend day from a plain workday', () => {
    expect(lookOf({ dayType: 'workday', defaultType: 'weekend' })).toBe('adjusted');
    expect(lookOf({ dayType: 'workday', defaultType: 'workday' })).toBe('workday');
    expect(lookOf({ dayType: 'holiday', defaultType: 'workday' })).toBe('holiday');
  });
});
