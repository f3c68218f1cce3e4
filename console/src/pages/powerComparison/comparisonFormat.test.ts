import { describe, expect, it } from 'vitest';
import { kwhText, signedText } from './comparisonFormat';

describe('comparison figures', () => {
  it('two decimals, thousands, a sign on differences and none on a zero that rounds away', () => {
    expect(kwhText(3100)).toBe('3,100.00');
    expect(kwhText(null)).toBe('–');
    expect(signedText(4)).toBe('+4.00');
    expect(signedText(-34 / 3)).toBe('-11.33');
    expect(signedText(0.001)).toBe('0.00');
    expect(signedText(-0.001)).toBe('0.00');
  });
});
