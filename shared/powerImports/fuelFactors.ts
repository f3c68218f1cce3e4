import type { FuelKind, FuelUnit } from './constants';

/**
 * Fuel conversion factors and the conversion itself: quantity → kg → kWh (net calorific value), kgce and CO2.
 * One multiplication per figure from the kg, never a rounded intermediate.
 */
export interface FuelFactor {
  fuel: FuelKind;
  /** net calorific value, MJ per kg; kWh = MJ / 3.6 */
  ncvMjPerKg: number;
  /** kg of standard coal equivalent per kg */
  kgcePerKg: number;
  /** kg CO2 emitted per kg burnt (0 for hydrogen at the point of use) */
  co2KgPerKg: number;
  /** kg per litre (liquid fuels) */
  densityKgPerL: number | null;
  /** kg per normal cubic metre, 0 °C and 101.325 kPa (gases) */
  densityKgPerNm3: number | null;
  source: string;
}

/** 1 kgce = 29 307.6 kJ (7 000 kcal), GB/T 2589-2020 §3.8 (standard coal equivalent). */
export const KJ_PER_KGCE = 29_307.6;
export const MJ_PER_KWH = 3.6;

/**
 * The built-in defaults, valid until a tree's own version of the fuel starts. Sources:
 * - diesel and fuel oil NCV and kgce: GB/T 2589-2020 Appendix A (柴油 42 652 kJ/kg → 1.4571 kgce/kg;
 *   燃料油 41 816 kJ/kg → 1.4286 kgce/kg);
 * - their CO2: the IPCC 2006 Guidelines' method (Vol. 2 ch. 2: NCV × carbon content × oxidation × 44/12) with China's
 *   national defaults in the industry accounting guidelines (GB/T 32150-2015 Appendix B; NDRC 2013/2015 guidelines):
 *   diesel 42.652 GJ/t, 20.20 tC/TJ, 98 % → 3.0959 t CO2/t; fuel oil 41.816 GJ/t, 21.10 tC/TJ, 98 % → 3.1705 t CO2/t;
 * - hydrogen: lower heating value 119.96 MJ/kg (ISO 14687 / US DOE HFTO), kgce from it by the GB/T 2589-2020 definition
 *   (119 960 / 29 307.6 = 4.0931 kgce/kg); no CO2 at the point of use (its production is scope 2/3, not counted here);
 * - densities: diesel 0.84 kg/L (GB 19147-2016 allows 0.810–0.845 at 20 °C), fuel oil 0.95 kg/L (typical of
 *   residual fuel oil at 15 °C; enter the delivery note's density as a version), hydrogen 0.0899 kg/Nm³.
 */
export const DEFAULT_FUEL_FACTORS: Record<FuelKind, FuelFactor> = {
  diesel: {
    fuel: 'diesel',
    ncvMjPerKg: 42.652,
    kgcePerKg: 1.4571,
    co2KgPerKg: 3.0959,
    densityKgPerL: 0.84,
    densityKgPerNm3: null,
    source:
      'GB/T 2589-2020 App. A (NCV 42 652 kJ/kg, 1.4571 kgce/kg); CO2 IPCC 2006 method, GB/T 32150-2015 national defaults (20.20 tC/TJ, 98 %); density GB 19147',
  },
  fuel_oil: {
    fuel: 'fuel_oil',
    ncvMjPerKg: 41.816,
    kgcePerKg: 1.4286,
    co2KgPerKg: 3.1705,
    densityKgPerL: 0.95,
    densityKgPerNm3: null,
    source:
      'GB/T 2589-2020 App. A (NCV 41 816 kJ/kg, 1.4286 kgce/kg); CO2 IPCC 2006 method, GB/T 32150-2015 national defaults (21.10 tC/TJ, 98 %); density typical',
  },
  hydrogen: {
    fuel: 'hydrogen',
    ncvMjPerKg: 119.96,
    kgcePerKg: 119_960 / KJ_PER_KGCE,
    co2KgPerKg: 0,
    densityKgPerL: null,
    densityKgPerNm3: 0.0899,
    source: 'LHV 119.96 MJ/kg; kgce by GB/T 2589-2020 (29 307.6 kJ/kgce); 0 CO2 at use; 0.0899 kg/Nm³ (0 °C, 101.325 kPa)',
  },
};

export type KgOutcome = { kg: number } | { reason: string };

/** The quantity in kg: t × 1000, L × density, Nm³ × density. */
export function quantityInKg(quantity: number, unit: FuelUnit, factor: FuelFactor): KgOutcome {
  switch (unit) {
    case 'kg':
      return { kg: quantity };
    case 't':
      return { kg: quantity * 1000 };
    case 'L':
      return factor.densityKgPerL === null ? { reason: `${factor.fuel} has no density per litre` } : { kg: quantity * factor.densityKgPerL };
    case 'Nm3':
      return factor.densityKgPerNm3 === null ? { reason: `${factor.fuel} has no density per Nm³` } : { kg: quantity * factor.densityKgPerNm3 };
  }
}

export interface FuelConversion {
  kg: number;
  kwh: number;
  kgce: number;
  co2Kg: number;
}

/** kg, kWh, kgce and CO2 of a quantity, each from the kg with the factor's own figure. */
export function convertFuel(quantity: number, unit: FuelUnit, factor: FuelFactor): FuelConversion | { reason: string } {
  const mass = quantityInKg(quantity, unit, factor);
  if ('reason' in mass) return mass;
  const { kg } = mass;
  return { kg, kwh: (kg * factor.ncvMjPerKg) / MJ_PER_KWH, kgce: kg * factor.kgcePerKg, co2Kg: kg * factor.co2KgPerKg };
}

/** A tree's version of a fuel's factors, valid from a local day (YYYY-MM-DD) until the next version. */
export interface FuelFactorVersion extends FuelFactor {
  id: number;
  validFrom: string;
}

/**
 * The factor a row uses: the tree's version with the latest `validFrom` on or before the local day its period
 * starts, or the built-in default when none has started yet. `versions` may be in any order.
 */
export function factorValidOn<V extends FuelFactorVersion>(fuel: FuelKind, day: string, versions: readonly V[]): V | FuelFactor {
  let best: V | null = null;
  for (const version of versions) {
    if (version.fuel !== fuel || version.validFrom > day) continue;
    if (!best || version.validFrom > best.validFrom) best = version;
  }
  return best ?? DEFAULT_FUEL_FACTORS[fuel];
}

/** How people and files name fuels (en, zh, es and common short forms) → the fuel. */
const FUEL_WORDS: Record<string, FuelKind> = {
  diesel: 'diesel',
  'diesel oil': 'diesel',
  'gas oil': 'diesel',
  mgo: 'diesel',
  柴油: 'diesel',
  gasóleo: 'diesel',
  gasoleo: 'diesel',
  fuel_oil: 'fuel_oil',
  'fuel oil': 'fuel_oil',
  fueloil: 'fuel_oil',
  hfo: 'fuel_oil',
  燃料油: 'fuel_oil',
  重油: 'fuel_oil',
  fuelóleo: 'fuel_oil',
  fueloleo: 'fuel_oil',
  hydrogen: 'hydrogen',
  h2: 'hydrogen',
  氢: 'hydrogen',
  氢气: 'hydrogen',
  hidrógeno: 'hydrogen',
  hidrogeno: 'hydrogen',
};

export function fuelOfText(text: string): FuelKind | null {
  return FUEL_WORDS[text.trim().toLowerCase()] ?? null;
}

const UNIT_WORDS: Record<string, FuelUnit> = {
  t: 't',
  tonne: 't',
  tonnes: 't',
  ton: 't',
  吨: 't',
  kg: 'kg',
  公斤: 'kg',
  千克: 'kg',
  l: 'L',
  litre: 'L',
  litres: 'L',
  liter: 'L',
  liters: 'L',
  升: 'L',
  nm3: 'Nm3',
  'nm³': 'Nm3',
  标方: 'Nm3',
};

export function fuelUnitOfText(text: string): FuelUnit | null {
  return UNIT_WORDS[text.trim().toLowerCase()] ?? null;
}
