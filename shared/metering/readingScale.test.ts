import { describe, expect, it } from 'vitest';
import { fitsMilli, fromMilli, MAX_SCALED_TEXT, toMilli } from './readingScale';

describe('reading scale (thousandths of the unit)', () => {
  it('rounds to 0.001 of the unit and reads back the decimal', () => {
    expect(toMilli(1234.5678)).toBe(1234568);
    expect(fromMilli(toMilli(1234.5678))).toBe(1234.568);
    expect(toMilli(0.1 + 0.2)).toBe(300);
    expect(toMilli(-31.2004)).toBe(-31200);
    expect(fromMilli(-31200)).toBe(-31.2);
  });

  it('accepts magnitudes whose thousandths are safe integers only', () => {
    expect(MAX_SCALED_TEXT).toBe('9007199254740.991');
    expect(fitsMilli(9007199254740.99)).toBe(true);
    expect(fitsMilli(-9007199254740.99)).toBe(true);
    expect(fitsMilli(9007199254741)).toBe(false);
    expect(fitsMilli(-9007199254741)).toBe(false);
  });
});
