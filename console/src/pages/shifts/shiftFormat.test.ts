import { describe, expect, it } from 'vitest';
import { energyText, moneyText } from './shiftFormat';

describe('shift energy figures', () => {
  it('shows energy and money with 2 decimals and "," thousands, whatever the browser locale', () => {
    expect([energyText(1_234.5), energyText(24), energyText(0.004)]).toEqual(['1,234.50', '24.00', '0.00']);
    expect([moneyText(1_234_560), moneyText(8_800), moneyText(-5)]).toEqual(['12,345.60', '88.00', '-0.05']);
  });
});
