import type { FuelFactorRef, FuelTotals } from '@shared/powerImports/api';
import type { FuelKind, FuelUnit } from '@shared/powerImports/constants';
import { convertFuel, factorValidOn, type FuelConversion, type FuelFactorVersion } from '@shared/powerImports/fuelFactors';
import { localPeriods } from '../metering/calendar';

/**
 * A fuel quantity converted by the factor version valid on the local day (TIME_ZONE) its period starts: the
 * tree's latest version from that day or earlier, else the built-in default.
 */
export function convertAt(
  row: { fuel: FuelKind; quantity: number; unit: FuelUnit; periodStart: number },
  versions: readonly FuelFactorVersion[],
  timeZone: string,
): (FuelConversion & { factor: FuelFactorRef }) | { reason: string } {
  const factor = factorValidOn(row.fuel, localPeriods(row.periodStart, timeZone).day, versions);
  const converted = convertFuel(row.quantity, row.unit, factor);
  if ('reason' in converted) return converted;
  const version = 'id' in factor ? (factor as FuelFactorVersion) : null;
  return {
    ...converted,
    factor: { id: version?.id ?? null, fuel: row.fuel, validFrom: version?.validFrom ?? null, builtIn: version === null },
  };
}

/** Sums per fuel, added up from each row's own conversion (no rounding on the way). */
export class FuelTotalsBuilder {
  private readonly byFuel = new Map<FuelKind, FuelTotals>();

  add(fuel: FuelKind, conversion: FuelConversion): void {
    const totals = this.byFuel.get(fuel) ?? { fuel, kg: 0, kwh: 0, kgce: 0, co2Kg: 0 };
    totals.kg += conversion.kg;
    totals.kwh += conversion.kwh;
    totals.kgce += conversion.kgce;
    totals.co2Kg += conversion.co2Kg;
    this.byFuel.set(fuel, totals);
  }

  list(): FuelTotals[] {
    return [...this.byFuel.values()].sort((a, b) => a.fuel.localeCompare(b.fuel));
  }
}
