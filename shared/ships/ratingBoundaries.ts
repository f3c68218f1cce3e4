import { inBand } from './referenceLines';
import type { ShipType } from './shipTypes';
import { CiiTableError } from './tableErrors';

/**
 * The dd vector of a ship type and size band: the factors exp(d1)…exp(d4) that place the superior, lower,
 * upper and inferior boundaries around the required CII. The band is chosen on the ship's own tonnage.
 */
export interface RatingBoundaryBand {
  atLeast?: number;
  below?: number;
  /** exp(d1), exp(d2), exp(d3), exp(d4). */
  dd: readonly [number, number, number, number];
}

export const RATING_BOUNDARY_SOURCE = 'MEPC.354(78) (CII rating guidelines, G4), Table 1';

/** MEPC.354(78) Table 1. Ro-ro passenger ships and their high-speed craft share one row there. */
export const RATING_BOUNDARIES: Readonly<Record<ShipType, readonly RatingBoundaryBand[]>> = {
  bulk_carrier: [{ dd: [0.86, 0.94, 1.06, 1.18] }],
  gas_carrier: [
    { atLeast: 65_000, dd: [0.81, 0.91, 1.12, 1.44] },
    { below: 65_000, dd: [0.85, 0.95, 1.06, 1.25] },
  ],
  tanker: [{ dd: [0.82, 0.93, 1.08, 1.28] }],
  container_ship: [{ dd: [0.83, 0.94, 1.07, 1.19] }],
  general_cargo_ship: [{ dd: [0.83, 0.94, 1.06, 1.19] }],
  refrigerated_cargo_carrier: [{ dd: [0.78, 0.91, 1.07, 1.2] }],
  combination_carrier: [{ dd: [0.87, 0.96, 1.06, 1.14] }],
  lng_carrier: [
    { atLeast: 100_000, dd: [0.89, 0.98, 1.06, 1.13] },
    { below: 100_000, dd: [0.78, 0.92, 1.1, 1.37] },
  ],
  roro_cargo_ship_vc: [{ dd: [0.86, 0.94, 1.06, 1.16] }],
  roro_cargo_ship: [{ dd: [0.76, 0.89, 1.08, 1.27] }],
  roro_passenger_ship: [{ dd: [0.76, 0.92, 1.14, 1.3] }],
  roro_passenger_ship_hsc: [{ dd: [0.76, 0.92, 1.14, 1.3] }],
  cruise_passenger_ship: [{ dd: [0.87, 0.95, 1.06, 1.16] }],
};

/** The dd vector of a ship of the given type and tonnage (DWT or GT by the type's capacity kind). */
export function ratingVector(shipType: ShipType, tonnage: number): readonly [number, number, number, number] {
  const band = RATING_BOUNDARIES[shipType].find((candidate) => inBand(candidate, tonnage));
  if (!band) throw new CiiTableError(`No rating-boundary band of ${shipType} holds ${tonnage}.`);
  return band.dd;
}
