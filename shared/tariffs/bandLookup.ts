import type { BandType, DayType } from './bands';
import { layoutFor, minutesOf, type TariffDefinition } from './tariffDefinition';

/** A version as the pricing engine needs it; days are local (TIME_ZONE) `YYYY-MM-DD`, validTo inclusive. */
export interface PricedVersion {
  id: number;
  tariffId: number;
  validFrom: string;
  validTo: string | null;
  definition: TariffDefinition;
}

/** Where an interval's energy is counted: the version, its season (index) and the band. */
export interface PriceSlot {
  versionId: number;
  season: number;
  band: BandType;
}

/** The local clock at an interval's start: day `YYYY-MM-DD`, month 1–12, minutes after local midnight. */
export interface LocalClock {
  day: string;
  month: number;
  minuteOfDay: number;
}

/** The version of a tariff in force on a local day (versions of one tariff never overlap; rules check it). */
export function versionOn(versions: readonly PricedVersion[], day: string): PricedVersion | null {
  for (const version of versions) {
    if (version.validFrom <= day && (version.validTo === null || day <= version.validTo)) return version;
  }
  return null;
}

/**
 * The slot of the interval starting at `clock`: interval-start convention — a 15-minute interval belongs to
 * the band in force at its first minute (band edges are on the quarter hour, so that band covers all of it).
 */
export function slotAt(versions: readonly PricedVersion[], clock: LocalClock, dayType: DayType): PriceSlot | null {
  const version = versionOn(versions, clock.day);
  if (!version) return null;
  const season = version.definition.seasons.findIndex((s) => s.months.includes(clock.month));
  if (season < 0) return null;
  const spans = layoutFor(version.definition.seasons[season]!, dayType);
  for (const span of spans) {
    const from = minutesOf(span.from);
    const to = minutesOf(span.to);
    const inside = from < to ? clock.minuteOfDay >= from && clock.minuteOfDay < to : clock.minuteOfDay >= from || clock.minuteOfDay < to;
    if (inside) return { versionId: version.id, season, band: span.band };
  }
  return null;
}

/** The default day type of a local day when the calendar has no entry: Saturday and Sunday are weekend. */
export function defaultDayType(day: string): DayType {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 ? 'weekend' : 'workday';
}
