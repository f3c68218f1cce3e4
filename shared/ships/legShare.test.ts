import { describe, expect, it } from 'vitest';
import { legShareInYear } from './legShare';

const at = (iso: string) => Date.parse(iso);

describe('legShareInYear', () => {
  it('splits a leg across New Year pro rata by time in UTC', () => {
    // 2024-12-31 12:00Z → 2025-01-02 12:00Z is 48 h: 12 h in 2024 (0.25), 36 h in 2025 (0.75).
    const departure = at('2024-12-31T12:00:00Z');
    const arrival = at('2025-01-02T12:00:00Z');
    expect(legShareInYear(departure, arrival, 2024)).toBe(0.25);
    expect(legShareInYear(departure, arrival, 2025)).toBe(0.75);
    expect(legShareInYear(departure, arrival, 2023)).toBe(0);
  });

  it('counts the UTC year, not the local one', () => {
    // Arrives 2025-01-01 02:00 in Shanghai (UTC+8) = 2024-12-31 18:00Z: the whole leg is in 2024.
    const departure = at('2024-12-30T18:00:00Z');
    const arrival = at('2025-01-01T02:00:00+08:00');
    expect(legShareInYear(departure, arrival, 2024)).toBe(1);
    expect(legShareInYear(departure, arrival, 2025)).toBe(0);
  });

  it('a leg inside one year is wholly in it; an instant counts in its year; arriving before departing is an error', () => {
    expect(legShareInYear(at('2024-03-01T00:00:00Z'), at('2024-03-05T00:00:00Z'), 2024)).toBe(1);
    expect(legShareInYear(at('2025-01-01T00:00:00Z'), at('2025-01-01T00:00:00Z'), 2025)).toBe(1);
    expect(legShareInYear(at('2025-01-01T00:00:00Z'), at('2025-01-01T00:00:00Z'), 2024)).toBe(0);
    expect(() => legShareInYear(at('2025-01-02T00:00:00Z'), at('2025-01-01T00:00:00Z'), 2025)).toThrow(/arrive before/);
  });
});
