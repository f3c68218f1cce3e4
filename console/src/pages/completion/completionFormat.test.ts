import { describe, expect, it } from 'vitest';
import { energyText } from './completionFormat';

describe('completion energy: 3 decimals always', () => {
  it('pads "4.14" to "4.140 kWh" beside "20.351 kWh", groups thousands, and drops the sign of a zero', () => {
    expect([energyText(4.14, 'kWh'), energyText(20.351, 'kWh'), energyText(200, 'kWh')]).toEqual(['4.140 kWh', '20.351 kWh', '200.000 kWh']);
    expect(energyText(12_345.6789, 'm³')).toBe('12,345.679 m³');
    expect(energyText(-0.0001, 'kWh')).toBe('0.000 kWh');
    expect(energyText(-2.5, '')).toBe('-2.500');
  });
});
