import { describe, expect, it } from 'vitest';
import { convertFuel, DEFAULT_FUEL_FACTORS, factorValidOn, fuelOfText, fuelUnitOfText, type FuelFactorVersion } from './fuelFactors';

const { diesel, hydrogen, fuel_oil: fuelOil } = DEFAULT_FUEL_FACTORS;

describe('fuel conversion by the default factors', () => {
  it('converts 2.5 t of diesel', () => {
    // 2.5 t = 2 500 kg; kWh = 2 500 × 42.652 / 3.6 = 106 630 / 3.6 = 29 619.444…; kgce = 2 500 × 1.4571 = 3 642.75;
    // CO2 = 2 500 × 3.0959 = 7 739.75 kg
    const result = convertFuel(2.5, 't', diesel);
    expect(result).toEqual({ kg: 2500, kwh: expect.closeTo(29_619.4444, 4), kgce: expect.closeTo(3642.75, 9), co2Kg: expect.closeTo(7739.75, 9) });
  });

  it('converts diesel litres by density', () => {
    // 1 000 L × 0.84 kg/L = 840 kg; kWh = 840 × 42.652 / 3.6 = 35 827.68 / 3.6 = 9 952.1333…; CO2 = 840 × 3.0959 = 2 600.556
    const result = convertFuel(1000, 'L', diesel);
    expect(result).toMatchObject({ kg: expect.closeTo(840, 9), kwh: expect.closeTo(9952.1333, 4), co2Kg: expect.closeTo(2600.556, 9) });
  });

  it('converts 100 Nm³ of hydrogen with no CO2', () => {
    // 100 Nm³ × 0.0899 kg/Nm³ = 8.99 kg; kWh = 8.99 × 119.96 / 3.6 = 1 078.4404 / 3.6 = 299.5668;
    // kgce = 8.99 × 119 960 / 29 307.6 = 1 078 440.4 / 29 307.6 = 36.7973 (29 307.6 × 36.7973 = 1 078 440.2); CO2 0
    const result = convertFuel(100, 'Nm3', hydrogen);
    expect(result).toEqual({ kg: expect.closeTo(8.99, 9), kwh: expect.closeTo(299.5668, 4), kgce: expect.closeTo(36.7973, 4), co2Kg: 0 });
  });

  it('refuses a unit the fuel has no density for', () => {
    expect(convertFuel(5, 'Nm3', fuelOil)).toEqual({ reason: 'fuel_oil has no density per Nm³' });
    expect(convertFuel(5, 'L', hydrogen)).toEqual({ reason: 'hydrogen has no density per litre' });
  });
});

describe('the factor version valid on a day', () => {
  const version = (id: number, validFrom: string, co2KgPerKg: number): FuelFactorVersion => ({ ...diesel, id, validFrom, co2KgPerKg });
  const versions = [version(2, '2026-06-01', 3.2), version(1, '2026-03-01', 3.1)];

  it('uses the default before the first version, then the latest started one', () => {
    expect(factorValidOn('diesel', '2026-02-28', versions)).toBe(diesel);
    expect(factorValidOn('diesel', '2026-03-01', versions)).toMatchObject({ id: 1 });
    expect(factorValidOn('diesel', '2026-05-31', versions)).toMatchObject({ id: 1 });
    expect(factorValidOn('diesel', '2026-06-01', versions)).toMatchObject({ id: 2 });
    expect(factorValidOn('hydrogen', '2026-07-01', versions)).toBe(hydrogen);
  });
});

describe('fuel and unit words', () => {
  it('reads common names', () => {
    expect(fuelOfText(' 柴油 ')).toBe('diesel');
    expect(fuelOfText('H2')).toBe('hydrogen');
    expect(fuelOfText('Fuel oil')).toBe('fuel_oil');
    expect(fuelOfText('petrol')).toBeNull();
    expect(fuelUnitOfText('NM3')).toBe('Nm3');
    expect(fuelUnitOfText('吨')).toBe('t');
    expect(fuelUnitOfText('gallon')).toBeNull();
  });
});
