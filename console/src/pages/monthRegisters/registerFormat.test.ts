import { describe, expect, it } from 'vitest';
import { energyText, registerText } from './registerFormat';

describe('month register figures', () => {
  it('shows energy with 2 decimals ("17,531.20", not "17,531.2") and registers with 3', () => {
    expect([energyText(17_531.2), energyText(373_887.69), energyText(null)]).toEqual(['17,531.20', '373,887.69', '—']);
    expect([registerText(1_000.5), registerText(2_013), registerText(null)]).toEqual(['1,000.500', '2,013.000', '—']);
  });
});
