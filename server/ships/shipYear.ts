import { co2Grams, legShareInYear, SHIP_FUELS, utcYearStart, type FuelBurn, type ShipFuel } from '@shared/ships';
import type { FuelOrigins, FuelTotal } from '@shared/ships/api';
import type { ShipRecord } from './shipRecord';

/** Tonnes a fuel meter counted over [from, to) (meterFuel.ts), injected so tests and callers share one reader. */
export type MeterTonnes = (meter: ShipRecord['meters'][number], from: number, to: number) => Promise<number>;

/** One UTC year's operation of a ship: distance, fuel by type and where the fuel came from. */
export interface ShipYearFigures {
  year: number;
  yearToDate: boolean;
  window: { from: number; to: number };
  legCount: number;
  distanceNm: number;
  fuels: FuelBurn[];
  origins: FuelOrigins;
}

/** The UTC year of an instant (IMO DCS counts calendar years in UTC, not in the site's time zone). */
export const utcYearOf = (at: number): number => new Date(at).getUTCFullYear();

/**
 * Distance and fuel of a year. A leg counts by its share of the year (legShareInYear, pro rata by time): its
 * distance and its linked fuel entries alike. An entry without a leg counts in the year of its day. A fuel
 * meter counts its volume inside the year's window. The current year's window ends now (year to date).
 */
export async function shipYearFigures(record: ShipRecord, year: number, now: number, meterTonnes: MeterTonnes): Promise<ShipYearFigures> {
  const from = utcYearStart(year);
  const yearToDate = utcYearOf(now) === year;
  const to = yearToDate ? now : utcYearStart(year + 1);
  const tonnes = new Map<ShipFuel, number>();
  const add = (fuel: ShipFuel, value: number) => tonnes.set(fuel, (tonnes.get(fuel) ?? 0) + value);
  const origins: FuelOrigins = { legEntries: 0, dayEntries: 0, flowMeters: 0 };

  const shareOf = new Map<number, number>();
  let distanceNm = 0;
  let legCount = 0;
  for (const leg of record.legs) {
    const share = legShareInYear(leg.departureAt, leg.arrivalAt, year);
    shareOf.set(leg.id, share);
    if (share <= 0) continue;
    legCount += 1;
    distanceNm += leg.distanceNm * share;
  }
  const prefix = `${year}-`;
  for (const entry of record.entries) {
    if (entry.legId !== null && shareOf.has(entry.legId)) {
      const value = entry.tonnes * shareOf.get(entry.legId)!;
      if (value > 0) {
        add(entry.fuel, value);
        origins.legEntries += value;
      }
    } else if (entry.entryDay.startsWith(prefix)) {
      add(entry.fuel, entry.tonnes);
      origins.dayEntries += entry.tonnes;
    }
  }
  for (const meter of record.meters) {
    const value = await meterTonnes(meter, from, to);
    if (value === 0) continue;
    add(meter.fuel, value);
    origins.flowMeters += value;
  }
  // SHIP_FUELS order, so answers list fuels the same way every time.
  const fuels = SHIP_FUELS.filter((fuel) => tonnes.has(fuel)).map((fuel) => ({ fuel, tonnes: tonnes.get(fuel)! }));
  return { year, yearToDate, window: { from, to }, legCount, distanceNm, fuels, origins };
}

/** t CO2 of fuel burns (the library's Σ tonnes × Cf, in grams, / 10⁶). */
export const co2TonnesOf = (fuels: readonly FuelBurn[]): number => co2Grams(fuels) / 1_000_000;

export const fuelTotals = (fuels: readonly FuelBurn[]): FuelTotal[] =>
  fuels.map((burn) => ({ fuel: burn.fuel, tonnes: burn.tonnes, co2Tonnes: co2TonnesOf([burn]) }));
