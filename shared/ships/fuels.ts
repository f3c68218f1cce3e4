/**
 * Fuel types and their carbon factors Cf (t CO2 per t fuel) for CII and EEOI, from the 2022 EEDI calculation
 * guidelines (MEPC.364(79), table of default values), which the CII guidelines (G1, MEPC.352(78)) and the EEOI
 * guidelines (MEPC.1/Circ.684, with the same fuel table) refer to.
 */
export const SHIP_FUELS = ['diesel_gas_oil', 'lfo', 'hfo', 'lpg_propane', 'lpg_butane', 'ethane', 'lng', 'methanol', 'ethanol'] as const;

export type ShipFuel = (typeof SHIP_FUELS)[number];

export interface ShipFuelFactor {
  /** t CO2 emitted per t of fuel burnt. */
  cf: number;
  /** Carbon content (mass fraction) the factor derives from: Cf = carbon × 44 / 12. */
  carbonContent: number;
  /** Lower calorific value, kJ/kg (the same table). */
  lcvKjPerKg: number;
  /** Fuel standard or reference the row names. */
  reference: string;
}

export const FUEL_FACTOR_SOURCE = 'MEPC.364(79) (2022 EEDI guidelines) table of Cf; MEPC.1/Circ.684 (EEOI)';

export const SHIP_FUEL_FACTORS: Readonly<Record<ShipFuel, ShipFuelFactor>> = {
  diesel_gas_oil: { cf: 3.206, carbonContent: 0.8744, lcvKjPerKg: 42_700, reference: 'ISO 8217 grades DMX to DMB' },
  lfo: { cf: 3.151, carbonContent: 0.8594, lcvKjPerKg: 41_200, reference: 'ISO 8217 grades RMA to RMD' },
  hfo: { cf: 3.114, carbonContent: 0.8493, lcvKjPerKg: 40_200, reference: 'ISO 8217 grades RME to RMK' },
  lpg_propane: { cf: 3.0, carbonContent: 0.8182, lcvKjPerKg: 46_300, reference: 'Liquefied petroleum gas: propane' },
  lpg_butane: { cf: 3.03, carbonContent: 0.8264, lcvKjPerKg: 45_700, reference: 'Liquefied petroleum gas: butane' },
  ethane: { cf: 2.927, carbonContent: 0.7989, lcvKjPerKg: 46_400, reference: 'Ethane' },
  lng: { cf: 2.75, carbonContent: 0.75, lcvKjPerKg: 48_000, reference: 'Liquefied natural gas' },
  methanol: { cf: 1.375, carbonContent: 0.375, lcvKjPerKg: 19_900, reference: 'Methanol' },
  ethanol: { cf: 1.913, carbonContent: 0.5217, lcvKjPerKg: 26_800, reference: 'Ethanol' },
};

export function isShipFuel(value: unknown): value is ShipFuel {
  return typeof value === 'string' && (SHIP_FUELS as readonly string[]).includes(value);
}

/** Carbon factor Cf of a fuel, t CO2 / t fuel. */
export function carbonFactor(fuel: ShipFuel): number {
  return SHIP_FUEL_FACTORS[fuel].cf;
}

/** Fuel burnt in one period, in tonnes. */
export interface FuelBurn {
  fuel: ShipFuel;
  tonnes: number;
}

/** Total CO2 in grams of a set of fuel burns: Σ FCj × CFj (t × t/t = t CO2; × 10⁶ g/t). */
export function co2Grams(fuels: readonly FuelBurn[]): number {
  let grams = 0;
  for (const burn of fuels) grams += burn.tonnes * 1_000_000 * carbonFactor(burn.fuel);
  return grams;
}
