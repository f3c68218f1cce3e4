import { CAPACITY_KIND, type CapacityKind, type ShipType } from './shipTypes';
import { CiiTableError } from './tableErrors';

/**
 * One size band of a ship type's 2019 reference line CII_ref = a · Capacity^(−c).
 * The band is chosen by the ship's own tonnage (DWT or GT by its capacity kind): from `atLeast` (inclusive)
 * to `below` (exclusive). `fixedCapacity`, when set, replaces the tonnage in the formula (the caps of G2).
 */
export interface ReferenceLineBand {
  atLeast?: number;
  below?: number;
  fixedCapacity?: number;
  a: number;
  c: number;
}

export const REFERENCE_LINE_SOURCE = 'MEPC.353(78) (CII reference lines guidelines, G2), Table 1';

/**
 * MEPC.353(78) Table 1 as printed. Two rows look odd and are kept as the resolution prints them:
 * the LNG carrier below 65,000 DWT has a = 14779E10 while the band above it has 14479E10 (so the line steps up
 * by about 2 % at 65,000 DWT), and the bulk carrier has the same a and c on both sides of its 279,000 DWT cap.
 */
export const REFERENCE_LINES: Readonly<Record<ShipType, readonly ReferenceLineBand[]>> = {
  bulk_carrier: [
    { atLeast: 279_000, fixedCapacity: 279_000, a: 4745, c: 0.622 },
    { below: 279_000, a: 4745, c: 0.622 },
  ],
  gas_carrier: [
    { atLeast: 65_000, a: 14405e7, c: 2.071 },
    { below: 65_000, a: 8104, c: 0.639 },
  ],
  tanker: [{ a: 5247, c: 0.61 }],
  container_ship: [{ a: 1984, c: 0.489 }],
  general_cargo_ship: [
    { atLeast: 20_000, a: 31948, c: 0.792 },
    { below: 20_000, a: 588, c: 0.3885 },
  ],
  refrigerated_cargo_carrier: [{ a: 4600, c: 0.557 }],
  combination_carrier: [{ a: 5119, c: 0.622 }],
  lng_carrier: [
    { atLeast: 100_000, a: 9.827, c: 0 },
    { atLeast: 65_000, below: 100_000, a: 14479e10, c: 2.673 },
    { below: 65_000, fixedCapacity: 65_000, a: 14779e10, c: 2.673 },
  ],
  roro_cargo_ship_vc: [
    { atLeast: 57_700, fixedCapacity: 57_700, a: 3627, c: 0.59 },
    { atLeast: 30_000, below: 57_700, a: 3627, c: 0.59 },
    { below: 30_000, a: 330, c: 0.329 },
  ],
  roro_cargo_ship: [{ a: 1967, c: 0.485 }],
  roro_passenger_ship: [{ a: 2023, c: 0.46 }],
  // High-speed craft designed to SOLAS chapter X: a row of its own under ro-ro passenger ships in G2.
  roro_passenger_ship_hsc: [{ a: 4196, c: 0.46 }],
  cruise_passenger_ship: [{ a: 930, c: 0.383 }],
};

/** True when a tonnage falls inside a band (lower edge inclusive, upper edge exclusive, as G2 words them). */
export function inBand(band: { atLeast?: number; below?: number }, tonnage: number): boolean {
  return (band.atLeast === undefined || tonnage >= band.atLeast) && (band.below === undefined || tonnage < band.below);
}

export interface ReferenceLine {
  capacityKind: CapacityKind;
  /** Capacity in the reference line: the ship's tonnage, or the band's fixed capacity where G2 caps it. */
  capacity: number;
  a: number;
  c: number;
  /** CII_ref = a · capacity^(−c), g CO2 / (capacity · nm). */
  reference: number;
  source: string;
}

/** The 2019 reference line of a ship of the given type and tonnage (DWT or GT by the type's capacity kind). */
export function referenceLine(shipType: ShipType, tonnage: number): ReferenceLine {
  if (!Number.isFinite(tonnage) || tonnage <= 0) {
    throw new CiiTableError(`The ${CAPACITY_KIND[shipType].toUpperCase()} of a ${shipType} must be a positive number, not ${tonnage}.`);
  }
  const band = REFERENCE_LINES[shipType].find((candidate) => inBand(candidate, tonnage));
  if (!band) throw new CiiTableError(`No reference-line band of ${shipType} holds ${tonnage}.`);
  const capacity = band.fixedCapacity ?? tonnage;
  return {
    capacityKind: CAPACITY_KIND[shipType],
    capacity,
    a: band.a,
    c: band.c,
    reference: band.a * capacity ** -band.c,
    source: REFERENCE_LINE_SOURCE,
  };
}
