import { describe, expect, it } from 'vitest';
import { screenScale } from './useScreenScale';

describe('screen scale', () => {
  it('keeps the console sizes up to 2560 px and grows to double on a 4K screen', () => {
    expect(screenScale(1366)).toBe(1);
    expect(screenScale(2559)).toBe(1);
    expect(screenScale(2560)).toBe(1.25);
    expect(screenScale(3840)).toBe(2);
    expect(screenScale(7680)).toBe(2);
  });

  it('leaves a display that already scales alone', () => {
    expect(screenScale(3840, 2)).toBe(1);
  });
});
