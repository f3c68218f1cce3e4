import type { Kysely } from 'kysely';
import { CiiTableError } from '@shared/ships';
import type { FleetCiiAnswer, ShipCiiAnswer, ShipCiiYearsAnswer, ShipVoyagesAnswer } from '@shared/ships/api';
import type { Database } from '../db/schema';
import { validationError } from '../http/appError';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';
import { meterTonnes } from './meterFuel';
import { fleetCii, shipCii, shipCiiYears } from './shipCii';
import { loadShip, loadShipRecord, shipsInScope } from './shipRecord';
import { utcYearOf, type MeterTonnes } from './shipYear';
import { shipVoyages } from './voyages';

/** What the routes and the wall channel call: a ship of the caller's tree, read once, its figures computed. */
export class ShipService {
  private readonly meterTonnes: MeterTonnes;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    this.meterTonnes = (meter, from, to) => meterTonnes(db, meter, from, to);
  }

  async cii(scope: OwnerScope, shipId: number, year: number | undefined): Promise<ShipCiiAnswer> {
    const at = this.now();
    const record = await loadShipRecord(this.db, await loadShip(this.db, shipId, scope));
    return tableQuestion(() => shipCii(record, year ?? utcYearOf(at), at, this.meterTonnes));
  }

  async ciiYears(scope: OwnerScope, shipId: number): Promise<ShipCiiYearsAnswer> {
    const record = await loadShipRecord(this.db, await loadShip(this.db, shipId, scope));
    return tableQuestion(() => shipCiiYears(record, this.now(), this.meterTonnes));
  }

  async voyages(scope: OwnerScope, shipId: number, year: number | undefined): Promise<ShipVoyagesAnswer> {
    const record = await loadShipRecord(this.db, await loadShip(this.db, shipId, scope));
    return shipVoyages(this.db, record, year, this.meterTonnes);
  }

  async fleet(scope: OwnerScope, year: number | undefined): Promise<FleetCiiAnswer> {
    const at = this.now();
    const ships = await shipsInScope(this.db, ownerIds(scope));
    const records = await Promise.all(ships.map((ship) => loadShipRecord(this.db, ship)));
    return tableQuestion(() => fleetCii(records, year ?? utcYearOf(at), at, this.meterTonnes));
  }
}

/** A question the IMO tables cannot answer (a year without a reduction factor) is the caller's, not a fault. */
async function tableQuestion<T>(compute: () => Promise<T>): Promise<T> {
  try {
    return await compute();
  } catch (error) {
    if (error instanceof CiiTableError) throw validationError([{ field: 'year', rule: 'range', message: error.message }]);
    throw error;
  }
}
