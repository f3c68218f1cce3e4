import { describe, expect, it } from 'vitest';
import { homeScale, scaledTokens } from './useHomeScale';

describe('home scale', () => {
  it('keeps the console sizes up to 2560 px and grows to double on a 4K screen', () => {
    expect(homeScale(1366)).toBe(1);
    expect(homeScale(2559)).toBe(1);
    expect(homeScale(2560)).toBe(1.25);
    expect(homeScale(3840)).toBe(2);
    expect(homeScale(7680)).toBe(2);
  });

  it('scales text, spacing and controls together', () => {
    expect(scaledTokens(2)).toEqual({ fontSize: 28, sizeUnit: 8, sizeStep: 8, controlHeight: 64 });
  });
});
