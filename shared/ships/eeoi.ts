import { co2Grams, type FuelBurn } from './fuels';
import { CiiTableError } from './tableErrors';

/** One leg of a voyage for the EEOI: fuel burnt, cargo carried (t, TEU, passengers, units…) and distance. */
export interface EeoiLeg {
  fuels: readonly FuelBurn[];
  cargo: number;
  distanceNm: number;
  condition: 'laden' | 'ballast';
}

export interface EeoiBreakdown {
  co2Grams: number;
  /** Σ cargo · distance over laden legs, cargo unit · nm. */
  transportWork: number;
  /** g CO2 / (cargo unit · nm); null when no cargo moved (ballast only): there is no transport work to divide by. */
  eeoi: number | null;
}

/**
 * EEOI of a voyage or of several voyages together (MEPC.1/Circ.684 §3–4):
 * Σ FCj · CFj over every leg / Σ cargo · distance over laden legs. A ballast leg adds its fuel and no transport work,
 * so the return trip empty counts against the laden one.
 */
export function eeoiBreakdown(legs: readonly EeoiLeg[]): EeoiBreakdown {
  let grams = 0;
  let transportWork = 0;
  for (const leg of legs) {
    if (!Number.isFinite(leg.distanceNm) || leg.distanceNm < 0)
      throw new CiiTableError(`A leg's distance must be zero or more nautical miles, not ${leg.distanceNm}.`);
    if (!Number.isFinite(leg.cargo) || leg.cargo < 0) throw new CiiTableError(`A leg's cargo must be zero or more, not ${leg.cargo}.`);
    grams += co2Grams(leg.fuels);
    if (leg.condition === 'laden') transportWork += leg.cargo * leg.distanceNm;
  }
  return { co2Grams: grams, transportWork, eeoi: transportWork > 0 ? grams / transportWork : null };
}

/** EEOI in g CO2 / (cargo unit · nm), or null when no cargo moved. */
export function eeoi(legs: readonly EeoiLeg[]): number | null {
  return eeoiBreakdown(legs).eeoi;
}

/**
 * Rolling average EEOI (MEPC.1/Circ.684 §4.3): for each voyage, the EEOI of it and the `window − 1` voyages
 * before it summed together (not an average of per-voyage EEOIs, which would weigh a short voyage like a long one).
 */
export function rollingEeoi(voyages: readonly (readonly EeoiLeg[])[], window: number): (number | null)[] {
  if (!Number.isInteger(window) || window < 1) throw new CiiTableError(`The rolling window must be a whole number of voyages, at least 1, not ${window}.`);
  return voyages.map((_, index) => eeoi(voyages.slice(Math.max(0, index - window + 1), index + 1).flat()));
}
