import { describe, expect, it } from 'vitest';
import { energyDelta, energyText, moneyText, priceText, shareText } from './settlementFormat';

describe('settlement figures: one fixed number of decimals per kind', () => {
  it('shows energy with 2 decimals always, so a column lines up', () => {
    expect([energyText(64_524.1), energyText(373_887.69), energyText(5), energyText(0)]).toEqual(['64,524.10', '373,887.69', '5.00', '0.00']);
    expect(energyText(1_234_567.899)).toBe('1,234,567.90');
    expect(energyText(-0.001)).toBe('0.00'); // rounds to zero: no sign
    expect([energyDelta(12.5), energyDelta(-4), energyDelta(0.001)]).toEqual(['+12.50', '-4.00', '0.00']);
  });

  it('shows money with 2 decimals, prices as stored (at least 2), shares with 2', () => {
    expect([moneyText(123_456), moneyText(5), moneyText(-1_230)]).toEqual(['1,234.56', '0.05', '-12.30']);
    expect([priceText(612_345), priceText(1_200_000), priceText(null)]).toEqual(['0.612345', '1.20', '–']);
    expect([shareText(1 / 3), shareText(0.5)]).toEqual(['33.33%', '50.00%']);
  });
});
