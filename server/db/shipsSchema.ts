import type { Generated } from 'kysely';
import type { shipSchema } from '@shared/resources/ships';
import type { shipFuelEntrySchema } from '@shared/resources/shipFuelEntries';
import type { shipFuelMeterSchema } from '@shared/resources/shipFuelMeters';

import type { StoredRow } from './resourceRow';

/** Table types of migration 0023_ships; conventions as in schema.ts. The resources' rows follow their shared schema. */

export interface ShipVoyagesTable {
  id: Generated<number>;
  owner_user_id: number;
  ship_id: number;
  code: string;
  note: string;
}

export interface VoyageLegsTable {
  id: Generated<number>;
  owner_user_id: number;
  voyage_id: number;
  ship_id: number;
  seq: number;
  port_from: string;
  port_to: string;
  departure_at: number;
  arrival_at: number;
  distance_nm: number;
  cargo: number;
  cargo_unit: string;
  condition: string;
}

export interface ShipTables {
  ships: StoredRow<typeof shipSchema>;
  ship_voyages: ShipVoyagesTable;
  voyage_legs: VoyageLegsTable;
  ship_fuel_entries: StoredRow<typeof shipFuelEntrySchema>;
  ship_fuel_meters: StoredRow<typeof shipFuelMeterSchema>;
}
