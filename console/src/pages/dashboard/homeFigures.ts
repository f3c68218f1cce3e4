import { ENERGY_TYPES } from '@shared/resources/meters';
import type { EnergySummary } from '@shared/schemas/energy';

export type EnergyTotal = EnergySummary['totals'][number];

/** Change from `previous` to `current` in percent; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** "+12.3 %", "-4 %", "0 %": one decimal at most, the sign always shown. */
export function formatPercent(change: number): string {
  const rounded = Math.round(change * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return `${sign}${Math.abs(rounded)} %`;
}

/** Electricity, water, gas first (the catalogue's order), any other type after them by name. */
export function orderedTotals(totals: readonly EnergyTotal[]): EnergyTotal[] {
  const rank = (type: string) => {
    const index = (ENERGY_TYPES as readonly string[]).indexOf(type);
    return index === -1 ? ENERGY_TYPES.length : index;
  };
  return [...totals].sort((a, b) => rank(a.energyType) - rank(b.energyType) || a.energyType.localeCompare(b.energyType));
}

/** "14:00" for an hour start, in the zone the server counts days in (not the browser's). */
export function hourLabel(hourStart: number, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(hourStart);
  } catch {
    // An unknown zone name: the browser's own clock is the best there is.
    return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(hourStart);
  }
}
