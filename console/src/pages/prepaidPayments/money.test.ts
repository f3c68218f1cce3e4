import { describe, expect, it } from 'vitest';
import { energyMilliText, minorDelta, minorText, parseMinor } from './money';

describe('prepaid money text', () => {
  it('formats integer minor units with two decimals and thousands', () => {
    expect(minorText(0)).toBe('0.00');
    expect(minorText(5)).toBe('0.05');
    expect(minorText(-5)).toBe('-0.05');
    expect(minorText(123_456)).toBe('1,234.56');
    expect(minorText(10_000_000_000)).toBe('100,000,000.00');
    expect(minorText(2_050, 'CNY')).toBe('CNY 20.50');
    expect(minorText(0.5)).toBe('–');
    expect(minorDelta(1_230)).toBe('+12.30');
    expect(minorDelta(-400)).toBe('-4.00');
    expect(minorDelta(0)).toBe('0.00');
  });

  it('parses what people type into minor units, without floating point', () => {
    expect(parseMinor('100')).toBe(10_000);
    expect(parseMinor('100.5')).toBe(10_050);
    expect(parseMinor('100.50')).toBe(10_050);
    expect(parseMinor(' 3. ')).toBe(300);
    expect(parseMinor('1,000.05')).toBe(100_005);
    // 0.29 × 100 is 28.999… in floating point; digits are added, not multiplied.
    expect(parseMinor('0.29')).toBe(29);
    expect(parseMinor('1.005')).toBeNull();
    expect(parseMinor('-1')).toBeNull();
    expect(parseMinor('')).toBeNull();
    expect(parseMinor('1,00')).toBeNull();
    expect(parseMinor('12a')).toBeNull();
  });

  it('shows energy from milli-units with two decimals', () => {
    expect(energyMilliText(12_345)).toBe('12.35');
    expect(energyMilliText(1_234_560)).toBe('1,234.56');
    expect(energyMilliText(0)).toBe('0.00');
  });
});
