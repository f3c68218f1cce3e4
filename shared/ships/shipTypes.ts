/**
 * Ship types of the IMO operational carbon intensity indicator (CII), as the reference-line guidelines
 * (G2, MEPC.353(78)) list them. The keys are stable identifiers stored in the database; screens translate them.
 */
export const SHIP_TYPES = [
  'bulk_carrier',
  'gas_carrier',
  'tanker',
  'container_ship',
  'general_cargo_ship',
  'refrigerated_cargo_carrier',
  'combination_carrier',
  'lng_carrier',
  'roro_cargo_ship_vc',
  'roro_cargo_ship',
  'roro_passenger_ship',
  'roro_passenger_ship_hsc',
  'cruise_passenger_ship',
] as const;

export type ShipType = (typeof SHIP_TYPES)[number];

/** Which tonnage a ship type's CII divides by: deadweight or gross tonnage. */
export type CapacityKind = 'dwt' | 'gt';

/**
 * Capacity per ship type, from the CII calculation guidelines (G1, MEPC.352(78) §2.3): DWT for cargo-carrying
 * types measured by weight, GT for ro-ro, ro-ro passenger and cruise ships, whose cargo is volume-bound.
 */
export const CAPACITY_KIND: Readonly<Record<ShipType, CapacityKind>> = {
  bulk_carrier: 'dwt',
  gas_carrier: 'dwt',
  tanker: 'dwt',
  container_ship: 'dwt',
  general_cargo_ship: 'dwt',
  refrigerated_cargo_carrier: 'dwt',
  combination_carrier: 'dwt',
  lng_carrier: 'dwt',
  roro_cargo_ship_vc: 'gt',
  roro_cargo_ship: 'gt',
  roro_passenger_ship: 'gt',
  roro_passenger_ship_hsc: 'gt',
  cruise_passenger_ship: 'gt',
};

export const CAPACITY_KIND_SOURCE = 'MEPC.352(78) (CII guidelines G1), section 2.3';

export function isShipType(value: unknown): value is ShipType {
  return typeof value === 'string' && (SHIP_TYPES as readonly string[]).includes(value);
}

/** The tonnage a ship type counts as its capacity: DWT or GT by CAPACITY_KIND. */
export function capacityOf(shipType: ShipType, tonnage: { dwt: number; gt: number }): number {
  return CAPACITY_KIND[shipType] === 'dwt' ? tonnage.dwt : tonnage.gt;
}
